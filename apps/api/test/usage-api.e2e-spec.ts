import { parse } from 'csv-parse/sync';
import type { Client } from 'pg';
import request from 'supertest';
import { ApiKeysService } from '../src/api-keys/api-keys.service';
import { UsagePartitions } from '../src/usage/usage-partitions';
import { createAccount, createKey, grant } from './support/fixtures';
import { waitForValue } from './support/local-servers';
import { createTestApp, type TestApp } from './support/test-app';

/** One call the test made, as the usage API should count it. */
interface Made {
  requestId: string;
  day: string;
  operation: string;
  subject: string;
  keyId: string;
  charged: number;
  refused: boolean;
}

const DAY_1 = '2026-03-10';
const DAY_2 = '2026-03-11';

const usd = (micros: number) => (micros / 1_000_000).toFixed(6);

/** The buckets `made` should give, grouped by `dims`, ordered as the API orders them. */
function expected(made: Made[], dims: ('operation' | 'subject' | 'key')[]) {
  const groups = new Map<string, Record<string, string | number>>();
  for (const m of made) {
    const key = [m.day, ...dims.map((d) => (d === 'key' ? m.keyId : m[d]))].join('\u001f');
    const row = groups.get(key) ?? {
      start: `${m.day}T00:00:00.000Z`,
      end: new Date(Date.parse(`${m.day}T00:00:00Z`) + 86_400_000).toISOString(),
      ...Object.fromEntries(
        dims.map((d) => [d === 'key' ? 'key_id' : d, d === 'key' ? m.keyId : m[d]]),
      ),
      calls: 0,
      charged_calls: 0,
      charged: 0,
      refused_calls: 0,
    };
    (row.calls as number)++;
    if (m.charged > 0) (row.charged_calls as number)++;
    (row.charged as number) += m.charged;
    if (m.refused) (row.refused_calls as number)++;
    groups.set(key, row);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, { charged, ...row }]) => ({ ...row, charged_usd: usd(charged as number) }));
}

/**
 * `GET /v1/usage` and `/v1/usage/records` over real calls: two keys (one restricted to assist),
 * three subjects, two days. The calls run now; "moving the clock" puts each day's records and
 * ledger entries on that day, as if made then (the database's clock cannot be moved).
 */
describe('usage by API (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let accountId: string;
  let open: { id: string; key: string };
  let restricted: { id: string; key: string };
  const made: Made[] = [];

  const server = () => t.app.getHttpServer();
  const get = (key: string, path: string, query: Record<string, string | number> = {}) =>
    request(server()).get(path).set('Authorization', `Bearer ${key}`).query(query);

  /** Every record and ledger entry of `requestIds` moved to `day`, a minute apart from 10:00. */
  async function moveTo(day: string, requestIds: string[]) {
    await db.query(`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_update`);
    try {
      for (const [i, id] of requestIds.entries()) {
        const at = new Date(Date.parse(`${day}T10:00:00Z`) + i * 60_000);
        await db.query(`UPDATE usage_records SET created_at = $2 WHERE request_id = $1`, [id, at]);
        await db.query(`UPDATE ledger_entries SET created_at = $2 WHERE request_id = $1`, [id, at]);
      }
    } finally {
      await db.query(`ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_update`);
    }
  }

  async function call(
    key: { id: string; key: string },
    path: string,
    body: object,
    subject: string,
    day: string,
  ) {
    const res = await request(server())
      .post(path)
      .set('Authorization', `Bearer ${key.key}`)
      .set('x-subject', subject)
      .send(body);
    made.push({
      requestId: res.headers['x-request-id'],
      day,
      operation: path.slice(4),
      subject,
      keyId: key.id,
      charged: Math.round(Number(res.headers['x-service-charged-usd'] ?? 0) * 1_000_000),
      refused: res.status >= 400,
    });
    return res;
  }

  /** The calls of `day`, then their records (written after the answers) moved to it. */
  async function callsOn(day: string) {
    const start = made.length;
    expect(
      (await call(open, '/v1/assist', { message: 'coffee reels' }, 'cust-a', day)).status,
    ).toBe(200);
    expect((await call(open, '/v1/assist', { message: 'tea reels' }, 'cust-b', day)).status).toBe(
      200,
    );
    expect(
      (await call(open, '/v1/scan', { query: 'coffee', limit: 2 }, 'cust-b', day)).status,
    ).toBe(200);
    expect((await call(restricted, '/v1/assist', { message: 'latte' }, 'cust-c', day)).status).toBe(
      200,
    );
    expect((await call(restricted, '/v1/assist', { message: 'mocha' }, 'cust-a', day)).status).toBe(
      200,
    );
    // Refused before it ran: outside the key's operations.
    expect((await call(restricted, '/v1/scan', { query: 'tea' }, 'cust-c', day)).status).toBe(403);
    const ids = made.slice(start).map((m) => m.requestId);
    await waitForValue(
      async () => {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM usage_records WHERE request_id = ANY($1)`,
          [ids],
        );
        return rows[0].n === ids.length ? true : undefined;
      },
      10_000,
      'the usage records of the calls',
    );
    await moveTo(day, ids);
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = t.sql;
    const account = await createAccount(t.app);
    accountId = account.id;
    await grant(t.app, accountId, 20_000_000);
    open = await createKey(t.app, accountId);
    const created = await t.app
      .get(ApiKeysService)
      .create(accountId, { name: 'assist line', mode: 'test', operations: ['assist'] });
    restricted = { id: created.id, key: created.key };
    // The months the test writes into, on demand (they are long past).
    await t.app
      .get(UsagePartitions)
      .ensure(new Date(`${DAY_1}T00:00:00Z`), new Date(`${DAY_2}T00:00:00Z`));
    await callsOn(DAY_1);
    await callsOn(DAY_2);
  });

  afterAll(async () => {
    await t.close();
  });

  const range = { from: DAY_1, to: '2026-03-12' };

  it.each([[[]], [['operation']], [['subject']], [['key']], [['operation', 'subject', 'key']]] as (
    'operation' | 'subject' | 'key'
  )[][][])('gives the expected day buckets with group_by=%j', async (dims) => {
    const res = await get(open.key, '/v1/usage', { ...range, group_by: dims.join(',') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      object: 'list',
      data: expected(made, dims),
      has_more: false,
      next_cursor: null,
    });
  });

  it('sums to the ledger: Σ charged_usd over the buckets = Σ charges of the mode in the period', async () => {
    for (const [from, to] of [
      [DAY_1, '2026-03-12'],
      [DAY_1, DAY_2],
      [DAY_2, '2026-03-12'],
    ]) {
      const res = await get(open.key, '/v1/usage', { from, to, group_by: 'subject' });
      const buckets = (res.body.data as { charged_usd: string }[]).reduce(
        (sum, b) => sum + Math.round(Number(b.charged_usd) * 1_000_000),
        0,
      );
      const { rows } = await db.query(
        `SELECT coalesce(-sum(amount), 0)::bigint AS charged FROM ledger_entries
          WHERE account_id = $1 AND mode = 'test' AND kind = 'charge'
            AND created_at >= $2 AND created_at < $3`,
        [accountId, from, to],
      );
      expect(buckets).toBe(Number(rows[0].charged));
    }
    expect(made.reduce((s, m) => s + m.charged, 0)).toBeGreaterThan(0);
  });

  it('hour buckets split the day by UTC hour', async () => {
    const res = await get(open.key, '/v1/usage', {
      from: `${DAY_1}T00:00:00Z`,
      to: `${DAY_1}T23:00:00+01:00`,
      granularity: 'hour',
    });
    expect(res.status).toBe(200);
    const day1 = made.filter((m) => m.day === DAY_1);
    // The day's six calls were moved to 10:00…10:05.
    expect(res.body.data).toEqual([
      expect.objectContaining({
        start: `${DAY_1}T10:00:00.000Z`,
        end: `${DAY_1}T11:00:00.000Z`,
        calls: day1.length,
      }),
    ]);
  });

  it('a key restricted to some operations sees only its key line', async () => {
    const mine = made.filter((m) => m.keyId === restricted.id);
    const res = await get(restricted.key, '/v1/usage', { ...range, group_by: 'key' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expected(mine, ['key']));
    const records = await get(restricted.key, '/v1/usage/records', { ...range, limit: 1000 });
    expect((records.body.data as { request_id: string }[]).map((r) => r.request_id).sort()).toEqual(
      mine.map((m) => m.requestId).sort(),
    );
    // Another key's id filters to nothing rather than reaching its records.
    const other = await get(restricted.key, '/v1/usage', { ...range, key_id: open.id });
    expect(other.body.data).toEqual([]);
  });

  it('records come newest first, page by page, with their job and charge', async () => {
    const all = await get(open.key, '/v1/usage/records', { ...range, limit: 1000 });
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(made.length);
    const times = (all.body.data as { created_at: string }[]).map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const charged = (
      all.body.data as { request_id: string; charged_usd: string; job_id: string | null }[]
    ).map((r) => [r.request_id, r.charged_usd, r.job_id !== null]);
    expect(charged.sort()).toEqual(
      made.map((m) => [m.requestId, usd(m.charged), !m.refused]).sort(),
    );
    // A record names its job as /v1/jobs does.
    const scan = (
      all.body.data as { request_id: string; job_id: string; operation: string }[]
    ).find((r) => r.operation === 'scan' && r.job_id !== null)!;
    const job = await get(open.key, `/v1/jobs/${scan.job_id}`);
    expect(job.status).toBe(200);
    expect(job.body.request_id).toBe(scan.request_id);
    const paged: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await get(open.key, '/v1/usage/records', {
        ...range,
        limit: 5,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.status).toBe(200);
      paged.push(...page.body.data);
      cursor = page.body.next_cursor ?? undefined;
      expect(page.body.has_more).toBe(cursor !== undefined);
    } while (cursor);
    expect(paged).toEqual(all.body.data);
    const filtered = await get(open.key, '/v1/usage/records', {
      ...range,
      subject: 'cust-b',
      operation: 'scan',
    });
    expect(filtered.body.data.map((r: { request_id: string }) => r.request_id)).toEqual(
      made
        .filter((m) => m.subject === 'cust-b' && m.operation === 'scan')
        .map((m) => m.requestId)
        .reverse(),
    );
  });

  it('pages buckets with a cursor', async () => {
    const all = await get(open.key, '/v1/usage', { ...range, group_by: 'operation,subject,key' });
    const paged: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await get(open.key, '/v1/usage', {
        ...range,
        group_by: 'operation,subject,key',
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      paged.push(...page.body.data);
      cursor = page.body.next_cursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(all.body.data);
    expect(paged.length).toBeGreaterThan(2);
  });

  it('streams CSV that a CSV parser reads back as the JSON', async () => {
    const query = { ...range, group_by: 'operation,subject,key' };
    const json = await get(open.key, '/v1/usage', query);
    const csv = await get(open.key, '/v1/usage', query).set('Accept', 'text/csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual(
      (json.body.data as Record<string, string | number | null>[]).map((b) =>
        Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v === null ? '' : String(v)])),
      ),
    );

    const records = await get(open.key, '/v1/usage/records', { ...range, limit: 1000 });
    const recordsCsv = await get(open.key, '/v1/usage/records', range).set('Accept', 'text/csv');
    expect(recordsCsv.status).toBe(200);
    const parsed = parse(recordsCsv.text, { columns: true }) as Record<string, string>[];
    expect(parsed).toEqual(
      (records.body.data as Record<string, string | number | null>[]).map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? '' : String(v)])),
      ),
    );
  });

  it.each([
    [{ from: '2026-03-12', to: '2026-03-10' }, 'to'],
    [{ from: '2025-01-01', to: '2026-03-10' }, 'to'],
    [{ from: '2026-01-01', to: '2026-03-10', granularity: 'hour' }, 'to'],
    [{ to: '2026-03-10', from: 'yesterday' }, 'from'],
    [{ granularity: 'week' }, 'granularity'],
    [{ group_by: 'operation,customer' }, 'group_by'],
    [{ key_id: 'abc' }, 'key_id'],
    [{ operation: 'teleport' }, 'operation'],
    [{ limit: 1001 }, 'limit'],
    [{ cursor: 'bm90LWEtY3Vyc29y' }, 'cursor'],
    [{ colour: 'blue' }, 'colour'],
  ])('400 invalid_request for %j, with param %s, also as CSV', async (query, param) => {
    // A CSV is every row: it takes no cursor.
    const accepts = param === 'cursor' ? ['application/json'] : ['application/json', 'text/csv'];
    for (const accept of accepts) {
      const res = await get(open.key, '/v1/usage', query).set('Accept', accept);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.objectContaining({ code: 'invalid_request', param }));
    }
  });

  it('records refuse a range over 400 days and a bad cursor', async () => {
    const long = await get(open.key, '/v1/usage/records', { from: '2025-01-01', to: '2026-03-10' });
    expect(long.status).toBe(400);
    expect(long.body.error.param).toBe('to');
    const bad = await get(open.key, '/v1/usage/records', { cursor: 'eHl6' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe('cursor');
  });

  it('is free: reading usage charges nothing and writes no usage record', async () => {
    const before = await db.query(
      `SELECT count(*)::int AS n FROM usage_records WHERE account_id = $1`,
      [accountId],
    );
    const res = await get(open.key, '/v1/usage');
    expect(res.status).toBe(200);
    expect(res.headers['x-service-charged-usd']).toBeUndefined();
    expect(Number(res.headers['ratelimit-limit'])).toBeGreaterThan(0);
    const after = await db.query(
      `SELECT count(*)::int AS n FROM usage_records WHERE account_id = $1`,
      [accountId],
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
