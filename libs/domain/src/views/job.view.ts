import type { ErrorBody } from '../errors';

/** Where a job is: it only ever moves forward, and the last three are final. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** How the job was asked for: `sync` (the call waited for it) or `async` (`Prefer: respond-async`). */
export type JobExecution = 'sync' | 'async';

/** What the job was held and charged, in the same six-decimal USD strings as the headers. */
export interface JobBillingView {
  /** The most the call can cost, reserved when the job was created. */
  held_usd: string;
  /** What it cost once it ended (`0.000000` for an empty result or a failure); null before. */
  charged_usd: string | null;
  /** The mode's balance right after the charge; null before the job ended or when not charged. */
  balance_usd: string | null;
}

/**
 * `GET /v1/jobs/{id}` and the body of a 202: every paid call is a job. `result` and `error` are
 * exactly the bodies the synchronous call returns (`error` with the HTTP status it would have
 * had in `http_status`). Results are kept for a while (`result_expires_at`), then purged.
 */
export interface JobView {
  id: string;
  object: 'job';
  operation: string;
  mode: JobExecution;
  livemode: boolean;
  status: JobStatus;
  /** 0–1: how far the work has got (1 once it ended). */
  progress: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  request_id: string;
  subject: string | null;
  /** The status the synchronous call answered (or would have): 200, or the error's status. */
  http_status: number | null;
  result: unknown;
  error: ErrorBody | null;
  billing: JobBillingView;
  result_expires_at: string | null;
  /** True once the result (and the request) were purged after the retention period. */
  result_purged: boolean;
}

/** A page of `GET /v1/jobs`, newest first. */
export interface JobListView {
  object: 'list';
  data: JobView[];
  has_more: boolean;
}
