/** The job events: an endpoint that names no events gets these. */
export const JOB_EVENT_TYPES = ['job.succeeded', 'job.failed', 'job.canceled'] as const;
export type JobEventType = (typeof JOB_EVENT_TYPES)[number];

/**
 * Every event an endpoint can subscribe to: the job events, and the watch events (a run
 * delivered new reels; the service paused a watch; a creator watch's run found new posts, or an
 * outlier post), which go only to endpoints that name them.
 */
export const WEBHOOK_EVENT_TYPES = [
  ...JOB_EVENT_TYPES,
  'watch.new_reels',
  'watch.paused',
  'creator.new_posts',
  'creator.outlier_post',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** `disabled`: by hand, or by the service after its deliveries kept failing (with a reason). */
export const WEBHOOK_ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];

/** `pending`: will be tried at `next_attempt_at`; the other two are final. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * Why a delivery ended without being sent: `backlog_full`, the account already had as many
 * pending deliveries in that mode as it may (`WEBHOOK_MAX_PENDING_PER_ACCOUNT`) when the event
 * was written. The event's job stays readable with `GET /v1/jobs/{id}`.
 */
export const WEBHOOK_DELIVERY_FAILURE_REASONS = ['backlog_full'] as const;
export type WebhookDeliveryFailureReason = (typeof WEBHOOK_DELIVERY_FAILURE_REASONS)[number];

/**
 * A webhook endpoint as every route answers it (`/v1/webhook_endpoints` and
 * `/account/webhook-endpoints`): never its secret, save `CreatedWebhookEndpointView`.
 */
export interface WebhookEndpointView {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  events: WebhookEventType[];
  status: WebhookEndpointStatus;
  /** Why the service disabled it (deliveries kept failing); null when enabled or disabled by hand. */
  disabled_reason: string | null;
  /** Since when its deliveries have been failing, or null when the last one got through. */
  failing_since: string | null;
  livemode: boolean;
  created_at: string;
}

/** The create and rotate answers: the only ones that carry the signing secret (`whsec_…`). */
export interface CreatedWebhookEndpointView extends WebhookEndpointView {
  secret: string;
}

/** The answer of a delete. */
export interface DeletedWebhookEndpointView {
  id: string;
  object: 'webhook_endpoint';
  deleted: true;
}

/** One attempt to deliver an event. */
export interface WebhookDeliveryAttemptView {
  attempt: number;
  attempted_at: string;
  /** The receiver's HTTP status, or null when there was no answer (refused, timeout, network). */
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

/** One event for one endpoint, with every attempt to deliver it (the delivery log). */
export interface WebhookDeliveryView {
  id: string;
  object: 'webhook_delivery';
  endpoint_id: string;
  /** The `webhook-id` header: the same on every attempt and redelivery. */
  message_id: string;
  event_type: string;
  /** The job the event is about (`data.id`). */
  job_id: string | null;
  status: WebhookDeliveryStatus;
  attempt_count: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  /** Why it ended without being sent, or null (see WEBHOOK_DELIVERY_FAILURE_REASONS). */
  failure_reason: WebhookDeliveryFailureReason | null;
  created_at: string;
  finished_at: string | null;
  attempts: WebhookDeliveryAttemptView[];
}

/** A page of a webhook list route, newest first (`limit`, `starting_after`). */
export interface ListView<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
}

export type WebhookEndpointListView = ListView<WebhookEndpointView>;
export type WebhookDeliveryListView = ListView<WebhookDeliveryView>;
