import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `jobs_queued_by_account_idx`: the queued jobs of each account, mode and operation, oldest
 * first. The worker's fair claim walks it as a skip scan (the first entry of each account, mode
 * and operation, then the next group), so a claim reads one entry per group with queued work,
 * whatever one account's backlog; the cap on one account's queued jobs counts its prefix up to
 * the cap.
 *
 * Its predicate also requires `created_at IS NOT NULL` (always true), as the status indexes do
 * (the status-indexes-out-of-lookups migration): a lookup of a job by id, such as the claim's
 * own `id = $1 AND status = 'queued'`, does not imply it, so the planner never reads this index
 * for one. The statements that use it say `created_at IS NOT NULL` themselves.
 */
export class JobsQueuedByAccount1763702600000 implements MigrationInterface {
  name = 'JobsQueuedByAccount1763702600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`SET LOCAL lock_timeout = '10s'`);
    await q.query(
      `CREATE INDEX jobs_queued_by_account_idx ON jobs (account_id, mode, operation, created_at, id)
        WHERE status = 'queued' AND created_at IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX jobs_queued_by_account_idx`);
  }
}
