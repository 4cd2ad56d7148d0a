/**
 * The public types of the SDK: aliases of the component schemas of the OpenAPI document the API
 * serves (see generated/openapi.ts, made by `npm run generate`). One source of truth: the SDK
 * validates nothing the server validates.
 */
import type { components } from './generated/openapi';

type Schemas = components['schemas'];

export type AssistRequest = Schemas['AssistRequestDto'];
export type AssistHistoryEntry = Schemas['AssistHistoryEntryDto'];
export type AssistResponse = Schemas['AssistResponseDto'];
export type ScanRequest = Schemas['ScanRequestDto'];
export type ScanResponse = Schemas['ScanResponseDto'];
export type ScanReel = Schemas['ScanReelDto'];
export type PlaybookRequest = Schemas['PlaybookRequestDto'];
export type PlaybookResponse = Schemas['PlaybookResponseDto'];
export type MusicRequest = Schemas['MusicRequestDto'];
export type MusicResponse = Schemas['MusicResponseDto'];
export type TrendsRequest = Schemas['TrendsRequestDto'];
export type TrendsResponse = Schemas['TrendsResponseDto'];
export type TrendItem = Schemas['TrendItemDto'];

export type Job = Schemas['JobDto'];
export type JobBilling = Schemas['JobBillingDto'];
export type JobList = Schemas['JobListDto'];
export type JobStatus = Job['status'];
export type Operation = Job['operation'];

export type WebhookEndpoint = Schemas['WebhookEndpointResponseDto'];
/** The create and rotate answers: the endpoint with its `secret`, shown only there. */
export type WebhookEndpointWithSecret = Schemas['CreatedWebhookEndpointResponseDto'];
export type WebhookEndpointCreateParams = Schemas['CreateWebhookEndpointDto'];
export type WebhookEndpointUpdateParams = Schemas['UpdateWebhookEndpointDto'];
export type WebhookEndpointList = Schemas['WebhookEndpointListResponseDto'];
export type DeletedWebhookEndpoint = Schemas['DeletedWebhookEndpointResponseDto'];
export type WebhookDelivery = Schemas['WebhookDeliveryResponseDto'];
export type WebhookDeliveryList = Schemas['WebhookDeliveryListResponseDto'];
export type WebhookEventType = WebhookEndpoint['events'][number];

/** A job event: `data` is the ended job. */
export interface JobWebhookEvent {
  type: 'job.succeeded' | 'job.failed' | 'job.canceled';
  timestamp: string;
  data: Job;
}

/**
 * The body of a webhook delivery (Standard Webhooks): for `job.*`, `data` is the ended job; for
 * `watch.new_reels`, the run's new reels; for `watch.paused`, the watch; for `creator.new_posts`,
 * a creator watch's new posts; for `creator.outlier_post`, one of them that is an outlier.
 */
export type WebhookEvent =
  | JobWebhookEvent
  | { type: 'watch.new_reels'; timestamp: string; data: WatchNewReelsData }
  | { type: 'watch.paused'; timestamp: string; data: Watch }
  | { type: 'creator.new_posts'; timestamp: string; data: CreatorNewPostsData }
  | { type: 'creator.outlier_post'; timestamp: string; data: CreatorOutlierPostData };

export type Watch = Schemas['WatchResponseDto'];
export type WatchCreateParams = Schemas['CreateWatchDto'];
export type WatchUpdateParams = Schemas['UpdateWatchDto'];
export type WatchList = Schemas['WatchListResponseDto'];
export type DeletedWatch = Schemas['DeletedWatchResponseDto'];
/** A niche watch's run: the scan's answer with only the reels new to the watch. */
export type WatchRunResult = Schemas['WatchRunResultDto'];
/** A creator watch's run: its snapshot and the posts new in this run. */
export type CreatorRunResult = Schemas['CreatorRunResultDto'];
/** The creator a creator watch follows. */
export type Creator = Schemas['CreatorResponseDto'];
/** One reading of a creator's profile, with the change from the previous one. */
export type CreatorSnapshot = Schemas['CreatorSnapshotResponseDto'];
/** A creator's post as a creator watch first saw it, against the creator's median. */
export type CreatorPost = Schemas['CreatorPostResponseDto'];

/** `GET /v1/watches/{id}/snapshots`: a window of the follower history, paged. */
export interface SnapshotListParams {
  from?: string;
  to?: string;
  limit?: number;
  /** The `at` of the previous page's last snapshot. */
  starting_after?: string;
}

/** The `data` of a `creator.new_posts` event. */
export interface CreatorNewPostsData {
  watch_id: string;
  job_id: string;
  creator: Creator;
  posts: CreatorPost[];
}

/** The `data` of a `creator.outlier_post` event: one post per event. */
export interface CreatorOutlierPostData {
  watch_id: string;
  job_id: string;
  creator: Creator;
  post: CreatorPost;
}

/** The `data` of a `watch.new_reels` event: the run's job and the new reels it delivered. */
export interface WatchNewReelsData {
  watch_id: string;
  job_id: string;
  reels: ScanReel[];
}

/** `GET /v1/balance`: the key's account's credit in the key's mode, USD with six decimals. */
export type Balance = Schemas['BalanceDto'];

/** The body of every error response. */
export interface ErrorBody {
  error: { code: string; message: string; param?: string; requestId: string };
}

/** Each operation's request and 200 body. */
export interface Operations {
  assist: { request: AssistRequest; response: AssistResponse };
  scan: { request: ScanRequest; response: ScanResponse };
  playbook: { request: PlaybookRequest; response: PlaybookResponse };
  music: { request: MusicRequest; response: MusicResponse };
  trends: { request: TrendsRequest; response: TrendsResponse };
}

/** Filters and paging of `GET /v1/jobs`. */
export interface JobListParams {
  operation?: Operation;
  status?: JobStatus;
  /** ISO 8601 date-time, inclusive. */
  created_gte?: string;
  /** ISO 8601 date-time, exclusive. */
  created_lt?: string;
  /** The `x-request-id` of the call that created the job. */
  request_id?: string;
  /** 1–100 per page (default 10). */
  limit?: number;
  /** The last id of the previous page. */
  starting_after?: string;
}

/** Paging of the webhook endpoint and delivery lists. */
export interface ListParams {
  limit?: number;
  starting_after?: string;
}

export type UsageBucket = Schemas['UsageBucketDto'];
export type UsageList = Schemas['UsageListDto'];
export type UsageRecord = Schemas['UsageRecordDto'];
export type UsageRecordList = Schemas['UsageRecordListDto'];

/** Filters and paging of `GET /v1/usage/records`. */
export interface UsageRecordListParams {
  /** ISO 8601 date or date-time, inclusive; default `to` less 30 days. */
  from?: string;
  /** ISO 8601 date or date-time, exclusive; default now. */
  to?: string;
  operation?: Operation;
  /** Only calls made with this `x-subject`. */
  subject?: string;
  /** Only calls made with this key. */
  key_id?: string;
  /** 1–1000 per page (default 100). */
  limit?: number;
  /** The previous page's `next_cursor`. */
  cursor?: string;
}

/** Filters, buckets and paging of `GET /v1/usage`. */
export interface UsageListParams extends UsageRecordListParams {
  /** UTC days (default; at most 400 days) or hours (at most 31 days). */
  granularity?: 'day' | 'hour';
  /** One bucket per combination of these. */
  group_by?: ('operation' | 'subject' | 'key')[];
}
