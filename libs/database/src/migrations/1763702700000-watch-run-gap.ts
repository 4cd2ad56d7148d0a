import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `watches.last_run_at`: when the watch's latest run was asked for (by hand) or queued (by the
 * scheduler). A run asked for by hand within `WATCHES_MIN_RUN_GAP_S` of it is refused before any
 * hold; the stamp is taken by one conditional update, so two runs asked for at once cannot both
 * pass. Null: the watch never ran.
 */
export class WatchRunGap1763702700000 implements MigrationInterface {
  name = 'WatchRunGap1763702700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE watches ADD COLUMN last_run_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE watches DROP COLUMN last_run_at`);
  }
}
