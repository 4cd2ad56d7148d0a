import type { JobStatus } from './job.view';

/** How often a watch runs: every hour, or every day, from the time it was created or resumed. */
export const WATCH_INTERVALS = ['hourly', 'daily'] as const;
export type WatchInterval = (typeof WATCH_INTERVALS)[number];

/** `paused`: by hand, or by the service (`status_reason` says why). */
export const WATCH_STATUSES = ['active', 'paused'] as const;
export type WatchStatus = (typeof WATCH_STATUSES)[number];

/**
 * Why the service paused a watch: its run's hold was refused (the 402's code), the key that
 * created it can no longer run scans (revoked, expired, or its scopes changed), or the account
 * has lost API access (`access_revoked`).
 */
export const WATCH_PAUSE_REASONS = [
  'insufficient_credit',
  'key_spend_limit_reached',
  'subject_spend_limit_reached',
  'key_unusable',
  'access_revoked',
] as const;
export type WatchPauseReason = (typeof WATCH_PAUSE_REASONS)[number];

/** The orders of a scan a watch can ask for (`traction` is the scan's default). */
export const WATCH_SORTS = ['traction', 'outlier', 'relevance'] as const;
export type WatchSort = (typeof WATCH_SORTS)[number];

/** The latest run of a watch: its job, and how many new reels it delivered once it succeeded. */
export interface WatchRunView {
  job_id: string;
  status: JobStatus;
  created_at: string;
  finished_at: string | null;
  /** New reels delivered (and charged); null until the run has succeeded. */
  new_reels: number | null;
  charged_usd: string | null;
}

/** A watch as every route answers it (`/v1/watches` and `/account/watches`). */
export interface WatchView {
  id: string;
  object: 'watch';
  query: string;
  market: 'auto' | 'network_a' | 'network_b';
  limit: number;
  interval: WatchInterval;
  min_outlier_score: number | null;
  sort: WatchSort | null;
  status: WatchStatus;
  status_reason: WatchPauseReason | null;
  /** When the next scheduled run is due; null while paused. */
  next_run_at: string | null;
  created_at: string;
  livemode: boolean;
  last_run: WatchRunView | null;
}

/** The answer of a delete. */
export interface DeletedWatchView {
  id: string;
  object: 'watch';
  deleted: true;
}

/** A page of watches, newest first. */
export interface WatchListView {
  object: 'list';
  data: WatchView[];
  has_more: boolean;
}
