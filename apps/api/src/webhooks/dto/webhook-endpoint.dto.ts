import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MODES,
  WEBHOOK_ENDPOINT_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhookEndpointView,
  type DeletedWebhookEndpointView,
  type Mode,
  type WebhookEndpointListView,
  type WebhookEndpointStatus,
  type WebhookEndpointView,
  type WebhookEventType,
} from '@reelscout/domain';
import { Type } from 'class-transformer';
import {
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { MAX_ENDPOINT_URL_LENGTH } from '../webhook-url';

export class CreateWebhookEndpointDto {
  @ApiProperty({
    example: 'https://example.com/webhooks/reelscout',
    maxLength: MAX_ENDPOINT_URL_LENGTH,
    description:
      'Where events are POSTed. Live mode: https, a public address. Test mode may also use ' +
      'http and loopback (`http://localhost:3000/…`).',
  })
  @IsString()
  @MaxLength(MAX_ENDPOINT_URL_LENGTH)
  url: string;

  @ApiPropertyOptional({
    enum: WEBHOOK_EVENT_TYPES,
    isArray: true,
    description:
      'The events to receive; when left out, the job events (`job.*`): watch events (`watch.*`) go only to endpoints that name them.',
  })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events?: WebhookEventType[];
}

export class UpdateWebhookEndpointDto {
  @ApiPropertyOptional({ maxLength: MAX_ENDPOINT_URL_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_ENDPOINT_URL_LENGTH)
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events?: WebhookEventType[];

  @ApiPropertyOptional({
    enum: WEBHOOK_ENDPOINT_STATUSES,
    description: '`enabled` also clears the failing state of an endpoint the service disabled.',
  })
  @IsOptional()
  @IsIn(WEBHOOK_ENDPOINT_STATUSES)
  status?: WebhookEndpointStatus;
}

export class ListQueryDto {
  @ApiPropertyOptional({ type: 'integer', default: 10, minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: 'The last id of the previous page.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  starting_after?: string;
}

/** The dashboard has no key to say the mode: it names it. */
export class ModeQueryDto {
  @ApiProperty({ enum: MODES })
  @IsIn(MODES)
  mode: Mode;
}

export class ModeListQueryDto extends ListQueryDto {
  @ApiProperty({ enum: MODES })
  @IsIn(MODES)
  mode: Mode;
}

export class WebhookEndpointResponseDto implements WebhookEndpointView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['webhook_endpoint'] })
  object: 'webhook_endpoint';

  @ApiProperty()
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  events: WebhookEventType[];

  @ApiProperty({ enum: WEBHOOK_ENDPOINT_STATUSES })
  status: WebhookEndpointStatus;

  @ApiProperty({ type: String, nullable: true })
  disabled_reason: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  failing_since: string | null;

  @ApiProperty()
  livemode: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class CreatedWebhookEndpointResponseDto
  extends WebhookEndpointResponseDto
  implements CreatedWebhookEndpointView
{
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description:
      'The signing secret (Standard Webhooks): shown here, in the create and rotate answers, ' +
      'and never again.',
  })
  secret: string;
}

export class DeletedWebhookEndpointResponseDto implements DeletedWebhookEndpointView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['webhook_endpoint'] })
  object: 'webhook_endpoint';

  @ApiProperty({ enum: [true] })
  deleted: true;
}

export class WebhookEndpointListResponseDto implements WebhookEndpointListView {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ type: () => [WebhookEndpointResponseDto] })
  data: WebhookEndpointResponseDto[];

  @ApiProperty()
  has_more: boolean;
}
