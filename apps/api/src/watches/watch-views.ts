import {
  formatUsd,
  type JobStatus,
  type WatchPauseReason,
  type WatchView,
} from '@reelscout/domain';
import { toPublicJobId } from '../execution/job-ids';
import type { WatchRow } from '../repositories/watch.repository';

/** A watch row as every route answers it. */
export function watchView(row: WatchRow): WatchView {
  return {
    id: row.id,
    object: 'watch',
    kind: row.kind,
    creator: row.creator
      ? {
          market: row.creator.market,
          handle: row.creator.handle,
          name: row.creator.name,
          url: row.creator.url,
        }
      : null,
    outlier_multiple:
      row.outlier_multiple === null ? null : Math.round(Number(row.outlier_multiple) * 1000) / 1000,
    query: row.query,
    market: row.market,
    limit: row.reel_limit,
    interval: row.run_interval,
    min_outlier_score: row.min_outlier_score === null ? null : Number(row.min_outlier_score),
    sort: row.sort,
    status: row.status,
    status_reason: row.status === 'paused' ? (row.status_reason as WatchPauseReason | null) : null,
    next_run_at: row.status === 'active' ? row.next_run_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    livemode: row.mode === 'live',
    last_run:
      row.last_job_id && row.last_job_status && row.last_job_created_at
        ? {
            job_id: toPublicJobId(row.last_job_id),
            status: row.last_job_status as JobStatus,
            created_at: row.last_job_created_at.toISOString(),
            finished_at: row.last_job_finished_at?.toISOString() ?? null,
            new_reels: row.last_job_status === 'succeeded' ? row.last_new_reels : null,
            charged_usd:
              row.last_job_finished_at && row.last_job_charged !== null
                ? formatUsd(BigInt(row.last_job_charged))
                : null,
          }
        : null,
  };
}
