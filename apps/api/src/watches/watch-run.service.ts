import { ENDED_WITHOUT_DELIVERY } from '../execution/job-state';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, type Mode } from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock/clock';
import type { WorkContext } from '../execution/operation.contract';
import { WatchReelRepository } from '../repositories/watch-reel.repository';
import { WatchRunRepository } from '../repositories/watch-run.repository';
import { WatchRepository } from '../repositories/watch.repository';
import type { ScanRequestDto, ScanResponseDto } from '../scan/dto/scan.dto';
import { ScanService } from '../scan/scan.service';

/** The stored body of a watch's run: the watch, and the scan it runs as it was at the run. */
export interface WatchRunBody {
  watch_id: string;
  query: string;
  market: 'auto' | 'network_a' | 'network_b';
  limit: number;
  sort?: 'traction' | 'outlier' | 'relevance';
  min_outlier_score?: number;
}

/** A run's answer: the scan's, with only the reels new to the watch. */
export type WatchRunResult = ScanResponseDto & { watch_id: string };

/**
 * The work of a watch's run: the scan of the watch's brief, its reels filtered by
 * `min_outlier_score` (a reel without a score does not pass a minimum), then only those the
 * watch has not delivered before, claimed for this run's job (WatchReelRepository.claim: a
 * retried attempt of the job gets the same reels, no other run gets them).
 */
@Injectable()
export class WatchRunService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly scan: ScanService,
    private readonly watches: WatchRepository,
    private readonly runs: WatchRunRepository,
    private readonly reels: WatchReelRepository,
    private readonly clock: Clock,
  ) {}

  async run(
    mode: Mode,
    body: WatchRunBody,
    signal: AbortSignal,
    deadline: WorkContext,
  ): Promise<WatchRunResult> {
    if (!deadline.jobId) throw new Error('a watch run needs its job id');
    await this.recordRun(body.watch_id, deadline.jobId);
    const request: ScanRequestDto = {
      query: body.query,
      market: body.market,
      limit: body.limit,
      ...(body.sort ? { sort: body.sort } : {}),
    };
    const found = await this.scan.run(mode, request, signal, deadline);
    const passing = found.reels.filter((reel) => passes(reel, body));
    const claimed = await this.reels.claim(
      body.watch_id,
      deadline.jobId,
      passing.map((reel) => reel.id),
      ENDED_WITHOUT_DELIVERY,
    );
    const reels = passing.filter((reel) => claimed.has(reel.id));
    return { ...found, reels, watch_id: body.watch_id };
  }

  /**
   * The watch's latest run is this job's (a scheduled run was recorded with its slot when it was
   * queued; a run asked for by hand is recorded here, once). A watch deleted since the run was
   * asked for fails the run, before any provider call: nothing is charged. A creator watch's run
   * (CreatorRunService) records itself the same way.
   */
  async recordRun(watchId: string, jobId: string): Promise<void> {
    const now = this.clock.now();
    const recorded = await this.dataSource.transaction(async (manager) => {
      const inserted = await this.runs.record({ watchId, jobId, slotAt: null, now }, manager);
      if (inserted) await this.watches.setLastJob(watchId, jobId, now, manager);
      return inserted;
    });
    if (!recorded && !(await this.runs.exists(watchId, jobId))) {
      throw new DomainError('not_found', 'The watch was deleted before its run started.', {
        param: 'id',
      });
    }
  }
}

function passes(reel: ScanResponseDto['reels'][number], body: WatchRunBody): boolean {
  if (body.min_outlier_score === undefined || body.min_outlier_score === null) return true;
  const score = reel.outlier?.score;
  return typeof score === 'number' && score >= body.min_outlier_score;
}
