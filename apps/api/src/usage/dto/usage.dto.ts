import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MODES,
  OPERATIONS,
  USAGE_GROUP_BYS,
  USAGE_SOURCES,
  type DailySpendListView,
  type DailySpendView,
  type Micros,
  type Mode,
  type UsageGroupBy,
  type UsageGroupView,
  type UsagePageView,
  type UsageSource,
  type UsageView,
} from '@reelscout/domain';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  registerDecorator,
} from 'class-validator';

export class PageQueryDto {
  @ApiPropertyOptional({ enum: MODES })
  @IsOptional()
  @IsIn(MODES)
  mode?: Mode;

  @ApiPropertyOptional({ description: "From the previous page's `nextCursor`." })
  @IsOptional()
  @Matches(/^\d{1,18}$/, { message: 'cursor must be a cursor returned by the previous page' })
  cursor?: string;

  @ApiPropertyOptional({ type: 'integer', default: 50, minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;
}

/**
 * The one date shape the date filters accept: a calendar date (`2024-01-05`, UTC midnight) or a
 * date-time (`2024-01-05T10:00`, `…T10:00:00.123Z`, `…T10:00:00+02:00`; without an offset, UTC).
 * Deliberately narrower than ISO 8601: week dates (`2024-W05`), ordinal dates (`2024-035`) and
 * the basic format (`20240105`) pass a loose ISO 8601 check but neither `Date` nor Postgres reads
 * them, and impossible days (`2024-02-30`) must not roll over to another day.
 */
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** The instant a date filter names, or null when it is not one (see ISO_INSTANT). */
export function parseIsoInstant(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = ISO_INSTANT.exec(value);
  if (!m) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone = 'Z'] =
    m;
  if (Number(year) < 1 || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) {
    return null;
  }
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const [oh, om] = zone.slice(1).split(':').map(Number);
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  const ms = fraction.padEnd(3, '0').slice(0, 3);
  const utc = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${ms}Z`);
  if (
    Number.isNaN(utc.getTime()) ||
    utc.getUTCMonth() + 1 !== Number(month) ||
    utc.getUTCDate() !== Number(day)
  ) {
    return null;
  }
  return new Date(utc.getTime() - offsetMinutes * 60_000);
}

/** A date filter: only what parseIsoInstant reads, else 400 invalid_request naming the field. */
export function IsIsoInstant(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isIsoInstant',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => parseIsoInstant(value) !== null,
        defaultMessage: (args) =>
          `${args?.property ?? String(propertyName)} must be a date (YYYY-MM-DD) or a date-time (YYYY-MM-DDTHH:MM[:SS[.sss]], then Z or ±HH:MM; UTC when omitted)`,
      },
    });
}

/** `from`/`to` of a validated query as instants. */
export function dateRange(query: { from?: string; to?: string }): { from?: Date; to?: Date } {
  return {
    from: parseIsoInstant(query.from) ?? undefined,
    to: parseIsoInstant(query.to) ?? undefined,
  };
}

const DATE_FORMAT =
  'A date (`2024-01-05`, UTC midnight) or a date-time (`2024-01-05T10:00:00Z`, `…+02:00`; UTC without an offset).';

/** The ledger's filters: the usage filters that apply to money (the ledger has no subject). */
export class LedgerQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: OPERATIONS })
  @IsOptional()
  @IsIn(OPERATIONS)
  operation?: string;

  @ApiPropertyOptional({ description: `${DATE_FORMAT} Inclusive.`, example: '2025-11-01' })
  @IsOptional()
  @IsIsoInstant()
  from?: string;

  @ApiPropertyOptional({ description: `${DATE_FORMAT} Exclusive.`, example: '2025-12-01' })
  @IsOptional()
  @IsIsoInstant()
  to?: string;
}

export class UsageQueryDto extends LedgerQueryDto {
  @ApiPropertyOptional({ description: 'Only calls with this `x-subject`.' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  subject?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only calls made with this key.' })
  @IsOptional()
  @IsUUID('all', { message: 'key_id must be the id of one of your keys' })
  key_id?: string;

  @ApiPropertyOptional({
    enum: USAGE_SOURCES,
    description: 'Only calls made with a key (`api`) or run in the dashboard (`dashboard`).',
  })
  @IsOptional()
  @IsIn(USAGE_SOURCES)
  source?: UsageSource;

  @ApiPropertyOptional({
    enum: USAGE_GROUP_BYS,
    description:
      'Also return `groups`: calls and spend per key or per subject over every matching call (the CSV: one row per group).',
  })
  @IsOptional()
  @IsIn(USAGE_GROUP_BYS)
  group_by?: UsageGroupBy;
}

/** One row of `GET /account/usage`: one call (made with a key, or a dashboard run), charged or not. */
export class UsageResponseDto implements UsageView {
  @ApiProperty({ example: '2071' })
  id: string;

  @ApiProperty({ description: "The call's `x-request-id`." })
  requestId: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ example: 'scan' })
  operation: string;

  @ApiProperty({ enum: MODES })
  mode: Mode;

  @ApiProperty({ type: String, nullable: true, description: 'The `x-subject` header, if sent.' })
  subject: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'network_a' })
  market: string | null;

  @ApiProperty({ type: 'integer', example: 200, description: 'The HTTP status answered.' })
  status: number;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'insufficient_credit',
    description: 'The error code of a failed call.',
  })
  errorCode: string | null;

  @ApiProperty({
    type: 'integer',
    example: 37_500,
    description: 'Micro-USD charged; 0 for a failed call.',
  })
  chargedMicros: Micros;

  @ApiProperty({ type: 'integer', example: 1840 })
  durationMs: number;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The key the call was made with; null for a dashboard run.',
  })
  keyId: string | null;

  @ApiProperty({
    enum: USAGE_SOURCES,
    description: '`api`: made with a key; `dashboard`: a playground run in the dashboard (no key).',
  })
  source: UsageSource;
}

/** Calls and spend of one key or one subject. */
export class UsageGroupResponseDto implements UsageGroupView {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'customer-42',
    description: 'The key id (`group_by=key`) or the subject; null: calls without one.',
  })
  group: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'production server',
    description: "`group_by=key`: the key's label.",
  })
  keyName: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'rs_live_AbCd…',
    description: "`group_by=key`: the key's display start.",
  })
  keyStart: string | null;

  @ApiProperty({ type: 'integer', example: 12, description: 'Calls made, charged or not.' })
  calls: number;

  @ApiProperty({ type: 'integer', example: 450_000, description: 'Micro-USD charged.' })
  chargedMicros: Micros;
}

/** `GET /account/usage`: a page of calls, newest first. */
export class UsagePageResponseDto implements UsagePageView {
  @ApiProperty({ type: () => [UsageResponseDto] })
  items: UsageResponseDto[];

  @ApiProperty({
    type: () => [UsageGroupResponseDto],
    nullable: true,
    description:
      'With `group_by`: every matching call grouped by key or subject, most charged first; otherwise null.',
  })
  groups: UsageGroupResponseDto[] | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass back as `cursor` for the next page; `null` on the last page.',
  })
  nextCursor: string | null;
}

/** Spend on one UTC day for one operation. */
export class DailySpendResponseDto implements DailySpendView {
  @ApiProperty({ format: 'date', example: '2025-11-03', description: 'A UTC day.' })
  day: string;

  @ApiProperty({ example: 'scan' })
  operation: string;

  @ApiProperty({ type: 'integer', example: 112_500, description: 'Micro-USD charged.' })
  chargedMicros: Micros;

  @ApiProperty({ type: 'integer', example: 3, description: 'Calls made, charged or not.' })
  calls: number;
}

/** `GET /account/usage/daily`. */
export class DailySpendListResponseDto implements DailySpendListView {
  @ApiProperty({ type: () => [DailySpendResponseDto] })
  days: DailySpendResponseDto[];
}
