import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MODES, OPERATIONS, USAGE_SOURCES, type Mode, type UsageSource } from '@reelscout/domain';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import type { UsageBucket, UsageListPage, UsageRecordItem } from '../usage-buckets.service';
import { IsIsoInstant } from './usage.dto';

export const USAGE_DIMENSIONS = ['operation', 'subject', 'key'] as const;
export const GRANULARITIES = ['day', 'hour'] as const;

const DATE =
  'ISO 8601: a date (`2026-11-01`, UTC midnight) or a date-time (`2026-11-01T10:00:00Z`, `…+02:00`; UTC without an offset).';

/** `group_by=operation,subject` and `group_by=operation&group_by=subject` alike. */
const toList = ({ value }: { value: unknown }) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** The filters both usage routes take. */
export class UsageRecordsQueryDto {
  @ApiPropertyOptional({ description: `${DATE} Inclusive; default: \`to\` less 30 days.` })
  @IsOptional()
  @IsIsoInstant()
  from?: string;

  @ApiPropertyOptional({ description: `${DATE} Exclusive; default: now.` })
  @IsOptional()
  @IsIsoInstant()
  to?: string;

  @ApiPropertyOptional({ enum: OPERATIONS, description: 'Only this operation.' })
  @IsOptional()
  @IsIn(OPERATIONS)
  operation?: string;

  @ApiPropertyOptional({ description: 'Only calls made with this `x-subject`.' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9._:@-]{1,128}$/, { message: 'subject must be an x-subject value' })
  subject?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only calls made with this key.' })
  @IsOptional()
  @IsUUID('all', { message: 'key_id must be the id of a key' })
  key_id?: string;

  @ApiPropertyOptional({ type: 'integer', default: 100, minimum: 1, maximum: 1000 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;

  @ApiPropertyOptional({ description: "The previous page's `next_cursor`." })
  @IsOptional()
  @MaxLength(1024)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'cursor must be the next_cursor of a previous page' })
  cursor?: string;
}

export class UsageQueryDto extends UsageRecordsQueryDto {
  @ApiPropertyOptional({
    enum: GRANULARITIES,
    default: 'day',
    description: 'UTC days or UTC hours. `from` and `to` are widened to whole buckets.',
  })
  @IsOptional()
  @IsIn(GRANULARITIES)
  granularity?: (typeof GRANULARITIES)[number];

  @ApiPropertyOptional({
    type: [String],
    enum: USAGE_DIMENSIONS,
    description:
      'One bucket per combination of these (comma-separated or repeated): `operation`, `subject` (the `x-subject`), `key` (the key id).',
  })
  @IsOptional()
  @Transform(toList)
  @IsIn(USAGE_DIMENSIONS, {
    each: true,
    message: 'group_by must be any of operation, subject, key',
  })
  group_by?: (typeof USAGE_DIMENSIONS)[number][];
}

export class UsageBucketDto implements UsageBucket {
  @ApiProperty({ format: 'date-time', example: '2026-11-01T00:00:00.000Z' })
  start: string;

  @ApiProperty({
    format: 'date-time',
    example: '2026-11-02T00:00:00.000Z',
    description: 'Exclusive.',
  })
  end: string;

  @ApiPropertyOptional({ enum: OPERATIONS, description: 'With `group_by=operation`.' })
  operation?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'With `group_by=subject`; null: calls without `x-subject`.',
  })
  subject?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'With `group_by=key`; null: runs in the dashboard (no key).',
  })
  key_id?: string | null;

  @ApiProperty({ type: 'integer', example: 42, description: 'Calls recorded, charged or not.' })
  calls: number;

  @ApiProperty({ type: 'integer', example: 30, description: 'Calls charged more than zero.' })
  charged_calls: number;

  @ApiProperty({
    example: '2.250000',
    description: 'What those calls were charged, USD with six decimals (like the billing headers).',
  })
  charged_usd: string;

  @ApiProperty({
    type: 'integer',
    example: 3,
    description: 'Calls answered with an error (4xx or 5xx); never charged.',
  })
  refused_calls: number;
}

export class UsageListDto implements UsageListPage<UsageBucket> {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ type: () => [UsageBucketDto] })
  data: UsageBucketDto[];

  @ApiProperty()
  has_more: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page.' })
  next_cursor: string | null;
}

export class UsageRecordDto implements UsageRecordItem {
  @ApiProperty({ description: "The call's `x-request-id`." })
  request_id: string;

  @ApiProperty({ type: String, nullable: true, description: 'The job the call ran as, if any.' })
  job_id: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ enum: OPERATIONS })
  operation: string;

  @ApiProperty({ type: String, nullable: true, example: 'network_a' })
  market: string | null;

  @ApiProperty({ type: String, nullable: true })
  subject: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  key_id: string | null;

  @ApiProperty({ type: 'integer', example: 200, description: 'The HTTP status answered.' })
  status: number;

  @ApiProperty({ example: '0.075000' })
  charged_usd: string;

  @ApiProperty({ type: 'integer', example: 1840 })
  duration_ms: number;
}

export class UsageRecordListDto implements UsageListPage<UsageRecordItem> {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ type: () => [UsageRecordDto] })
  data: UsageRecordDto[];

  @ApiProperty()
  has_more: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page.' })
  next_cursor: string | null;
}

/** The dashboard's buckets: the API's query, for the mode and source chosen (default: both). */
export class AccountUsageBucketsQueryDto extends UsageQueryDto {
  @ApiPropertyOptional({ enum: MODES })
  @IsOptional()
  @IsIn(MODES)
  mode?: Mode;

  @ApiPropertyOptional({ enum: USAGE_SOURCES })
  @IsOptional()
  @IsIn(USAGE_SOURCES)
  source?: UsageSource;
}
