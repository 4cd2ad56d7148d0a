import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** `watch_runs`. Owned by WatchesModule: one row per run of a watch and the job it opened. */
@Injectable()
export class WatchRunRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * In the caller's transaction: records a run. A scheduled run carries its slot, unique per
   * watch, so a slot recorded twice fails the second transaction instead of running twice.
   */
  async record(
    run: { watchId: string; jobId: string; slotAt: Date | null; now: Date },
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO watch_runs (watch_id, job_id, slot_at, created_at) VALUES ($1, $2, $3, $4)`,
      [run.watchId, run.jobId, run.slotAt, run.now],
    );
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
