import { retryDelayMs } from './core';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  ConflictError,
  IdempotencyError,
  InsufficientCreditError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  ProviderError,
  RateLimitError,
  ReelscoutError,
  Reelscout,
  JobWaitTimeoutError,
} from './index';
import { client, error, scripted } from '../test/scripted-fetch';

/** The client's job polling, error mapping, back-off and paging (see client.spec.ts). */

describe('Reelscout client', () => {
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
