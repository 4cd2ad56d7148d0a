import { Webhook } from 'standardwebhooks';
import type { JobWebhookEvent } from './types';
import {
  APIConnectionError,
  InternalServerError,
  ProviderError,
  RateLimitError,
  ReelscoutError,
  Reelscout,
  WebhookVerificationError,
  JobWaitTimeoutError,
} from './index';
import { client, error, scripted } from '../test/scripted-fetch';

/**
 * The client's own rules, with a scripted `fetch` standing in for the network (the behaviour
 * against the real API is apps/api/test/sdk.e2e-spec.ts): retries, time-outs, error mapping,
 * `lastResponse`, paging and webhook verification.
 */

describe('Reelscout client', () => {
  it('sends the key, JSON, x-subject and one Idempotency-Key per POST, the same on every retry', async () => {
    const { calls, fetch } = scripted([
      { status: 503, body: error('provider_unavailable'), headers: { 'retry-after': '0' } },
      { status: 429, body: error('rate_limited'), headers: { 'retry-after': '0' } },
      {
        status: 200,
        body: { intent: 'chat', reply: 'hi' },
        headers: {
          'x-request-id': 'req_3',
          'x-service-charged-usd': '0.010000',
          'x-service-balance-usd': '4.990000',
          'x-job-id': 'job_1',
        },
      },
    ]);
    const res = await client(fetch, { subject: 'cust-1' }).assist({ message: 'hi' });
    expect(calls).toHaveLength(3);
    expect(calls[0].url).toBe('http://api.test/v1/assist');
    expect(calls[0].headers).toMatchObject({
      authorization: 'Bearer rs_test_key',
      'content-type': 'application/json',
      'x-subject': 'cust-1',
      prefer: 'wait=50',
    });
    expect(JSON.parse(calls[0].body!)).toEqual({ message: 'hi' });
    const keys = calls.map((call) => call.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(res).toEqual({ intent: 'chat', reply: 'hi' });
    expect(JSON.stringify(res)).toBe('{"intent":"chat","reply":"hi"}');
    expect(res.lastResponse).toMatchObject({
      requestId: 'req_3',
      chargedUsd: '0.010000',
      balanceUsd: '4.990000',
      jobId: 'job_1',
      status: 200,
      idempotencyKey: keys[0],
      attempts: 3,
      replayed: false,
    });
  });

  it('uses the caller’s idempotencyKey, subject and headers; GETs carry no key', async () => {
    const { calls, fetch } = scripted([
      { status: 200, body: { market: 'network_a', reels: [] } },
      { status: 200, body: { id: 'job_1', object: 'job' } },
    ]);
    const rs = client(fetch, { subject: 'default' });
    await rs.scan(
      { query: 'q' },
      { idempotencyKey: 'mine', subject: 'other', headers: { 'X-Request-Id': 'trace-1' } },
    );
    await rs.jobs.get('job_1');
    expect(calls[0].headers).toMatchObject({
      'idempotency-key': 'mine',
      'x-subject': 'other',
      'x-request-id': 'trace-1',
    });
    expect(calls[1].headers['idempotency-key']).toBeUndefined();
    expect(calls[1].url).toBe('http://api.test/v1/jobs/job_1');
  });

  it('does not retry 4xx errors, a stored replay, or past maxRetries', async () => {
    for (const status of [400, 401, 402, 403, 404, 422]) {
      const { calls, fetch } = scripted([{ status, body: { error: { message: 'x' } } }]);
      await expect(client(fetch).scan({ query: 'q' })).rejects.toBeInstanceOf(ReelscoutError);
      expect(calls).toHaveLength(1);
    }
    const replay = scripted([
      { status: 502, body: error('provider_error'), headers: { 'idempotent-replayed': 'true' } },
    ]);
    await expect(client(replay.fetch).scan({ query: 'q' })).rejects.toBeInstanceOf(ProviderError);
    expect(replay.calls).toHaveLength(1);

    const busy = scripted([
      { status: 500, body: error('internal_error'), headers: { 'retry-after': '0' } },
      { status: 500, body: error('internal_error'), headers: { 'retry-after': '0' } },
    ]);
    const failure = await client(busy.fetch, { maxRetries: 1 })
      .scan({ query: 'q' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InternalServerError);
    expect((failure as { lastResponse: { attempts: number } }).lastResponse.attempts).toBe(2);
    expect(busy.calls).toHaveLength(2);
  });

  it('does not retry other POSTs or DELETE on 5xx, network errors or time-outs; only 429', async () => {
    const endpoint = { id: 'we_1', object: 'webhook_endpoint', secret: 'whsec_x' };
    const broken = scripted([{ status: 503, body: error('provider_unavailable') }]);
    await expect(
      client(broken.fetch).webhookEndpoints.create({ url: 'https://x.test/h', events: [] }),
    ).rejects.toBeInstanceOf(ProviderError);
    expect(broken.calls).toHaveLength(1);
    expect(broken.calls[0].headers['idempotency-key']).toBeUndefined();

    const down = scripted([new TypeError('fetch failed')]);
    const rs = client(down.fetch, { maxRetries: 3 });
    await expect(rs.webhookEndpoints.rotateSecret('we_1')).rejects.toBeInstanceOf(
      APIConnectionError,
    );
    expect(down.calls).toHaveLength(1);
    for (const call of [
      (c: Reelscout) => c.jobs.cancel('job_1'),
      (c: Reelscout) => c.webhookEndpoints.redeliver('we_1', 'wd_1'),
      (c: Reelscout) => c.webhookEndpoints.delete('we_1'),
    ]) {
      const failing = scripted([{ status: 500, body: error('internal_error') }]);
      await expect(call(client(failing.fetch))).rejects.toBeInstanceOf(InternalServerError);
      expect(failing.calls).toHaveLength(1);
    }

    const limited = scripted([
      { status: 429, body: error('rate_limited'), headers: { 'retry-after': '0' } },
      { status: 201, body: endpoint },
    ]);
    const created = await client(limited.fetch).webhookEndpoints.create(
      { url: 'https://x.test/h', events: [] },
      { idempotencyKey: 'ignored', headers: { 'Idempotency-Key': 'ignored too' } },
    );
    expect(created.lastResponse).toMatchObject({ attempts: 2, idempotencyKey: undefined });
    expect(limited.calls.map((call) => call.headers['idempotency-key'])).toEqual([
      undefined,
      undefined,
    ]);

    // GET and PATCH are safe to send again.
    const flaky = scripted([
      new TypeError('fetch failed'),
      { status: 502, body: error('provider_error') },
      { status: 200, body: endpoint },
      { status: 500, body: error('internal_error') },
      { status: 200, body: endpoint },
    ]);
    const safe = client(flaky.fetch);
    expect((await safe.webhookEndpoints.get('we_1')).lastResponse.attempts).toBe(3);
    const patched = await safe.webhookEndpoints.update('we_1', { status: 'enabled' });
    expect(patched.lastResponse.attempts).toBe(2);
  });

  it('lower-cases defaultHeaders and per-call headers; an Idempotency-Key header is the key', async () => {
    const { calls, fetch } = scripted([
      { status: 200, body: { intent: 'chat', reply: 'hi' } },
      { status: 200, body: { intent: 'chat', reply: 'hi' } },
    ]);
    const rs = client(fetch, { defaultHeaders: { 'X-Trace': 'default', 'X-Other': 'o' } });
    const res = await rs.assist(
      { message: 'hi' },
      { headers: { 'x-TRACE': 'mine', 'Idempotency-Key': 'from-header' } },
    );
    expect(calls[0].headers).toMatchObject({
      'x-trace': 'mine',
      'x-other': 'o',
      'idempotency-key': 'from-header',
    });
    expect(res.lastResponse.idempotencyKey).toBe('from-header');
    await rs.assist(
      { message: 'hi' },
      { idempotencyKey: 'option', headers: { 'Idempotency-Key': 'h' } },
    );
    expect(calls[1].headers['idempotency-key']).toBe('option');
  });

  it('error classes have explicit names', () => {
    expect(new RateLimitError('x').name).toBe('RateLimitError');
    expect(new APIConnectionError('x').name).toBe('APIConnectionError');
    expect(new JobWaitTimeoutError('x').name).toBe('JobWaitTimeoutError');
    expect(new ReelscoutError('x').name).toBe('ReelscoutError');
  });
});

describe('webhooks.verify', () => {
  const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
  const body = JSON.stringify({
    type: 'job.succeeded',
    timestamp: new Date().toISOString(),
    data: { id: 'job_1', object: 'job', status: 'succeeded' },
  });
  const signed = (payload = body, at = new Date()) => ({
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign('msg_1', at, payload),
  });
  const rs = new Reelscout({ apiKey: 'rs_test_key' });

  it('returns the parsed event of a good signature (string or bytes; any header case)', () => {
    expect((rs.webhooks.verify(body, signed(), secret) as JobWebhookEvent).data.id).toBe('job_1');
    const upper = Object.fromEntries(
      Object.entries(signed()).map(([name, value]) => [name.toUpperCase(), value]),
    );
    expect(rs.webhooks.verify(new TextEncoder().encode(body), upper, secret).type).toBe(
      'job.succeeded',
    );
  });

  it('throws WebhookVerificationError on a tampered body, an old timestamp, a missing header', () => {
    const tampered = body.replace('succeeded', 'failed');
    expect(() => rs.webhooks.verify(tampered, signed(), secret)).toThrow(WebhookVerificationError);
    const old = new Date(Date.now() - 10 * 60_000);
    expect(() => rs.webhooks.verify(body, signed(body, old), secret)).toThrow(
      WebhookVerificationError,
    );
    const { 'webhook-signature': _dropped, ...partial } = signed();
    expect(() => rs.webhooks.verify(body, partial, secret)).toThrow(/webhook-signature/);
    expect(() => rs.webhooks.verify(body, signed(), 'not a secret')).toThrow(
      WebhookVerificationError,
    );
  });
});
