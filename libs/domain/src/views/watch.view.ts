import type { JobStatus } from './job.view';

/** How often a watch runs: every hour, or every day, from the time it was created or resumed. */
export const WATCH_INTERVALS = ['hourly', 'daily'] as const;
export type WatchInterval = (typeof WATCH_INTERVALS)[number];

/** `paused`: by hand, or by the service (`status_reason` says why). */
export const WATCH_STATUSES = ['active', 'paused'] as const;
export type WatchStatus = (typeof WATCH_STATUSES)[number];

/**
 * Why the service paused a watch: its run's hold was refused (the 402's code), the key that
 * created it can no longer run scans (revoked, expired, or its scopes changed), the account
 * has lost API access (`access_revoked`), or a creator watch's creator went private or was
 * deleted (`creator_unavailable`).
 */
export const WATCH_PAUSE_REASONS = [
  'insufficient_credit',
  'key_spend_limit_reached',
  'subject_spend_limit_reached',
  'key_unusable',
  'access_revoked',
  'creator_unavailable',
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

/** What a watch follows: a niche (a saved scan of `query`) or one creator. */
export const WATCH_KINDS = ['niche', 'creator'] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];

/** The creator a creator watch follows, as its profile was found when the watch was made. */
export interface CreatorView {
  market: 'network_a' | 'network_b';
  handle: string | null;
  name: string | null;
  url: string;
}

/** One reading of a creator's profile; the deltas are from the previous one (null on the first). */
export interface CreatorSnapshotView {
  at: string;
  followers: number | null;
  likes: number | null;
  videos: number | null;
  followersDelta: number | null;
  likesDelta: number | null;
  videosDelta: number | null;
}

/** A creator's post as a creator watch first saw it. */
export interface CreatorPostView {
  /** Namespaced like scan's reels: plain on network_a, `network_b:<id>` on network_b. */
  id: string;
  url: string;
  caption: string | null;
  postedAt: string | null;
  playCount: number | null;
  likeCount: number | null;
  commentCount: number | null;
  shareCount: number | null;
  /** Plays ÷ the median plays of the creator's newest 30 posts known before it; null below 5. */
  multipleOfMedian: number | null;
  outlier: boolean | null;
}

/** A creator watch's run: the profile reading and the posts new in this run. */
export interface CreatorRunView {
  watch_id: string;
  creator: CreatorView;
  snapshot: CreatorSnapshotView;
  posts: CreatorPostView[];
}

export interface CreatorSnapshotListView {
  object: 'list';
  data: CreatorSnapshotView[];
  has_more: boolean;
}

export interface CreatorPostListView {
  object: 'list';
  data: CreatorPostView[];
  has_more: boolean;
}

/** A watch as every route answers it (`/v1/watches` and `/account/watches`). */
export interface WatchView {
  id: string;
  object: 'watch';
  kind: WatchKind;
  /** A creator watch's creator; null for a niche watch. */
  creator: CreatorView | null;
  /** A creator watch's outlier threshold (a multiple of the creator's median); null for a niche. */
  outlier_multiple: number | null;
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
