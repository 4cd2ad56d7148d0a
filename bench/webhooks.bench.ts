import { Client } from 'pg';
import { CLAIM_DUE_SQL } from '../apps/api/src/repositories/webhook-delivery.repository';
import { createTestDatabase, type TestDatabase } from '../apps/api/test/support/test-database';
import { QUICK, recordFigure } from './support/figures';

/**
 * The webhook sender's claim (docs/webhooks.md, "Fair across accounts"):
 * - webhook_claim_cost_ratio: one claim's time while another account has a backlog of
 *   1 000 000 due pending deliveries (100 000 with `--quick`) ÷ its time with no backlog at all.
 *   Two databases, the same account B with one due delivery in each, the backlog of account A in
 *   one; claims alternate between them, each in a transaction rolled back, so every claim sees
 *   the same rows. The claim reads at most an account's share per endpoint, so the goal is ≤ 1.5.
 */

const BACKLOG = QUICK ? 100_000 : 1_000_000;
const CLAIMS = QUICK ? 40 : 100;
const SENDER_SLOTS = 16;
const SHARE = 4;
const LEASE_MS = 40_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** An account with one enabled endpoint; its id and the endpoint's. */
async function accountWithEndpoint(sql: Client, name: string): Promise<[string, string]> {
  const { rows } = await sql.query(
    `WITH a AS (INSERT INTO accounts (email, password_hash) VALUES ($1, 'x') RETURNING id)
     INSERT INTO webhook_endpoints (account_id, mode, url, events, secret_ciphertext)
     SELECT a.id, 'test', 'https://example.com/hook', ARRAY['job.succeeded'], 'sealed' FROM a
     RETURNING account_id, id`,
    [`${name}@bench.example`],
  );
  return [rows[0].account_id, rows[0].id];
}

async function deliveries(sql: Client, account: string, endpoint: string, count: number) {
  await sql.query(
    `INSERT INTO webhook_deliveries (endpoint_id, account_id, message_id, event_type, payload,
                                     next_attempt_at, created_at)
     SELECT $2, $1, 'msg_' || n, 'job.succeeded', '{"type":"job.succeeded"}',
            now() - interval '1 hour' + n * interval '1 millisecond', now()
       FROM generate_series(1, $3::int) AS n`,
    [account, endpoint, count],
  );
}

/** One claim, rolled back: its time in milliseconds and how many it claimed. */
async function timedClaim(sql: Client): Promise<{ ms: number; claimed: number }> {
  await sql.query('BEGIN');
  try {
    const started = performance.now();
    const { rows } = await sql.query(CLAIM_DUE_SQL, [SENDER_SLOTS, LEASE_MS, [], [], SHARE]);
    return { ms: performance.now() - started, claimed: rows.length };
  } finally {
    await sql.query('ROLLBACK');
  }
}

describe('webhook claim bench', () => {
  const databases: TestDatabase[] = [];
  const clients: Client[] = [];

  afterAll(async () => {
    for (const client of clients) await client.end();
    for (const database of databases) await database.drop();
  });

  it('the cost of a claim beside another account’s backlog', async () => {
    const [idle, busy] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    databases.push(idle, busy);
    for (const database of [idle, busy]) {
      const client = new Client({ connectionString: database.url });
      await client.connect();
      clients.push(client);
      const [account, endpoint] = await accountWithEndpoint(client, 'b');
      await deliveries(client, account, endpoint, 1);
    }
    const [idleSql, busySql] = clients;
    const [flooder, tarpit] = await accountWithEndpoint(busySql, 'a');
    await deliveries(busySql, flooder, tarpit, BACKLOG);
    for (const client of clients) await client.query('VACUUM ANALYZE webhook_deliveries');

    // Warm both (plans, caches) before measuring.
    for (let i = 0; i < 5; i++) {
      await timedClaim(idleSql);
      await timedClaim(busySql);
    }
    const idleMs: number[] = [];
    const busyMs: number[] = [];
    for (let i = 0; i < CLAIMS; i++) {
      const quiet = await timedClaim(idleSql);
      const loaded = await timedClaim(busySql);
      // B's one delivery in each; beside it, A's share of its backlog.
      expect(quiet.claimed).toBe(1);
      expect(loaded.claimed).toBe(1 + SHARE);
      idleMs.push(quiet.ms);
      busyMs.push(loaded.ms);
    }
    process.stdout.write(
      `bench: claim p50 ${median(busyMs).toFixed(2)} ms beside ${BACKLOG} pending of another account, ${median(idleMs).toFixed(2)} ms with none\n`,
    );
    recordFigure('webhook_claim_cost_ratio', {
      value: Math.round((median(busyMs) / median(idleMs)) * 100) / 100,
      unit: 'ratio',
      goal: '≤ 1.5',
    });
  }, 600_000);
});
