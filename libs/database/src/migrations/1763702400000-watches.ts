import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Watches: a saved scan that runs on a schedule and delivers only reels it has not delivered
 * before (docs/watches.md).
 *
 * - `watches`: one row per watch. `next_run_at` is the next slot; the scheduler claims due rows
 *   with `FOR UPDATE SKIP LOCKED` and moves it past now in the same transaction that opens the
 *   run's job, so two instances never run one slot.
 * - `watch_runs`: one row per run (scheduled ones carry their slot, unique per watch), the job it
 *   opened: proof that a slot ran once, and the watch's run history.
 * - `watch_reels`: the reels a watch has delivered, each owned by the run's job that delivered it.
 *   A reel owned by a job that failed or was canceled can be taken again by a later run.
 *
 * pg-boss's scheduler needs its own queue (`__pgboss__send-it`) and the queue its cron ticks
 * into (`watch-tick`); both are created here once, not by the first processes to start (two
 * processes creating a queue at once deadlock, see the jobs-and-webhooks migration).
 */
export class Watches1763702400000 implements MigrationInterface {
  name = 'Watches1763702400000';

  async up(q: QueryRunner): Promise<void> {
    for (const [name, options] of [
      ['__pgboss__send-it', { policy: 'standard' }],
      ['watch-tick', { policy: 'standard', retryLimit: 0, expireInSeconds: 300 }],
    ] as const) {
      await q.query(
        `SELECT pgboss.create_queue($1, $2)
          WHERE NOT EXISTS (SELECT 1 FROM pgboss.queue WHERE name = $1)`,
        [name, JSON.stringify(options)],
      );
    }
    await q.query(`
      CREATE TABLE watches (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        -- The key that created it (null: the dashboard); its runs are billed to this key.
        key_id uuid REFERENCES api_keys(id) ON DELETE SET NULL,
        source text NOT NULL CHECK (source IN ('api', 'dashboard')),
        subject text,
        query text NOT NULL,
        market text NOT NULL CHECK (market IN ('auto', 'network_a', 'network_b')),
        reel_limit integer NOT NULL CHECK (reel_limit BETWEEN 1 AND 20),
        run_interval text NOT NULL CHECK (run_interval IN ('hourly', 'daily')),
        min_outlier_score real,
        sort text CHECK (sort IN ('traction', 'outlier', 'relevance')),
        status text NOT NULL CHECK (status IN ('active', 'paused')),
        status_reason text,
        next_run_at timestamptz NOT NULL,
        last_job_id uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(
      `CREATE INDEX watches_due_idx ON watches (next_run_at) WHERE status = 'active' AND next_run_at IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX watches_account_idx ON watches (account_id, mode, created_at DESC, id DESC)`,
    );
    await q.query(`CREATE INDEX watches_key_idx ON watches (key_id) WHERE key_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE watch_runs (
        id bigserial PRIMARY KEY,
        watch_id uuid NOT NULL REFERENCES watches(id) ON DELETE CASCADE,
        job_id uuid NOT NULL,
        -- The slot a scheduled run is for; null for a run asked for by hand.
        slot_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
    await q.query(
      `CREATE UNIQUE INDEX watch_runs_slot_idx ON watch_runs (watch_id, slot_at) WHERE slot_at IS NOT NULL`,
    );
    await q.query(`CREATE UNIQUE INDEX watch_runs_job_idx ON watch_runs (job_id)`);
    await q.query(`CREATE INDEX watch_runs_watch_idx ON watch_runs (watch_id, id DESC)`);
    await q.query(`
      CREATE TABLE watch_reels (
        watch_id uuid NOT NULL REFERENCES watches(id) ON DELETE CASCADE,
        reel_id text NOT NULL,
        job_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (watch_id, reel_id)
      )`);
    await q.query(`CREATE INDEX watch_reels_job_idx ON watch_reels (job_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE watch_reels`);
    await q.query(`DROP TABLE watch_runs`);
    await q.query(`DROP TABLE watches`);
    await q.query(`DELETE FROM pgboss.schedule WHERE name = 'watch-tick'`);
    await q.query(`SELECT pgboss.delete_queue('watch-tick')`);
  }
}
