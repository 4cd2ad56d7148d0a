import { Webhook } from 'standardwebhooks';
import { retryDelayMs } from './core';
import type { JobWebhookEvent } from './types';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  ConflictError,
  IdempotencyError,
  InsufficientCreditError,
  InternalServerError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  ProviderError,
  RateLimitError,
  ReelscoutError,
  Reelscout,
  WebhookVerificationError,
  JobWaitTimeoutError,
} from './index';

/**
 * The client's own rules, with a scripted `fetch` standing in for the network (the behaviour
 * against the real API is apps/api/test/sdk.e2e-spec.ts): retries, time-outs, error mapping,
 * `lastResponse`, paging and webhook verification.
 */

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

function scripted(answers: Answer[]) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: string, init: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    calls.push({ url: input, method: init.method ?? 'GET', headers, body: init.body as string });
    const answer = answers.shift();
    if (!answer) throw new Error('no more scripted answers');
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  }) as unknown as typeof fetch;
  return { calls, fetch: fetchImpl };
}

const error = (code: string, extra: Record<string, string> = {}) => ({
  error: { code, message: `${code} message`, requestId: 'req_1', ...extra },
});

const client = (fetchImpl: typeof fetch, options: Record<string, unknown> = {}) =>
  new Reelscout({
    apiKey: 'rs_test_key',
    baseURL: 'http://api.test/',
    fetch: fetchImpl,
    ...options,
  });

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

  const runningJob = { id: 'job_9', object: 'job', status: 'running', progress: 0.5 };
  const endedJob = (extra: Record<string, unknown>) => ({
    ...runningJob,
    progress: 1,
    request_id: 'req_first',
    billing: { held_usd: '0.250000', charged_usd: '0.200000', balance_usd: '9.800000' },
    ...extra,
  });

  it('a 202 (the job outlived Prefer: wait) is polled; the job’s result is the answer', async () => {
    const { calls, fetch } = scripted([
      {
        status: 202,
        body: runningJob,
        headers: { 'x-job-id': 'job_9', location: '/v1/jobs/job_9' },
      },
      {
        status: 200,
        body: endedJob({ status: 'succeeded', http_status: 200, result: { playbook: { a: 1 } } }),
      },
    ]);
    const res = await client(fetch, { syncWaitSeconds: 5 }).playbook({ url: 'https://v.test/1' });
    expect(calls[0].headers.prefer).toBe('wait=5');
    expect(calls[1]).toMatchObject({ method: 'GET', url: 'http://api.test/v1/jobs/job_9' });
    expect(res).toEqual({ playbook: { a: 1 } });
    expect(res.lastResponse).toMatchObject({
      status: 200,
      jobId: 'job_9',
      requestId: 'req_first',
      chargedUsd: '0.200000',
      balanceUsd: '9.800000',
      idempotencyKey: calls[0].headers['idempotency-key'],
    });
  });

  it('a polled job that failed throws the typed error of its body and http_status', async () => {
    const { fetch } = scripted([
      { status: 202, body: runningJob },
      {
        status: 200,
        body: endedJob({
          status: 'failed',
          http_status: 504,
          error: error('timeout'),
          billing: { held_usd: '0.250000', charged_usd: '0.000000', balance_usd: '10.000000' },
        }),
      },
    ]);
    const failure = await client(fetch)
      .music({ url: 'https://v.test/1' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ status: 504, code: 'timeout', requestId: 'req_1' });
    expect((failure as { lastResponse: { chargedUsd: string } }).lastResponse.chargedUsd).toBe(
      '0.000000',
    );
  });

  it('a 409 idempotency_key_in_use naming a job waits for that job; without one it is retried', async () => {
    const { calls, fetch } = scripted([
      { status: 503, body: error('provider_unavailable'), headers: { 'retry-after': '0' } },
      {
        status: 409,
        body: error('idempotency_key_in_use'),
        headers: { 'x-job-id': 'job_9', 'idempotent-replayed': 'true' },
      },
      {
        status: 200,
        body: endedJob({ status: 'succeeded', http_status: 200, result: { intent: 'chat' } }),
      },
    ]);
    const res = await client(fetch, { syncWaitSeconds: 0 }).assist({ message: 'hi' });
    expect(calls[0].headers.prefer).toBeUndefined();
    expect(calls.map((call) => call.method)).toEqual(['POST', 'POST', 'GET']);
    expect(res).toEqual({ intent: 'chat' });
    expect(res.lastResponse).toMatchObject({ jobId: 'job_9', attempts: 2, replayed: true });
  });

  it('the timeout bounds the whole call, polling included; jobs.wait caps each poll', async () => {
    const seen: RequestInit[] = [];
    const slowPolls = (async (url: string, init: RequestInit) => {
      seen.push(init);
      if (init.method === 'POST') {
        return new Response(JSON.stringify(runningJob), { status: 202 });
      }
      return new Response(JSON.stringify(runningJob), { status: 200 });
    }) as unknown as typeof fetch;
    const started = Date.now();
    const failure = await client(slowPolls, { timeout: 300 })
      .scan({ query: 'q' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(JobWaitTimeoutError);
    expect((failure as JobWaitTimeoutError).job).toMatchObject({ id: 'job_9' });
    expect(Date.now() - started).toBeLessThan(2_000);

    const hanging = (async (_url: string, init: RequestInit) =>
      new Promise((_, reject) =>
        init.signal!.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as unknown as typeof fetch;
    const t0 = Date.now();
    await expect(client(hanging).jobs.wait('job_9', { timeoutMs: 100 })).rejects.toBeInstanceOf(
      JobWaitTimeoutError,
    );
    expect(Date.now() - t0).toBeLessThan(2_000);
  });

  it('retries 409 idempotency_key_in_use but not job_not_cancelable', async () => {
    const inUse = scripted([
      { status: 409, body: error('idempotency_key_in_use'), headers: { 'retry-after': '0' } },
      { status: 200, body: { intent: 'chat', reply: 'hi' } },
    ]);
    await client(inUse.fetch).assist({ message: 'hi' });
    expect(inUse.calls).toHaveLength(2);
    const ended = scripted([{ status: 409, body: error('job_not_cancelable') }]);
    await expect(client(ended.fetch).jobs.cancel('job_1')).rejects.toBeInstanceOf(ConflictError);
    expect(ended.calls).toHaveLength(1);
  });

  it('a Retry-After longer than a minute is thrown at once, as RateLimitError.retryAfter', async () => {
    const { calls, fetch } = scripted([
      { status: 429, body: error('rate_limited'), headers: { 'retry-after': '3600' } },
    ]);
    const failure = await client(fetch)
      .scan({ query: 'q' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RateLimitError);
    expect((failure as RateLimitError).retryAfter).toBe(3600);
    expect(calls).toHaveLength(1);
  });

  it('maps every error code to its class, with a status fallback', async () => {
    const cases: [number, unknown, unknown][] = [
      [400, error('invalid_request', { param: 'limit' }), InvalidRequestError],
      [413, error('payload_too_large'), InvalidRequestError],
      [401, error('unauthorized'), AuthenticationError],
      [402, error('insufficient_credit'), InsufficientCreditError],
      [403, error('forbidden'), PermissionDeniedError],
      [404, error('not_found'), NotFoundError],
      [409, error('job_canceled'), ConflictError],
      [422, error('idempotency_key_reused'), IdempotencyError],
      [504, error('timeout'), ProviderError],
      [404, 'not json', NotFoundError],
      [418, undefined, ReelscoutError],
    ];
    for (const [status, body, Class] of cases) {
      const { fetch } = scripted([{ status, body }]);
      const failure = await client(fetch, { maxRetries: 0 })
        .scan({ query: 'q' })
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(Class);
      expect(failure).toMatchObject({ status });
    }
    const { fetch } = scripted([
      {
        status: 400,
        body: error('invalid_request', { param: 'history[2].text' }),
        headers: { 'x-request-id': 'req_h' },
      },
    ]);
    const invalid = await client(fetch)
      .assist({ message: '' })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({
      code: 'invalid_request',
      param: 'history[2].text',
      requestId: 'req_1',
      message: 'invalid_request message',
    });
  });

  it('InsufficientCreditError carries balance and price', async () => {
    const { fetch } = scripted([
      {
        status: 402,
        body: error('insufficient_credit'),
        headers: { 'x-service-balance-usd': '0.010000', 'x-service-price-usd': '0.150000' },
      },
    ]);
    const failure = (await client(fetch)
      .scan({ query: 'q', limit: 20 })
      .catch((e: unknown) => e)) as InsufficientCreditError;
    expect(failure.balanceUsd).toBe('0.010000');
    expect(failure.priceUsd).toBe('0.150000');
  });

  it('connection errors and time-outs are retried, then thrown typed; an abort is not retried', async () => {
    const down = scripted([new TypeError('fetch failed'), new TypeError('fetch failed')]);
    await expect(
      client(down.fetch, { maxRetries: 1 }).assist({ message: 'hi' }),
    ).rejects.toBeInstanceOf(APIConnectionError);
    expect(down.calls).toHaveLength(2);

    const hanging = (async (_url: string, init: RequestInit) =>
      new Promise((_, reject) =>
        init.signal!.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as unknown as typeof fetch;
    await expect(
      client(hanging, { timeout: 20, maxRetries: 0 }).assist({ message: 'hi' }),
    ).rejects.toBeInstanceOf(APITimeoutError);

    const controller = new AbortController();
    const pending = client(hanging, { maxRetries: 3 }).assist(
      { message: 'hi' },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('backs off exponentially with jitter, or as long as Retry-After says', () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const base = Math.min(500 * 2 ** attempt, 8_000);
      const delay = retryDelayMs(attempt, undefined);
      expect(delay).toBeGreaterThanOrEqual(base * 0.75);
      expect(delay).toBeLessThanOrEqual(base);
    }
    // Retry-After is a floor: jitter only adds (up to 25 %).
    for (let i = 0; i < 50; i++) {
      const delay = retryDelayMs(0, 5);
      expect(delay).toBeGreaterThanOrEqual(5_000);
      expect(delay).toBeLessThanOrEqual(6_250);
    }
  });

  it('refuses to call without a key', async () => {
    const { fetch } = scripted([]);
    const saved = process.env.REELSCOUT_API_KEY;
    delete process.env.REELSCOUT_API_KEY;
    try {
      const rs = new Reelscout({ fetch });
      await expect(rs.assist({ message: 'hi' })).rejects.toThrow(/REELSCOUT_API_KEY/);
    } finally {
      if (saved !== undefined) process.env.REELSCOUT_API_KEY = saved;
    }
  });

  it('lists page with starting_after while has_more, keeping the filters', async () => {
    const job = (id: string) => ({ id, object: 'job' });
    const { calls, fetch } = scripted([
      { status: 200, body: { object: 'list', data: [job('a'), job('b')], has_more: true } },
      { status: 200, body: { object: 'list', data: [job('c')], has_more: true } },
      { status: 200, body: { object: 'list', data: [], has_more: false } },
    ]);
    const ids: string[] = [];
    for await (const item of client(fetch).jobs.list({ status: 'succeeded', limit: 2 })) {
      ids.push(item.id);
    }
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(calls.map((call) => call.url)).toEqual([
      'http://api.test/v1/jobs?status=succeeded&limit=2',
      'http://api.test/v1/jobs?status=succeeded&limit=2&starting_after=b',
      'http://api.test/v1/jobs?status=succeeded&limit=2&starting_after=c',
    ]);
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
