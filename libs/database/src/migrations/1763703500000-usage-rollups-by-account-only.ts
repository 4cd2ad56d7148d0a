import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `usage_rollups_hourly` loses its index on `hour` alone. Every read of the rollups names one
 * account (and a mode) and a range of hours, which the unique key (account_id, mode, hour, …)
 * answers with one range scan of exactly that account's hours. The planner nonetheless chose the
 * `hour` index for an account holding much of the table, since rollup rows are written in hour
 * order and that index's order matches the table's: it then read every account's rows of those
 * hours and filtered out the others', so a big account's query grew with everyone's traffic
 * (docs/performance.md, "Usage by API"). Retention, the index's only other user, deletes old
 * rollups once a month, after it drops a month's partition of records; a scan of the table then
 * is cheap next to reading it on every dashboard view.
 */
export class UsageRollupsByAccountOnly1763703500000 implements MigrationInterface {
  name = 'UsageRollupsByAccountOnly1763703500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS usage_rollups_hourly_hour_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS usage_rollups_hourly_hour_idx ON usage_rollups_hourly (hour)`,
    );
  }
}
