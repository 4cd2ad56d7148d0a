import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** `watch_reels`. Owned by WatchesModule: the reels each watch has delivered, by run. */
@Injectable()
export class WatchReelRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Claims for `jobId` the reels of `reelIds` the watch has not delivered, and returns those of `reelIds`
   * the job holds. A reel is taken when no run holds it, or when the run that held it ended in
   * one of `undelivered` (the statuses of a job that delivered nothing: the state machine's). The same job claiming again (an attempt retried after a
   * crash) gets the same reels back plus any new ones: the job's one settlement charges them
   * once, and no other run can deliver them. Two runs claiming at once meet on the primary key:
   * one of them gets each reel.
   */
  async claim(
    watchId: string,
    jobId: string,
    reelIds: string[],
    undelivered: readonly string[],
  ): Promise<Set<string>> {
    if (reelIds.length > 0) {
      await this.dataSource.query(
        `INSERT INTO watch_reels AS r (watch_id, reel_id, job_id)
           SELECT $1, reel, $2 FROM unnest($3::text[]) AS reel
         ON CONFLICT (watch_id, reel_id) DO UPDATE SET job_id = EXCLUDED.job_id, created_at = now()
           WHERE r.job_id <> EXCLUDED.job_id AND EXISTS (
             SELECT 1 FROM jobs j WHERE j.id = r.job_id AND j.status = ANY ($4::text[]))`,
        [watchId, jobId, reelIds, undelivered],
      );
    }
    // A reel an earlier attempt of this job claimed but this one did not find is given back.
    const rows: { reel_id: string }[] = await this.dataSource.query(
      `WITH released AS (
         DELETE FROM watch_reels
          WHERE watch_id = $1 AND job_id = $2 AND NOT (reel_id = ANY ($3::text[])))
       SELECT reel_id FROM watch_reels
        WHERE watch_id = $1 AND job_id = $2 AND reel_id = ANY ($3::text[])`,
      [watchId, jobId, reelIds],
    );
    return new Set(rows.map((row) => row.reel_id));
  }
}
