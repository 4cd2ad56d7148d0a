import { randomUUID } from 'node:crypto';
import { MIGRATIONS } from '@reelscout/database';
import type { Client } from 'pg';
import { UsageRollupRepository } from '../src/repositories/usage-rollup.repository';
import { createTestDatabase, runMigrationStep, type TestDatabase } from './support/test-database';

const DAY_MS = 86_400_000;
const WITHOUT_HOUR_INDEX = MIGRATIONS.find(
  (m) => new m().name === 'UsageRollupsByAccountOnly1763703500000',
)!;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Rows Removed by Filter'?: number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

const scansOf = (node: PlanNode): PlanNode[] => [
  ...(node['Relation Name'] === 'usage_rollups_hourly' ? [node] : []),
  ...(node.Plans ?? []).flatMap(scansOf),
];

/**
 * The usage buckets read one account's hours, whatever else the table holds: on rollups written
 * in hour order (as the trigger writes them) for an account with a long history beside a small
 * one, the 30-day query of the big account is one range scan of its unique key, reading no other
 * account's rows. An index that leads with `hour` lured the planner into reading every account's
 * rows of those hours and filtering (docs/performance.md, "Usage by API").
 */
describe('usage buckets read only their account’s rollups (e2e)', () => {
  let db: TestDatabase;
  let pg: Client;
  const accounts: { big?: string; small?: string } = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    pg = await db.connect();
    for (const which of ['big', 'small'] as const) {
      accounts[which] = (
        await pg.query(
          `INSERT INTO accounts (email, password_hash) VALUES ($1, 'x') RETURNING id`,
          [`rollups-${which}-${randomUUID()}@example.test`],
        )
      ).rows[0].id;
    }
    // Hour by hour over 400 days: the big account's 20 subjects every hour, the small account's
    // only in the last 30 days, interleaved in the table as they would be written.
    await pg.query(
      `INSERT INTO usage_rollups_hourly (account_id, mode, hour, operation, subject, key_id, source,
                                         calls, charged_calls, charged, refused_calls)
       SELECT a.id, 'test', date_trunc('hour', now(), 'UTC') - make_interval(hours => h),
              'assist', 'customer-' || s, NULL, 'api', 1, 1, 10000, 0
         FROM generate_series(9600, 0, -1) h
        CROSS JOIN generate_series(1, 20) s
        CROSS JOIN (VALUES ($1::uuid, false), ($2::uuid, true)) a(id, recent_only)
        WHERE NOT a.recent_only OR h < 720
        ORDER BY h DESC`,
      [accounts.big, accounts.small],
    );
    await pg.query(`ANALYZE usage_rollups_hourly`);
  });

  afterAll(async () => {
    await pg.end();
    await db.drop();
  });

  async function plan(accountId: string): Promise<PlanNode> {
    const repository = new UsageRollupRepository(undefined as never);
    const { text, values } = repository.bucketsSql(
      { accountId, mode: 'test', confinedTo: null },
      {
        from: new Date(Date.now() - 30 * DAY_MS),
        to: new Date(),
        granularity: 'day',
        groupBy: ['subject'],
      },
      { limit: 1_000 },
    );
    const { rows } = await pg.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
    return (rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan;
  }

  it('the big account’s 30-day query scans its own key range and filters out no other account’s rows', async () => {
    for (const accountId of [accounts.big!, accounts.small!]) {
      const root = await plan(accountId);
      const scans = scansOf(root);
      expect(scans).toHaveLength(1);
      // An index scan names its index; a bitmap heap scan's comes from its bitmap index scan.
      expect(indexesOf(root)).toEqual(['usage_rollups_hourly_key']);
      expect(scans[0]['Rows Removed by Filter'] ?? 0).toBe(0);
      // 30 days of 20 subjects, give or take the hour at each end.
      expect(scans[0]['Actual Rows']).toBeGreaterThanOrEqual(719 * 20);
      expect(scans[0]['Actual Rows']).toBeLessThanOrEqual(721 * 20);
    }
  });

  it('no index of the rollups leads with anything but the account', async () => {
    const { rows } = await pg.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'usage_rollups_hourly'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { indexdef } of rows) expect(indexdef).toMatch(/USING btree \(account_id,/);
  });

  it('the migration goes down (the hour index back) and up again', async () => {
    await runMigrationStep(pg, WITHOUT_HOUR_INDEX, 'down');
    const back = await pg.query(`SELECT to_regclass('usage_rollups_hourly_hour_idx') AS t`);
    expect(back.rows[0].t).not.toBeNull();
    await runMigrationStep(pg, WITHOUT_HOUR_INDEX, 'up');
    const gone = await pg.query(`SELECT to_regclass('usage_rollups_hourly_hour_idx') AS t`);
    expect(gone.rows[0].t).toBeNull();
  });
});
