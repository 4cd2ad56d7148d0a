import type { Type } from '@nestjs/common';
import type {
  CreatedWebhookEndpointView,
  DeletedWebhookEndpointView,
  WebhookDeliveryAttemptView,
  WebhookDeliveryListView,
  WebhookDeliveryView,
  WebhookEndpointListView,
  WebhookEndpointView,
} from '@reelscout/domain';
import {
  WebhookDeliveryAttemptResponseDto,
  WebhookDeliveryListResponseDto,
  WebhookDeliveryResponseDto,
} from './webhook-delivery.dto';
import {
  CreatedWebhookEndpointResponseDto,
  DeletedWebhookEndpointResponseDto,
  WebhookEndpointListResponseDto,
  WebhookEndpointResponseDto,
} from './webhook-endpoint.dto';

/**
 * The webhook response DTOs `implements` the wire shapes of @reelscout/domain (the compiler
 * refuses a missing field); this closes the other direction, as the dashboard DTOs' spec does:
 * each DTO documents exactly the fields of its view (the samples are `satisfies Required<View>`).
 */
const endpoint = {
  id: 'e',
  object: 'webhook_endpoint',
  url: 'https://example.com/hooks',
  events: ['job.succeeded'],
  status: 'enabled',
  disabled_reason: null,
  failing_since: null,
  livemode: false,
  created_at: '2025-01-01T00:00:00.000Z',
} satisfies Required<WebhookEndpointView>;

const attempt = {
  attempt: 1,
  attempted_at: '2025-01-01T00:00:00.000Z',
  status_code: 200,
  latency_ms: 9,
  error: null,
} satisfies Required<WebhookDeliveryAttemptView>;

const delivery = {
  id: 'd',
  object: 'webhook_delivery',
  endpoint_id: 'e',
  message_id: 'msg_1',
  event_type: 'job.succeeded',
  job_id: 'job_1',
  status: 'succeeded',
  attempt_count: 1,
  next_attempt_at: null,
  last_status_code: 200,
  failure_reason: null,
  created_at: '2025-01-01T00:00:00.000Z',
  finished_at: '2025-01-01T00:00:00.000Z',
  attempts: [attempt],
} satisfies Required<WebhookDeliveryView>;

const CASES: [string, Type<unknown>, object][] = [
  ['WebhookEndpointResponseDto', WebhookEndpointResponseDto, endpoint],
  [
    'CreatedWebhookEndpointResponseDto',
    CreatedWebhookEndpointResponseDto,
    { ...endpoint, secret: 'whsec_x' } satisfies Required<CreatedWebhookEndpointView>,
  ],
  [
    'DeletedWebhookEndpointResponseDto',
    DeletedWebhookEndpointResponseDto,
    { id: 'e', object: 'webhook_endpoint', deleted: true } satisfies DeletedWebhookEndpointView,
  ],
  [
    'WebhookEndpointListResponseDto',
    WebhookEndpointListResponseDto,
    { object: 'list', data: [endpoint], has_more: false } satisfies WebhookEndpointListView,
  ],
  ['WebhookDeliveryAttemptResponseDto', WebhookDeliveryAttemptResponseDto, attempt],
  ['WebhookDeliveryResponseDto', WebhookDeliveryResponseDto, delivery],
  [
    'WebhookDeliveryListResponseDto',
    WebhookDeliveryListResponseDto,
    { object: 'list', data: [delivery], has_more: false } satisfies WebhookDeliveryListView,
  ],
];

/** Where @ApiProperty lists a class's documented properties (`:name`), prototype chain included. */
const API_MODEL_PROPERTIES = 'swagger/apiModelPropertiesArray';

function documentedFields(dto: Type<unknown>): string[] {
  const names: string[] = Reflect.getMetadata(API_MODEL_PROPERTIES, dto.prototype) ?? [];
  return [...new Set(names.map((name) => name.replace(/^:/, '')))].sort();
}

describe('webhook response DTOs document exactly their domain views', () => {
  it.each(CASES)('%s', (_name, dto, sample) => {
    expect(documentedFields(dto)).toEqual(Object.keys(sample).sort());
  });
});
