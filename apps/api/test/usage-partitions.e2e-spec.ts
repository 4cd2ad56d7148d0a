import { randomUUID } from 'node:crypto';
import { MIGRATIONS } from '@reelscout/database';
import type { Client } from 'pg';
import type { QueryRunner } from 'typeorm';
import { createTestDatabase, runMigrationStep, type TestDatabase } from './support/test-database';

const PARTITIONS = MIGRATIONS.findIndex((m) => new m().name === 'UsagePartitions1763703200000');

/** Runs a migration as the runner does one with `transaction = false`: no transaction around it. */
async function runUntransacted(
  client: Client,
  migration: (typeof MIGRATIONS)[number],
  step: 'up' | 'down' = 'up',
) {
  const runner = {
    query: (sql: string, values?: unknown[]) =>
      client.query(sql, values).then((r) => (Array.isArray(r) ? r : r.rows)),
  } as unknown as QueryRunner;
  await new migration()[step](runner);
}

/** The records' count and sums, overall and per month. */
async function totals(pg: Client) {
  return (
    await pg.query(
      `SELECT count(*)::int AS records, sum(charged)::bigint AS charged, sum(duration_ms)::bigint AS ms,
              count(DISTINCT id)::int AS ids, count(DISTINCT request_id)::int AS requests
         FROM usage_records`,
    )
  ).rows[0];
}

/**
 * The partitioning migration on a database that already holds records: every record is still
 * there after it (count and sums), in its month's partition, the rollups equal the records, and
 * retention drops whole old partitions.
 */
describe('usage records partitioned by month (e2e)', () => {
  let db: TestDatabase;
  let pg: Client;
  let accountId: string;

  beforeAll(async () => {
    db = await createTestDatabase({ empty: true });
    pg = await db.connect();
    for (const migration of MIGRATIONS.slice(0, PARTITIONS)) {
      await runMigrationStep(pg, migration, 'up');
    }
    accountId = (
      await pg.query(`INSERT INTO accounts (email, password_hash) VALUES ($1, 'x') RETURNING id`, [
        `usage-${randomUUID()}@example.test`,
      ])
    ).rows[0].id;
    // 30 000 records over the last fourteen months, a third of them charged, some refused.
    await pg.query(
      `INSERT INTO usage_records (request_id, account_id, key_id, mode, subject, operation, market,
                                  status, error_code, charged, duration_ms, created_at, source)
       SELECT 'req-' || i, $1, NULL, CASE WHEN i % 5 = 0 THEN 'live' ELSE 'test' END,
              'customer-' || (i % 7), (ARRAY['assist','scan','music','playbook'])[1 + i % 4], NULL,
              CASE WHEN i % 11 = 0 THEN 402 ELSE 200 END,
              CASE WHEN i % 11 = 0 THEN 'insufficient_credit' END,
              CASE WHEN i % 3 = 0 AND i % 11 <> 0 THEN 7500 * (1 + i % 4) ELSE 0 END,
              i % 900, now() - make_interval(secs => i * 1400), 'api'
         FROM generate_series(1, 30000) i`,
      [accountId],
    );
  });

  afterAll(async () => {
    await pg.end();
    await db.drop();
  });

  it('moves every record into month partitions and builds the rollups from them', async () => {
    const before = await totals(pg);
    const lastId = (await pg.query(`SELECT max(id)::bigint AS id FROM usage_records`)).rows[0].id;
    await runUntransacted(pg, MIGRATIONS[PARTITIONS]);

    expect(await totals(pg)).toEqual(before);
    expect(before.records).toBe(30_000);
    const kind = await pg.query(`SELECT relkind FROM pg_class WHERE relname = 'usage_records'`);
    expect(kind.rows[0].relkind).toBe('p');
    // Every record sits in its own month's partition, none in the default.
    const partitions = await pg.query(
      `SELECT tableoid::regclass::text AS part, count(*)::int AS n,
              bool_and(to_char(created_at AT TIME ZONE 'UTC', 'YYYYMM') = substr(tableoid::regclass::text, 16)) AS own
         FROM usage_records GROUP BY 1`,
    );
    expect(partitions.rows.length).toBeGreaterThanOrEqual(14);
    expect(partitions.rows.every((r) => r.own && r.part !== 'usage_records_default')).toBe(true);
    // The rollups hold exactly the records.
    const rollups = (
      await pg.query(
        `SELECT sum(calls)::int AS records, sum(charged)::bigint AS charged,
                sum(refused_calls)::int AS refused, sum(charged_calls)::int AS charged_calls
           FROM usage_rollups_hourly`,
      )
    ).rows[0];
    const fromRecords = (
      await pg.query(
        `SELECT count(*) FILTER (WHERE status >= 400)::int AS refused,
                count(*) FILTER (WHERE charged > 0)::int AS charged_calls FROM usage_records`,
      )
    ).rows[0];
    expect(rollups).toEqual({
      records: before.records,
      charged: before.charged,
      refused: fromRecords.refused,
      charged_calls: fromRecords.charged_calls,
    });
    // New records take the next ids and are rolled up as they are written.
    const added = await pg.query(
      `INSERT INTO usage_records (request_id, account_id, mode, operation, status, charged, duration_ms)
       VALUES ('after', $1, 'test', 'assist', 200, 10000, 5) RETURNING id`,
      [accountId],
    );
    expect(BigInt(added.rows[0].id)).toBeGreaterThan(BigInt(lastId));
    const after = await pg.query(
      `SELECT sum(charged)::bigint AS charged FROM usage_rollups_hourly WHERE account_id = $1`,
      [accountId],
    );
    expect(BigInt(after.rows[0].charged)).toBe(BigInt(before.charged) + 10_000n);
  });

  it('moves records that landed in the default partition into their month when it is made', async () => {
    const far = '2031-05-10T10:00:00Z';
    await pg.query(
      `INSERT INTO usage_records (request_id, account_id, mode, operation, status, charged, duration_ms, created_at)
       VALUES ('far', $1, 'test', 'scan', 200, 7500, 5, $2)`,
      [accountId, far],
    );
    const where = async () =>
      (
        await pg.query(
          `SELECT tableoid::regclass::text AS part FROM usage_records WHERE request_id = 'far'`,
        )
      ).rows[0].part;
    expect(await where()).toBe('usage_records_default');
    const rollup = async () =>
      (
        await pg.query(
          `SELECT calls::int, charged::int FROM usage_rollups_hourly WHERE account_id = $1 AND hour = $2`,
          [accountId, far],
        )
      ).rows;
    expect(await rollup()).toEqual([{ calls: 1, charged: 7500 }]);
    await pg.query(`SELECT usage_records_ensure_partitions($1, $1)`, [far]);
    expect(await where()).toBe('usage_records_p203105');
    expect(await rollup()).toEqual([{ calls: 1, charged: 7500 }]);
  });

  it('retention drops whole partitions older than the cutoff, and their rollups', async () => {
    const oldest = (
      await pg.query(
        `SELECT min(created_at) AS at, to_char(min(created_at) AT TIME ZONE 'UTC', 'YYYYMM') AS month FROM usage_records`,
      )
    ).rows[0];
    const part = `usage_records_p${oldest.month}`;
    const inOldest = (await pg.query(`SELECT count(*)::int AS n FROM ${part}`)).rows[0].n;
    expect(inOldest).toBeGreaterThan(0);
    const before = await totals(pg);
    // A cutoff a day into the month after the oldest: only the oldest month is wholly before it.
    const cutoff = (
      await pg.query(
        `SELECT (date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC') + interval '1 month 1 day') AT TIME ZONE 'UTC' AS at`,
        [oldest.at],
      )
    ).rows[0].at;
    expect((await pg.query(`SELECT usage_records_drop_before($1) AS n`, [cutoff])).rows[0].n).toBe(
      1,
    );
    expect((await pg.query(`SELECT to_regclass($1) AS t`, [part])).rows[0].t).toBeNull();
    const after = await totals(pg);
    expect(after.records).toBe(before.records - inOldest);
    const rollups = (
      await pg.query(
        `SELECT sum(calls)::int AS n, sum(charged)::bigint AS charged FROM usage_rollups_hourly`,
      )
    ).rows[0];
    expect(rollups).toEqual({ n: after.records, charged: after.charged });
  });

  it('goes down and up again, keeping every record', async () => {
    const before = await totals(pg);
    await runUntransacted(pg, MIGRATIONS[PARTITIONS], 'down');
    expect(
      (await pg.query(`SELECT relkind FROM pg_class WHERE relname = 'usage_records'`)).rows[0]
        .relkind,
    ).toBe('r');
    expect(await totals(pg)).toEqual(before);
    await runUntransacted(pg, MIGRATIONS[PARTITIONS]);
    expect(await totals(pg)).toEqual(before);
  });
});
