import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  API_KEY_STATUSES,
  KEY_AUDIT_ACTIONS,
  KEY_AUDIT_ACTORS,
  MAX_MICROS,
  MODES,
  OPERATIONS,
  ROLL_GRACE_SECONDS,
  type AccountSubjectLimitsView,
  type ApiKeyDetailView,
  type ApiKeyListView,
  type ApiKeyStatus,
  type ApiKeyView,
  type CreatedApiKeyView,
  type KeyAuditAction,
  type KeyAuditActor,
  type KeyAuditEntryView,
  type KeyLimitsView,
  type KeySpendView,
  type Micros,
  type Mode,
  type RolledApiKeyView,
  type SubjectLimitsView,
} from '@reelscout/domain';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsIsoInstant } from '../../usage/dto/usage.dto';
import { LIMIT_RULE, OPERATIONS_RULE } from '../key-settings';

const LIMIT_MESSAGE = `$property must be ${LIMIT_RULE}`;

/** One limit field: an integer of micro-USD ≥ 1, or null (none); absent on an update: unchanged. */
function LimitField(description: string): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ApiPropertyOptional({
      type: 'integer',
      nullable: true,
      minimum: 1,
      maximum: MAX_MICROS,
      example: 5_000_000,
      description: `${description} Micro-USD (1 USD = 1 000 000); null: no limit.`,
    }),
    IsOptional(),
    IsInt({ message: LIMIT_MESSAGE }),
    Min(1, { message: LIMIT_MESSAGE }),
    Max(MAX_MICROS, { message: LIMIT_MESSAGE }),
  ];
  return (target, key) => decorators.forEach((d) => d(target, key));
}

export class KeyLimitsDto implements Partial<KeyLimitsView> {
  @LimitField('Lifetime spend limit of the key.')
  totalMicros?: number | null;

  @LimitField('Spend limit per UTC day.')
  dailyMicros?: number | null;

  @LimitField('Spend limit per UTC month.')
  monthlyMicros?: number | null;
}

export class SubjectLimitsDto implements Partial<SubjectLimitsView> {
  @LimitField('Spend limit per end customer (`x-subject`) per UTC day.')
  dailyMicros?: number | null;

  @LimitField('Spend limit per end customer (`x-subject`) per UTC month.')
  monthlyMicros?: number | null;
}

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The settings of `POST /account/keys` and `PATCH /account/keys/{id}`. */
export class ApiKeySettingsDto {
  @ApiPropertyOptional({
    type: () => KeyLimitsDto,
    nullable: true,
    description: 'Spend limits of the key; a field left out is unchanged (none on create).',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => KeyLimitsDto)
  limits?: KeyLimitsDto | null;

  @ApiPropertyOptional({
    type: [String],
    enum: OPERATIONS,
    nullable: true,
    example: ['assist', 'scan'],
    description:
      'The operations the key may call (`403 operation_not_allowed` for others); null: all.',
  })
  @IsOptional()
  @IsArray({ message: `$property must be ${OPERATIONS_RULE}` })
  @ArrayMinSize(1, { message: `$property must be ${OPERATIONS_RULE}` })
  @ArrayMaxSize(OPERATIONS.length * 2)
  @IsIn(OPERATIONS, {
    each: true,
    message: `$property lists an unknown operation; allowed: ${OPERATIONS.join(', ')}`,
  })
  operations?: string[] | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2026-12-31T00:00:00Z',
    description:
      'When the key stops working (401, like a revoked key); in the future. null: never.',
  })
  @IsOptional()
  @IsIsoInstant()
  expiresAt?: string | null;

  @ApiPropertyOptional({
    type: () => SubjectLimitsDto,
    nullable: true,
    description:
      "Per end customer (`x-subject`) limits for this key's calls, overriding the account's.",
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => SubjectLimitsDto)
  subjectLimits?: SubjectLimitsDto | null;
}

export class ApiKeyCreateDto extends ApiKeySettingsDto {
  @ApiProperty({ minLength: 1, maxLength: 64, example: 'production server' })
  @Transform(trim)
  @IsString()
  @Length(1, 64)
  name: string;

  @ApiProperty({ enum: MODES, description: '`test` keys use the sandbox and the test balance.' })
  @IsIn(MODES)
  mode: Mode;
}

/** `PATCH /account/keys/{id}`: only the fields sent change. */
export class ApiKeyUpdateDto extends ApiKeySettingsDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 64, example: 'production server' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(1, 64)
  name?: string;
}

export class ApiKeyRollDto {
  @ApiProperty({
    type: 'integer',
    enum: ROLL_GRACE_SECONDS,
    example: 86_400,
    description:
      'How long the old key keeps working: 0 (not at all), 3600 (1 h), 86400 (24 h) or 604800 (7 days).',
  })
  @IsIn(ROLL_GRACE_SECONDS, {
    message: `$property must be one of ${ROLL_GRACE_SECONDS.join(', ')}`,
  })
  graceSeconds: number;
}

/** `PATCH /account/subject-limits`: only the fields sent change. */
export class SubjectLimitsUpdateDto extends SubjectLimitsDto {}

class KeyLimitsResponseDto implements KeyLimitsView {
  @ApiProperty({ type: 'integer', nullable: true, example: 50_000_000 })
  totalMicros: Micros | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 5_000_000 })
  dailyMicros: Micros | null;

  @ApiProperty({ type: 'integer', nullable: true, example: null })
  monthlyMicros: Micros | null;
}

/** Per-subject limits: the account's defaults, or a key's overrides. */
export class SubjectLimitsResponseDto implements SubjectLimitsView, AccountSubjectLimitsView {
  @ApiProperty({ type: 'integer', nullable: true, example: 1_000_000 })
  dailyMicros: Micros | null;

  @ApiProperty({ type: 'integer', nullable: true, example: null })
  monthlyMicros: Micros | null;
}

class KeySpendResponseDto implements KeySpendView {
  @ApiProperty({ type: 'integer', example: 1_250_000, description: 'Micro-USD charged in all.' })
  totalMicros: Micros;

  @ApiProperty({ type: 'integer', example: 150_000, description: 'This UTC day.' })
  dailyMicros: Micros;

  @ApiProperty({ type: 'integer', example: 900_000, description: 'This UTC month.' })
  monthlyMicros: Micros;
}

/** One key as listed or revoked: never the key itself, only its display start. */
export class ApiKeyResponseDto implements ApiKeyView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'production server' })
  name: string;

  @ApiProperty({ enum: MODES })
  mode: Mode;

  @ApiProperty({
    example: 'rs_test_AbCd…',
    description:
      'The prefix and first characters, for recognising the key; the rest is never stored.',
  })
  start: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastUsedAt: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'May lie in the future: a rolled key works until then (`expiring`).',
  })
  revokedAt: string | null;

  @ApiProperty({
    enum: API_KEY_STATUSES,
    description:
      '`expiring`: rolled, working until `revokedAt`; `expired`: past `expiresAt` or its grace period.',
  })
  status: ApiKeyStatus;

  @ApiProperty({ type: () => KeyLimitsResponseDto })
  limits: KeyLimitsResponseDto;

  @ApiProperty({
    type: [String],
    enum: OPERATIONS,
    nullable: true,
    description: 'The operations the key may call; null: all.',
  })
  operations: string[] | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expiresAt: string | null;

  @ApiProperty({
    type: () => SubjectLimitsResponseDto,
    description: "This key's per-subject limits; a null field: the account's applies.",
  })
  subjectLimits: SubjectLimitsResponseDto;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The key this one was rolled from.',
  })
  rolledFrom: string | null;

  @ApiProperty({ type: () => KeySpendResponseDto, description: 'What the key has charged.' })
  spend: KeySpendResponseDto;
}

/** `POST /account/keys`: the only response that ever carries the plaintext key. */
export class ApiKeyCreateResponseDto extends ApiKeyResponseDto implements CreatedApiKeyView {
  @ApiProperty({
    description: 'The key itself: shown once, here, and never again. Only its hash is stored.',
  })
  key: string;
}

/** `GET /account/keys`: the account's keys, newest first. */
export class ApiKeyListResponseDto implements ApiKeyListView {
  @ApiProperty({ type: () => [ApiKeyResponseDto] })
  keys: ApiKeyResponseDto[];
}

export class KeyAuditEntryResponseDto implements KeyAuditEntryView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    enum: KEY_AUDIT_ACTORS,
    description: '`account`: the signed-in account (dashboard); `operator`: the operator CLI.',
  })
  actor: KeyAuditActor;

  @ApiProperty({ enum: KEY_AUDIT_ACTIONS })
  action: KeyAuditAction;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The changed fields before the change (null for a create).',
  })
  before: Record<string, unknown> | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The changed fields after it.',
  })
  after: Record<string, unknown> | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

/** `GET /account/keys/{id}`: the key and its audit trail. */
export class ApiKeyDetailResponseDto extends ApiKeyResponseDto implements ApiKeyDetailView {
  @ApiProperty({ type: () => [KeyAuditEntryResponseDto], description: 'Newest first.' })
  audit: KeyAuditEntryResponseDto[];
}

/** `POST /account/keys/{id}/roll`. */
export class RolledApiKeyResponseDto implements RolledApiKeyView {
  @ApiProperty({
    type: () => ApiKeyCreateResponseDto,
    description: 'The new key, with the same settings; `key` is shown once, here.',
  })
  created: ApiKeyCreateResponseDto;

  @ApiProperty({
    type: () => ApiKeyResponseDto,
    description: 'The old key: `expiring` until `revokedAt`, or `expired` with no grace.',
  })
  previous: ApiKeyResponseDto;
}
