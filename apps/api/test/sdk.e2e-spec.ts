import {
  InsufficientCreditError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  SpendLimitError,
  type Job,
  APIConnectionError,
  ReelscoutError,
  WebhookVerificationError,
  type JobWebhookEvent,
  Reelscout,
  type ResponseMeta,
  type CreatorRunResult,
} from '@reelscout/sdk';
import { randomBytes } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { type Client } from 'pg';
import { Clock } from '../src/common/clock/clock';
import { createFundedKey } from './support/fixtures';
import { until, waitForValue } from './support/local-servers';
import { startReceiver } from './support/receiver';
import { createTestApp, type TestApp } from './support/test-app';

const VIDEO = 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  status: number;
}

/**
 * The real global fetch (or `inner`), recording what was sent and the status that came back
 * (0: no response, the fetch threw).
 */
function recordingFetch(sent: Sent[], inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const request: Sent = { method: init?.method ?? 'GET', url: String(input), headers, status: 0 };
    sent.push(request);
    const response = await inner(input, init);
    request.status = response.status;
    return response;
  };
}

/** The sandbox's slow-provider video: its provider call stalls for SANDBOX_SLOW_DELAY_MS. */
const SLOW_VIDEO = 'https://www.tiktok.com/@sandbox/video/7000000000000000504';

function expectBilled(meta: ResponseMeta) {
  expect(meta.status).toBe(200);
  expect(meta.requestId).toEqual(expect.any(String));
  expect(meta.jobId).toMatch(/^job_/);
  expect(meta.chargedUsd).toMatch(/^\d+\.\d{6}$/);
  expect(meta.balanceUsd).toMatch(/^\d+\.\d{6}$/);
  expect(meta.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(meta.headers['x-request-id']).toBe(meta.requestId);
}

jest.setTimeout(120_000);

/**
 * The TypeScript SDK (libs/sdk) against the real API on a real port: no mock of our own API.
 * Each operation in test mode, an async job waited for, auto-paging, a 429 retried with the
 * same Idempotency-Key and charged once, typed errors (402, 400), a real signed webhook
 * delivery verified (and a tampered one refused), jobs and connection errors.
 */
describe('@reelscout/sdk against the real API (e2e)', () => {
  let t: TestApp;
  let baseURL: string;
  let db: Client;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        WEBHOOK_RETRY_DELAYS_S: '0.2,0.2,0.2',
        WEBHOOK_POLL_INTERVAL_MS: '100',
        WEBHOOK_TIMEOUT_MS: '3000',
        // The webhook receiver listens on 127.0.0.1, allowed the way a developer allows it.
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        JOBS_HEARTBEAT_MS: '100',
        // The slow phrase and video stall 15 s, then answer: they hold scan's one slot far
        // longer than a retry takes, and outlive a 1 s `Prefer: wait`.
        SANDBOX_SLOW_DELAY_MS: '15000',
        // One scan at a time per key: the second gets 429 with Retry-After: 5.
        RATE_LIMIT_OVERRIDES: JSON.stringify({ scan: { inFlight: 1 } }),
        MUSIC_MAX_CANDIDATES: '8',
      },
    });
    // The SDK talks HTTP: the API on a real port.
    await t.app.listen(0, '127.0.0.1');
    baseURL = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    db = t.sql;
  });

  afterAll(async () => {
    await t?.close();
  });

  /** An account with API access, `micros` of test credit and a test key. */
  async function party(micros = 10_000_000) {
    const { account, key } = await createFundedKey(t.app, { micros });
    return { account, key };
  }

  const client = (apiKey: string, extra: ConstructorParameters<typeof Reelscout>[0] = {}) =>
    new Reelscout({ apiKey, baseURL, ...extra });

  describe('the four operations (test mode, sandbox)', () => {
    let rs: Reelscout;
    beforeAll(async () => {
      rs = client((await party()).key);
    });

    it('assist: a reply, billed 0.010000; lastResponse is not part of the JSON', async () => {
      const res = await rs.assist({ message: 'find me coffee reels' });
      expect(['scan', 'chat', 'refuse']).toContain(res.intent);
      expect(res.reply).toEqual(expect.any(String));
      expectBilled(res.lastResponse);
      expect(res.lastResponse.chargedUsd).toBe('0.010000');
      expect(Object.keys(res)).not.toContain('lastResponse');
      expect(JSON.parse(JSON.stringify(res))).not.toHaveProperty('lastResponse');
    });

    it('scan: reels, billed per reel', async () => {
      const res = await rs.scan({ query: 'home espresso', limit: 3 });
      expect(res.market).toBe('network_a');
      expect(res.reels.length).toBeGreaterThan(0);
      expect(res.reels.length).toBeLessThanOrEqual(3);
      expectBilled(res.lastResponse);
      expect(res.lastResponse.chargedUsd).toBe((0.0075 * res.reels.length).toFixed(6));
    });

    it('playbook: a plan, billed 0.200000', async () => {
      const res = await rs.playbook({ url: VIDEO });
      expect(res.playbook).toEqual(expect.any(Object));
      expectBilled(res.lastResponse);
      expect(res.lastResponse.chargedUsd).toBe('0.200000');
    });

    it('music: suggestions, billed 0.250000', async () => {
      const res = await rs.music({ url: VIDEO, limit: 3 });
      expect(res.suggestions.length).toBeGreaterThan(0);
      expectBilled(res.lastResponse);
      expect(res.lastResponse.chargedUsd).toBe('0.250000');
    });

    it('the same idempotencyKey replays the stored answer, not charged again', async () => {
      const key = `sdk-replay-${randomBytes(4).toString('hex')}`;
      const first = await rs.assist({ message: 'hello there' }, { idempotencyKey: key });
      const again = await rs.assist({ message: 'hello there' }, { idempotencyKey: key });
      expect(again.lastResponse.replayed).toBe(true);
      expect(again.lastResponse.idempotencyKey).toBe(key);
      expect(again).toEqual(first);
      expect(again.lastResponse.jobId).toBe(first.lastResponse.jobId);
    });
  });

  it('an async job: jobs.create answers 202 with the job, jobs.wait returns it ended', async () => {
    const rs = client((await party()).key);
    const created = await rs.jobs.create('scan', { query: 'home espresso', limit: 2 });
    expect(created.lastResponse.status).toBe(202);
    expect(created).toMatchObject({ object: 'job', operation: 'scan', mode: 'async' });
    expect(created.lastResponse.jobId).toBe(created.id);
    const seen: Job['status'][] = [];
    const ended = await rs.jobs.wait(created.id, {
      pollIntervalMs: 100,
      timeoutMs: 60_000,
      onProgress: (job) => seen.push(job.status),
    });
    expect(ended.status).toBe('succeeded');
    expect(seen[seen.length - 1]).toBe('succeeded');
    const result = ended.result as { reels: unknown[] };
    expect(result.reels.length).toBeGreaterThan(0);
    expect(ended.billing.charged_usd).toBe((0.0075 * result.reels.length).toFixed(6));
    expect(await rs.jobs.get(created.id)).toEqual(ended);

    await expect(rs.jobs.cancel(created.id)).rejects.toMatchObject({
      status: 409,
      code: 'job_not_cancelable',
    });
    await expect(rs.jobs.get('job_00000000000000000000000000000000')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('jobs.list pages through every job with starting_after / has_more', async () => {
    const sent: Sent[] = [];
    const rs = client((await party()).key, { fetch: recordingFetch(sent) });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await rs.assist({ message: `hi ${i}` })).lastResponse.jobId!);

    const first = await rs.jobs.list({ limit: 2 });
    expect(first.data.map((job) => job.id)).toEqual([ids[2], ids[1]]);
    expect(first.has_more).toBe(true);
    expect(JSON.parse(JSON.stringify(first))).toEqual({
      object: 'list',
      data: JSON.parse(JSON.stringify(first.data)),
      has_more: true,
    });

    sent.length = 0;
    const all: string[] = [];
    for await (const job of rs.jobs.list({ limit: 1, operation: 'assist' })) all.push(job.id);
    expect(all).toEqual([...ids].reverse());
    const pages = sent.map((request) => new URL(request.url).searchParams);
    expect(pages.map((search) => search.get('starting_after'))).toEqual(
      [null, ids[2], ids[1]].slice(0, pages.length),
    );
    expect(pages.every((search) => search.get('operation') === 'assist')).toBe(true);
  });

  it('watches: a creator watch runs; its snapshots (oldest first) and posts (newest first) page through', async () => {
    const rs = client((await party()).key);
    const clock = t.app.get(Clock);
    // Ahead of real time, as the other clock-moving specs do, so no hold looks expired.
    const start = Date.now() + 86_400_000;
    try {
      clock.set(new Date(start));
      const watch = await rs.watches.create({
        kind: 'creator',
        creator: '@brewwithmaya',
        market: 'network_a',
        interval: 'daily',
      });
      expect(watch).toMatchObject({ kind: 'creator', outlier_multiple: 2 });
      const first = await rs.watches.run<CreatorRunResult>(watch.id);
      expect(first.posts).toHaveLength(20);
      expect(first.lastResponse.chargedUsd).toBe('0.020000');
      // Past the manual-run gap.
      clock.set(new Date(start + 3_600_000));
      const second = await rs.watches.run<CreatorRunResult>(watch.id);
      const snapshots: string[] = [];
      for await (const s of rs.watches.snapshots(watch.id, { limit: 1 })) snapshots.push(s.at);
      expect(snapshots).toEqual([first.snapshot.at, second.snapshot.at]);
      const posts: string[] = [];
      for await (const post of rs.watches.posts(watch.id, { limit: 7 })) posts.push(post.id);
      expect(posts).toEqual([...second.posts, ...first.posts].map((post) => post.id));
    } finally {
      clock.set(null);
    }
  });

  it('a 429 is retried after Retry-After with the same Idempotency-Key, and charged once', async () => {
    const { account, key } = await party();
    const rs = client(key);
    // Holds the key's one scan slot for 15 s (canceled once the 429 was seen).
    const slow = rs
      .scan({ query: 'sandbox-slow home espresso', limit: 2 })
      .catch((error: unknown) => error);
    const running = await waitForValue(
      async () => (await rs.jobs.list({ operation: 'scan', status: 'running' })).data[0],
      10_000,
      'the slow scan running',
    );

    const sent: Sent[] = [];
    const requestId = `sdk-retry-${randomBytes(6).toString('hex')}`;
    let canceled: Promise<unknown> | undefined;
    // After the first answer (the 429), the slow scan is canceled: its slot frees, and the
    // retry (after Retry-After: 5 s) gets through.
    const cancelAfter429: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (response.status === 429 && !canceled) canceled = rs.jobs.cancel(running.id);
      return response;
    };
    const retried = client(key, { fetch: recordingFetch(sent, cancelAfter429), maxRetries: 2 });
    const res = await retried.scan(
      { query: 'home espresso', limit: 2 },
      { headers: { 'x-request-id': requestId } },
    );
    expect(canceled).toBeDefined();
    await expect(canceled).resolves.toMatchObject({ id: running.id });
    expect(await slow).toMatchObject({ status: 409, code: 'job_canceled' });

    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.status)).toEqual([429, 200]);
    expect(posts[0].headers.prefer).toBe('wait=50');
    const keys = posts.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(res.lastResponse.idempotencyKey).toBe(keys[0]);
    expect(res.lastResponse.attempts).toBe(2);
    expect(res.lastResponse.replayed).toBe(false);

    // One charge for the retried call, of what its answer said; the ledger sums to the balance.
    const charges = await db.query(
      `SELECT amount::bigint AS amount FROM ledger_entries
        WHERE account_id = $1 AND kind = 'charge' AND request_id = $2`,
      [account.id, requestId],
    );
    expect(charges.rows).toEqual([
      { amount: String(-Math.round(Number(res.lastResponse.chargedUsd) * 1e6)) },
    ]);
    const jobs = await db.query(
      `SELECT count(*)::int AS n FROM jobs WHERE account_id = $1 AND request_id = $2`,
      [account.id, requestId],
    );
    expect(jobs.rows[0].n).toBe(1);
    const { rows } = await db.query(
      `SELECT b.balance::bigint AS balance,
              (SELECT sum(amount) FROM ledger_entries l
                WHERE l.account_id = b.account_id AND l.mode = b.mode)::bigint AS ledger
         FROM balances b WHERE b.account_id = $1 AND b.mode = 'test'`,
      [account.id],
    );
    expect(rows[0].balance).toBe(rows[0].ledger);
    expect(Number(rows[0].balance) / 1e6).toBeCloseTo(Number(res.lastResponse.balanceUsd), 6);
  });

  it('402 → InsufficientCreditError with the balance and the price', async () => {
    const { key } = await party(0);
    const error = await client(key)
      .scan({ query: 'home espresso', limit: 20 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientCreditError);
    const credit = error as InsufficientCreditError;
    expect(credit).toBeInstanceOf(ReelscoutError);
    expect(credit).toMatchObject({ status: 402, code: 'insufficient_credit' });
    expect(credit.balanceUsd).toBe('0.000000');
    expect(credit.priceUsd).toBe('0.150000');
    expect(credit.requestId).toEqual(expect.any(String));
    expect(credit.message).toEqual(expect.any(String));
  });

  it('a key spend limit → SpendLimitError with its window, limit and reset; a scope → PermissionDeniedError', async () => {
    const { account, key } = await party();
    await db.query(
      `UPDATE api_keys SET limit_daily_micros = 100000, operations = '{scan}' WHERE account_id = $1`,
      [account.id],
    );
    const limited = await client(key)
      .scan({ query: 'home espresso', limit: 20 })
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(SpendLimitError);
    expect(limited).toMatchObject({
      status: 402,
      code: 'key_spend_limit_reached',
      window: 'day',
      limitUsd: '0.100000',
      priceUsd: '0.150000',
    });
    expect(Date.parse((limited as SpendLimitError).resetsAt!)).toBeGreaterThan(Date.now());
    const scoped = await client(key)
      .assist({ message: 'coffee reels' })
      .catch((e: unknown) => e);
    expect(scoped).toBeInstanceOf(PermissionDeniedError);
    expect(scoped).toMatchObject({ status: 403, code: 'operation_not_allowed' });
  });

  it('400 → InvalidRequestError with the param the API named, not retried', async () => {
    const sent: Sent[] = [];
    const rs = client((await party()).key, { fetch: recordingFetch(sent) });
    const error = await rs.scan({ query: 'home espresso', limit: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', param: 'limit' });
    expect(sent).toHaveLength(1);

    const subject = await rs
      .assist({ message: 'hi' }, { subject: 'not a valid subject!' })
      .catch((e: unknown) => e);
    expect(subject).toMatchObject({ status: 400, param: 'x-subject' });
  });

  it('webhooks: a real signed delivery verifies; a tampered body or another secret does not', async () => {
    const receiver = await startReceiver();
    const rs = client((await party()).key);
    try {
      const endpoint = await rs.webhookEndpoints.create({
        url: receiver.url,
        events: ['job.succeeded'],
      });
      expect(endpoint.secret).toMatch(/^whsec_/);
      expect(endpoint.lastResponse.status).toBe(201);
      expect(await rs.webhookEndpoints.get(endpoint.id)).toMatchObject({
        id: endpoint.id,
        url: receiver.url,
      });
      const listed: string[] = [];
      for await (const item of rs.webhookEndpoints.list({ limit: 1 })) listed.push(item.id);
      expect(listed).toEqual([endpoint.id]);

      const job = await rs.jobs.create('assist', { message: 'find me coffee reels' });
      const delivered = await waitForValue(
        () => receiver.received[0],
        30_000,
        'the webhook delivery',
        50,
      );
      const event = rs.webhooks.verify(
        delivered.body,
        delivered.headers,
        endpoint.secret,
      ) as JobWebhookEvent;
      expect(event.type).toBe('job.succeeded');
      expect(event.data.id).toBe(job.id);
      expect(event.data.status).toBe('succeeded');
      // The Fetch API's Headers work too.
      const fetchHeaders = new Headers();
      for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
        fetchHeaders.set(name, String(delivered.headers[name]));
      }
      const fromFetch = rs.webhooks.verify(delivered.body, fetchHeaders, endpoint.secret);
      expect((fromFetch as JobWebhookEvent).data.id).toBe(job.id);

      const tampered = delivered.body.replace('"succeeded"', '"failed"');
      expect(tampered).not.toBe(delivered.body);
      expect(() => rs.webhooks.verify(tampered, delivered.headers, endpoint.secret)).toThrow(
        WebhookVerificationError,
      );
      const other = await rs.webhookEndpoints.rotateSecret(endpoint.id);
      expect(other.secret).not.toBe(endpoint.secret);
      expect(() =>
        rs.webhooks.verify(
          delivered.body,
          delivered.headers,
          'whsec_' + randomBytes(32).toString('base64'),
        ),
      ).toThrow(WebhookVerificationError);
      expect(() => rs.webhooks.verify(delivered.body, {}, endpoint.secret)).toThrow(
        WebhookVerificationError,
      );

      // The receiver got the body before the dispatcher wrote down the outcome: poll the log.
      const deliveries = await waitForValue(
        async () => {
          const page = await rs.webhookEndpoints.deliveries(endpoint.id);
          return page.data[0]?.status === 'succeeded' ? page : undefined;
        },
        10_000,
        'the delivery logged as succeeded',
        100,
      );
      expect(deliveries.data[0]).toMatchObject({ job_id: job.id, status: 'succeeded' });
      const again = await rs.webhookEndpoints.redeliver(endpoint.id, deliveries.data[0].id);
      expect(again.id).toBe(deliveries.data[0].id);
      const updated = await rs.webhookEndpoints.update(endpoint.id, { status: 'disabled' });
      expect(updated.status).toBe('disabled');
      const deleted = await rs.webhookEndpoints.delete(endpoint.id);
      expect(deleted).toMatchObject({ id: endpoint.id, deleted: true });
    } finally {
      await receiver.close();
    }
  });

  it('usage.list and usage.records page through every bucket and record with next_cursor', async () => {
    const { key } = await party();
    const requestIds: string[] = [];
    for (const subject of ['cust-a', 'cust-b', 'cust-c']) {
      const reply = await client(key, { subject }).assist({ message: `hi ${subject}` });
      requestIds.push(reply.lastResponse.requestId!);
    }
    const sent: Sent[] = [];
    const rs = client(key, { fetch: recordingFetch(sent) });
    const buckets = [];
    for await (const bucket of rs.usage.list({ group_by: ['subject', 'operation'], limit: 1 })) {
      buckets.push(bucket);
    }
    expect(buckets.map((b) => [b.subject, b.operation, b.calls, b.charged_usd])).toEqual([
      ['cust-a', 'assist', 1, '0.010000'],
      ['cust-b', 'assist', 1, '0.010000'],
      ['cust-c', 'assist', 1, '0.010000'],
    ]);
    const pages = sent.map((request) => new URL(request.url).searchParams);
    expect(pages).toHaveLength(3);
    expect(pages.every((search) => search.get('group_by') === 'subject,operation')).toBe(true);
    expect(pages[0].get('cursor')).toBeNull();
    expect(pages[1].get('cursor')).toEqual(expect.any(String));

    const records = [];
    for await (const record of rs.usage.records({ limit: 2 })) records.push(record.request_id);
    expect(records).toEqual([...requestIds].reverse());
  });

  it('balance.get: the key mode’s balance', async () => {
    const rs = client((await party(1_500_000)).key);
    const balance = await rs.balance.get();
    expect(balance).toMatchObject({
      object: 'balance',
      livemode: false,
      balance_usd: '1.500000',
      available_usd: '1.500000',
    });
  });

  it('connection errors are retried (operations), then raised as APIConnectionError', async () => {
    const sent: Sent[] = [];
    const rs = new Reelscout({
      apiKey: 'rs_test_x',
      baseURL: 'http://127.0.0.1:9',
      maxRetries: 1,
      fetch: recordingFetch(sent),
    });
    const failure = await rs.assist({ message: 'hi' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(APIConnectionError);
    expect(failure).toMatchObject({ name: 'APIConnectionError' });
    expect(sent.map((request) => request.status)).toEqual([0, 0]);
    expect(sent[1].headers['idempotency-key']).toBe(sent[0].headers['idempotency-key']);
  });

  it('a POST the server does not deduplicate is sent once: no retry on a network error or 5xx', async () => {
    const { key } = await party();
    for (const fail of [
      (): Promise<Response> => Promise.reject(new TypeError('fetch failed')),
      async () =>
        new Response(JSON.stringify({ error: { code: 'internal_error', message: 'x' } }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    ]) {
      const sent: Sent[] = [];
      // The real API for everything but creating an endpoint, which "fails" after being sent.
      const flaky: typeof fetch = (input, init) =>
        init?.method === 'POST' && String(input).endsWith('/v1/webhook_endpoints')
          ? fail()
          : fetch(input, init);
      const rs = client(key, { fetch: recordingFetch(sent, flaky), maxRetries: 3 });
      await expect(
        rs.webhookEndpoints.create({ url: 'http://127.0.0.1:9/hook', events: ['job.succeeded'] }),
      ).rejects.toBeInstanceOf(ReelscoutError);
      expect(sent).toHaveLength(1);
      expect(sent[0].headers['idempotency-key']).toBeUndefined();
    }
  });

  it('a sync playbook that outlives the wait window: 202, then the job polled; same answer as the sync call', async () => {
    const sent: Sent[] = [];
    const rs = client((await party()).key, { fetch: recordingFetch(sent), syncWaitSeconds: 1 });
    const idempotencyKey = `sdk-wait-${randomBytes(6).toString('hex')}`;
    const res = await rs.playbook({ url: SLOW_VIDEO }, { idempotencyKey });

    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].headers.prefer).toBe('wait=1');
    expect(posts[0].status).toBe(202);
    const polls = sent.filter((request) => request.method === 'GET');
    expect(polls.length).toBeGreaterThan(0);
    expect(
      polls.every((request) => request.url.endsWith(`/v1/jobs/${res.lastResponse.jobId}`)),
    ).toBe(true);
    expect(res.playbook).toEqual(expect.any(Object));
    expect(res.lastResponse).toMatchObject({ status: 200, idempotencyKey, replayed: false });
    expect(res.lastResponse.jobId).toMatch(/^job_/);
    expect(res.lastResponse.requestId).toEqual(expect.any(String));
    expect(res.lastResponse.chargedUsd).toBe('0.200000');
    expect(res.lastResponse.balanceUsd).toMatch(/^\d+\.\d{6}$/);

    // What a plain synchronous call with the same key answers: the job's stored 200.
    const direct = await fetch(`${baseURL}/v1/playbook`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${posts[0].headers.authorization.slice('Bearer '.length)}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify({ url: SLOW_VIDEO }),
    });
    expect(direct.status).toBe(200);
    expect(await direct.json()).toEqual(JSON.parse(JSON.stringify(res)));
    expect(direct.headers.get('x-job-id')).toBe(res.lastResponse.jobId);
    expect(direct.headers.get('x-service-charged-usd')).toBe(res.lastResponse.chargedUsd);
    expect(direct.headers.get('x-service-balance-usd')).toBe(res.lastResponse.balanceUsd);
  });

  it('409 idempotency_key_in_use (the key’s job still runs): the SDK waits for that job', async () => {
    const { key } = await party();
    const idempotencyKey = `sdk-in-use-${randomBytes(6).toString('hex')}`;
    // Plain synchronous calls (no Prefer: wait), so the second is answered 409 in-use.
    const first = client(key, { syncWaitSeconds: 0 }).playbook(
      { url: SLOW_VIDEO },
      { idempotencyKey },
    );
    const lister = client(key);
    await until(
      async () =>
        (await lister.jobs.list({ operation: 'playbook', status: 'running' })).data.length > 0,
      10_000,
      'the first playbook running',
    );
    const sent: Sent[] = [];
    const second = await client(key, { syncWaitSeconds: 0, fetch: recordingFetch(sent) }).playbook(
      { url: SLOW_VIDEO },
      { idempotencyKey },
    );
    const firstRes = await first;

    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.status)).toEqual([409]);
    expect(posts[0].headers.prefer).toBeUndefined();
    expect(sent.filter((request) => request.method === 'GET').length).toBeGreaterThan(0);
    expect(second).toEqual(firstRes);
    expect(second.lastResponse.jobId).toBe(firstRes.lastResponse.jobId);
    expect(second.lastResponse).toMatchObject({ status: 200, idempotencyKey, replayed: true });
    expect(second.lastResponse.chargedUsd).toBe(firstRes.lastResponse.chargedUsd);
    expect(second.lastResponse.balanceUsd).toBe(firstRes.lastResponse.balanceUsd);
  });
});
