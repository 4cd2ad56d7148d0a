import { randomBytes } from 'node:crypto';
import { type Client } from 'pg';
import {
  InsufficientCreditError,
  InvalidRequestError,
  NotFoundError,
  type Reelscout,
  PermissionDeniedError,
  ReelscoutError,
  SpendLimitError,
  type Job,
} from '@reelscout/sdk';
import { waitForValue } from './support/local-servers';
import {
  expectBilled,
  recordingFetch,
  sdkSpecHelpers,
  startSdkSpecApp,
  stopSdkSpecApp,
  VIDEO,
  type SdkSpecApp,
  type Sent,
} from './support/sdk-spec-shared';

jest.setTimeout(120_000);

/**
 * The TypeScript SDK (libs/sdk) against the real API on a real port: no mock of our own API.
 * Each operation in test mode, an async job waited for, auto-paging, a 429 retried with the
 * same Idempotency-Key and charged once, typed errors (402, 400), and a real signed webhook
 * delivery verified (and a tampered one refused).
 */
describe('@reelscout/sdk against the real API (e2e)', () => {
  let app: SdkSpecApp;
  let db: Client;
  const { party, client } = sdkSpecHelpers(() => app);

  beforeAll(async () => {
    app = await startSdkSpecApp();
    ({ db } = app);
  });

  afterAll(async () => {
    await stopSdkSpecApp(app);
  });

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
});
