import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** `watch_runs`. Owned by WatchesModule: one row per run of a watch and the job it opened. */
@Injectable()
export class WatchRunRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * In the caller's transaction: records a run of an existing watch, once per job (false: the
   * job's run was recorded before, or the watch is gone). A scheduled run carries its slot,
   * unique per watch, so a slot recorded twice fails the second transaction instead of running
   * twice.
   */
  async record(
    run: { watchId: string; jobId: string; slotAt: Date | null; now: Date },
    manager: EntityManager,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO watch_runs (watch_id, job_id, slot_at, created_at)
         SELECT id, $2, $3, $4 FROM watches WHERE id = $1
       ON CONFLICT (job_id) DO NOTHING RETURNING id`,
      [run.watchId, run.jobId, run.slotAt, run.now],
    );
    return rows.length > 0;
  }

  /** Whether the watch's run by this job was recorded. */
  async exists(watchId: string, jobId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM watch_runs WHERE watch_id = $1 AND job_id = $2`,
      [watchId, jobId],
    );
    return rows.length > 0;
  }

  /** The slots a watch ran, oldest first (scheduled runs only). */
  async slotsOf(watchId: string): Promise<Date[]> {
    const rows: { slot_at: Date }[] = await this.dataSource.query(
      `SELECT slot_at FROM watch_runs WHERE watch_id = $1 AND slot_at IS NOT NULL ORDER BY slot_at`,
      [watchId],
    );
    return rows.map((row) => row.slot_at);
  }
}
