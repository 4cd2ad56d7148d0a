import type { Client } from 'pg';
import request from 'supertest';
import { CLAIM_DUE_SQL } from '../src/repositories/webhook-delivery.repository';
import { createFundedKey } from './support/fixtures';
import { waitForValue } from './support/local-servers';
import { startReceiver, type Receiver } from './support/receiver';
import { createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const CAP = 2;

interface Delivery {
  id: string;
  status: string;
  job_id: string | null;
  failure_reason: string | null;
  attempt_count: number;
  attempts: unknown[];
}

/**
 * An account's pending deliveries are capped (`WEBHOOK_MAX_PENDING_PER_ACCOUNT`, docs/webhooks.md):
 * an event written past the cap is stored as a failed delivery with `failure_reason:
 * backlog_full`, listed in the delivery log (API and dashboard) and never sent, while its job
 * stays readable with `GET /v1/jobs/{id}`; a redelivery sends it.
 */
describe('the pending deliveries of one account are capped (e2e)', () => {
  let t: TestApp;
  let failing: Receiver;
  const server = () => t.app.getHttpServer();
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  beforeAll(async () => {
    // Every attempt fails, and the next one is an hour away: the deliveries stay pending.
    failing = await startReceiver(() => 500);
    t = await createTestApp({
      env: {
        WEBHOOK_MAX_PENDING_PER_ACCOUNT: String(CAP),
        WEBHOOK_RETRY_DELAYS_S: '3600',
        WEBHOOK_POLL_INTERVAL_MS: '100',
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    await failing?.close();
  });

  it(`past ${CAP} pending, an event is stored as failed (backlog_full), shown, not sent; its job stays readable`, async () => {
    const { key } = await createFundedKey(t.app);
    const endpoint = await request(server())
      .post('/v1/webhook_endpoints')
      .set(auth(key))
      .send({ url: failing.url });
    expect(endpoint.status).toBe(201);
    const jobs: string[] = [];
    for (let i = 0; i < CAP + 1; i++) {
      const res = await request(server())
        .post('/v1/assist')
        .set(auth(key))
        .send({ message: `dog food reels ${i}` });
      expect(res.status).toBe(200);
      jobs.push(res.headers['x-job-id']);
    }
    const log = await waitForValue(
      async () => {
        const res = await request(server())
          .get(`/v1/webhook_endpoints/${endpoint.body.id}/deliveries?limit=10`)
          .set(auth(key));
        const data = res.body.data as Delivery[];
        return data.length === CAP + 1 &&
          data.every((d) => d.status !== 'pending' || d.attempt_count > 0)
          ? data
          : undefined;
      },
      20_000,
      'every event written and the pending ones tried once',
      100,
    );
    const refused = log.filter((d) => d.failure_reason === 'backlog_full');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ status: 'failed', attempt_count: 0, attempts: [] });
    expect(log.filter((d) => d.status === 'pending')).toHaveLength(CAP);
    expect(log.filter((d) => d.status === 'pending').every((d) => d.failure_reason === null)).toBe(
      true,
    );
    // Only the pending ones reached the receiver; the refused one was never sent.
    expect(failing.received).toHaveLength(CAP);
    const refusedJob = refused[0].job_id!;
    expect(jobs).toContain(refusedJob);
    const job = await request(server()).get(`/v1/jobs/${refusedJob}`).set(auth(key));
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ id: refusedJob, status: 'succeeded' });
    expect(job.body.result).not.toBeNull();

    // Redelivering it sends it (one attempt), and it no longer carries the reason.
    const again = await request(server())
      .post(`/v1/webhook_endpoints/${endpoint.body.id}/deliveries/${refused[0].id}/redeliver`)
      .set(auth(key));
    expect(again.status).toBe(200);
    expect(again.body.failure_reason).toBeNull();
    await waitForValue(
      async () => (failing.received.length === CAP + 1 ? true : undefined),
      20_000,
      'the redelivery',
      100,
    );

    // The cap is the account's own: another account's event, written now, is pending.
    const other = await createFundedKey(t.app);
    const otherEndpoint = await request(server())
      .post('/v1/webhook_endpoints')
      .set(auth(other.key))
      .send({ url: failing.url });
    const ran = await request(server())
      .post('/v1/assist')
      .set(auth(other.key))
      .send({ message: 'hi' });
    expect(ran.status).toBe(200);
    const otherLog = await waitForValue(
      async () => {
        const got = await request(server())
          .get(`/v1/webhook_endpoints/${otherEndpoint.body.id}/deliveries`)
          .set(auth(other.key));
        return got.body.data.length === 1 ? (got.body.data as Delivery[]) : undefined;
      },
      20_000,
      "the other account's event",
      100,
    );
    expect(otherLog[0]).toMatchObject({ status: 'pending', failure_reason: null });
  });
});

/**
 * The sender's claim on the real database: each account's due deliveries are read per endpoint up
 * to the account's share, so another account's backlog neither takes more than its share nor
 * costs the claim more rows. The rows the claim reads are counted from Postgres's own plan
 * (`EXPLAIN ANALYZE`), not timed.
 */
describe('the webhook claim reads each account up to its share (e2e)', () => {
  let database: TestDatabase;
  let sql: Client;
  const BACKLOG = 20_000;
  const SHARE = 4;

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = await database.connect();
  });

  afterAll(async () => {
    await database?.drop();
  });

  async function endpointOf(name: string, status = 'enabled'): Promise<[string, string]> {
    const { rows } = await sql.query(
      `WITH a AS (INSERT INTO accounts (email, password_hash) VALUES ($1, 'x') RETURNING id)
       INSERT INTO webhook_endpoints (account_id, mode, url, events, secret_ciphertext, status)
       SELECT a.id, 'test', 'https://example.com/hook', ARRAY['job.succeeded'], 'sealed', $2 FROM a
       RETURNING account_id, id`,
      [`${name}-${Math.random()}@claim.example`, status],
    );
    return [rows[0].account_id, rows[0].id];
  }

  async function due(account: string, endpoint: string, count: number): Promise<void> {
    await sql.query(
      `INSERT INTO webhook_deliveries (endpoint_id, account_id, message_id, event_type, payload,
                                       next_attempt_at)
       SELECT $2, $1, 'msg_' || n, 'job.succeeded', '{}', now() - interval '1 hour' + n * interval '1 ms'
         FROM generate_series(1, $3::int) AS n`,
      [account, endpoint, count],
    );
  }

  /** One claim in a transaction rolled back: whose rows it took, and the rows its plan read. */
  async function claim(held: Map<string, number> = new Map()) {
    const params = [16, 40_000, [...held.keys()], [...held.values()], SHARE];
    const rolledBack = async <T>(work: () => Promise<T>): Promise<T> => {
      await sql.query('BEGIN');
      try {
        return await work();
      } finally {
        await sql.query('ROLLBACK');
      }
    };
    const { rows } = await rolledBack(() => sql.query(CLAIM_DUE_SQL, params));
    const explained = await rolledBack(() =>
      sql.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${CLAIM_DUE_SQL}`, params),
    );
    return {
      accounts: (rows as { account_id: string }[]).map((row) => row.account_id),
      read: rowsRead(explained.rows[0]['QUERY PLAN'][0].Plan),
    };
  }

  /** Rows every scan of `webhook_deliveries` in the plan returned, over all its loops. */
  function rowsRead(node: Record<string, unknown>): number {
    const own =
      node['Relation Name'] === 'webhook_deliveries' && String(node['Node Type']).includes('Scan')
        ? Number(node['Actual Rows']) * Number(node['Actual Loops'])
        : 0;
    const children = (node.Plans as Record<string, unknown>[] | undefined) ?? [];
    return own + children.reduce((sum, child) => sum + rowsRead(child), 0);
  }

  it('a backlog of another account: it gets its share, the other its due delivery, and the rows read stay few', async () => {
    const [flooder, tarpit] = await endpointOf('a');
    const [quiet, hook] = await endpointOf('b');
    // The flooder's waiting rows on a disabled endpoint are not read either.
    const [, paused] = await endpointOf('a-paused', 'disabled');
    await sql.query(`UPDATE webhook_endpoints SET account_id = $1 WHERE id = $2`, [
      flooder,
      paused,
    ]);
    await due(quiet, hook, 1);
    const alone = await claim();
    expect(alone.accounts).toEqual([quiet]);

    await due(flooder, tarpit, BACKLOG);
    await due(flooder, paused, BACKLOG);
    await sql.query('ANALYZE webhook_deliveries');
    const beside = await claim();
    expect(beside.accounts.filter((a) => a === quiet)).toHaveLength(1);
    expect(beside.accounts.filter((a) => a === flooder)).toHaveLength(SHARE);
    // The flooder's 40 000 rows cost the claim a few index entries, not a sort of all of them.
    expect(beside.read).toBeLessThan(100);

    // With its share already in flight here, the flooder gets nothing more.
    const full = await claim(new Map([[flooder, SHARE]]));
    expect(full.accounts).toEqual([quiet]);
  });
});
