import type { WebhookDeliveryView, WebhookEndpointView, WebhookEventType } from '@reelscout/domain';
import type { WebhookDeliveryAttemptRow } from '../repositories/webhook-delivery-attempt.repository';
import type { WebhookDeliveryRow } from '../repositories/webhook-delivery.repository';
import type { WebhookEndpointRow } from '../repositories/webhook-endpoint.repository';

/** The wire shapes live in @reelscout/domain (shared with the dashboard); here, the mapping. */
export type {
  CreatedWebhookEndpointView,
  DeletedWebhookEndpointView,
  ListView,
  WebhookDeliveryAttemptView,
  WebhookDeliveryView,
  WebhookEndpointView,
} from '@reelscout/domain';

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

export function endpointView(row: WebhookEndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    object: 'webhook_endpoint',
    url: row.url,
    events: row.events as WebhookEventType[],
    status: row.status,
    disabled_reason: row.disabled_reason,
    failing_since: iso(row.failing_since),
    livemode: row.mode === 'live',
    created_at: row.created_at.toISOString(),
  };
}

export function deliveryView(
  row: WebhookDeliveryRow,
  attempts: WebhookDeliveryAttemptRow[],
): WebhookDeliveryView {
  const jobId = jobIdOf(row.payload);
  return {
    id: row.id,
    object: 'webhook_delivery',
    endpoint_id: row.endpoint_id,
    message_id: row.message_id,
    event_type: row.event_type,
    job_id: typeof jobId === 'string' ? jobId : null,
    status: row.status,
    attempt_count: row.attempts,
    next_attempt_at: iso(row.next_attempt_at),
    last_status_code: row.last_status_code,
    failure_reason: row.failure_reason,
    created_at: row.created_at.toISOString(),
    finished_at: iso(row.finished_at),
    attempts: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      attempted_at: attempt.attempted_at.toISOString(),
      status_code: attempt.status_code,
      latency_ms: attempt.latency_ms,
      error: attempt.error,
    })),
  };
}

/** The job a delivery is about: `data.id` of its payload. */
function jobIdOf(payload: string): unknown {
  try {
    return (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
  } catch {
    return null;
  }
}
