import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The partial indexes over a status serve only the sweepers that scan by time; a lookup by id
 * can no longer choose them.
 *
 * What went wrong: `jobs_running_idx` is `(heartbeat_at) WHERE status = 'running'`, and the
 * settling statement looks its job up by `id = $1 AND attempt = $2 AND status = 'running'`. That
 * WHERE implies the index's predicate, so the planner may use the index for it: read the whole
 * index and filter on the id. It does exactly that whenever the index looks empty when the plan is
 * made, and a status index nearly always looks empty: few jobs are running at a time, and its
 * size in the catalog is its live entries at the last vacuum or analyze (none on a new
 * database). But every job has passed through `running` and every hold through `pending`, and an
 * UPDATE that changes the status leaves the old entry in the index until a vacuum removes it.
 * A prepared statement keeps its generic plan for the life of the connection, so such a
 * connection read every dead entry on each settlement: a cost per call that grows with the
 * traffic since the last vacuum, which for a large table comes only after a fifth of its rows
 * are dead.
 *
 * The fix is in the indexes, so that it holds for every statement, today's and tomorrow's: each
 * predicate also requires its key column to be non-null. The sweepers compare that column with a
 * strict operator (`heartbeat_at < …`, `created_at < …`, `expires_at < …`,
 * `next_attempt_at <= …`), which implies it is not null, so they use their index as before; a
 * lookup by id says nothing of the column, so the planner cannot consider the index and takes the
 * primary key. No row leaves an index: a running job always has a heartbeat, and `created_at`
 * and `expires_at` are NOT NULL; a pending webhook delivery without `next_attempt_at` was never
 * due. `status-index-plans.e2e-spec.ts` checks the plans on an empty database, where the old
 * indexes were chosen.
 *
 * Each index is built under its new name, then the old one dropped and the new one renamed:
 * short exclusive locks, under a 10 s `lock_timeout`; the builds scan the tables (nothing before
 * launch; at a larger size they would be built CONCURRENTLY outside a transaction).
 */
interface StatusIndex {
  name: string;
  table: string;
  column: string;
  status: string;
}

const INDEXES: StatusIndex[] = [
  { name: 'jobs_running_idx', table: 'jobs', column: 'heartbeat_at', status: 'running' },
  { name: 'jobs_queued_idx', table: 'jobs', column: 'created_at', status: 'queued' },
  { name: 'holds_pending_expiry_idx', table: 'holds', column: 'expires_at', status: 'pending' },
  {
    name: 'webhook_deliveries_due_idx',
    table: 'webhook_deliveries',
    column: 'next_attempt_at',
    status: 'pending',
  },
];

async function rebuild(q: QueryRunner, index: StatusIndex, predicate: string): Promise<void> {
  await q.query(
    `CREATE INDEX ${index.name}_next ON ${index.table} (${index.column}) WHERE ${predicate}`,
  );
  await q.query(`DROP INDEX ${index.name}`);
  await q.query(`ALTER INDEX ${index.name}_next RENAME TO ${index.name}`);
}

export class StatusIndexesOutOfLookups1763701300000 implements MigrationInterface {
  name = 'StatusIndexesOutOfLookups1763701300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`SET LOCAL lock_timeout = '10s'`);
    for (const index of INDEXES) {
      await rebuild(q, index, `status = '${index.status}' AND ${index.column} IS NOT NULL`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`SET LOCAL lock_timeout = '10s'`);
    for (const index of INDEXES) await rebuild(q, index, `status = '${index.status}'`);
  }
}
