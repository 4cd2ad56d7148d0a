import { ApiProperty } from '@nestjs/swagger';
import {
  WEBHOOK_DELIVERY_FAILURE_REASONS,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryAttemptView,
  type WebhookDeliveryFailureReason,
  type WebhookDeliveryListView,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
} from '@reelscout/domain';

export class WebhookDeliveryAttemptResponseDto implements WebhookDeliveryAttemptView {
  @ApiProperty({ type: 'integer', minimum: 1 })
  attempt: number;

  @ApiProperty({ format: 'date-time' })
  attempted_at: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The receiver’s status; null when it did not answer.',
  })
  status_code: number | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  latency_ms: number;

  @ApiProperty({ type: String, nullable: true, example: 'timed out after 10000 ms' })
  error: string | null;
}

export class WebhookDeliveryResponseDto implements WebhookDeliveryView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['webhook_delivery'] })
  object: 'webhook_delivery';

  @ApiProperty({ format: 'uuid' })
  endpoint_id: string;

  @ApiProperty({ example: 'msg_2f1c9e0b7a6d4c3b8e5f1a2b3c4d5e6f', description: '`webhook-id`.' })
  message_id: string;

  @ApiProperty({ example: 'job.succeeded' })
  event_type: string;

  @ApiProperty({ type: String, nullable: true })
  job_id: string | null;

  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES })
  status: WebhookDeliveryStatus;

  @ApiProperty({ type: 'integer', minimum: 0 })
  attempt_count: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  next_attempt_at: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  last_status_code: number | null;

  @ApiProperty({
    enum: WEBHOOK_DELIVERY_FAILURE_REASONS,
    nullable: true,
    description:
      'Why it ended without being sent: `backlog_full`, the account already had `WEBHOOK_MAX_PENDING_PER_ACCOUNT` pending deliveries in this mode when the event was written (the job stays readable with `GET /v1/jobs/{id}`; redeliver to send it). Null otherwise.',
  })
  failure_reason: WebhookDeliveryFailureReason | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finished_at: string | null;

  @ApiProperty({ type: () => [WebhookDeliveryAttemptResponseDto] })
  attempts: WebhookDeliveryAttemptResponseDto[];
}

export class WebhookDeliveryListResponseDto implements WebhookDeliveryListView {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ type: () => [WebhookDeliveryResponseDto] })
  data: WebhookDeliveryResponseDto[];

  @ApiProperty()
  has_more: boolean;
}
