import { ApiProperty } from '@nestjs/swagger';
import {
  API_KEY_STATUSES,
  MODES,
  type ApiKeyListView,
  type ApiKeyStatus,
  type ApiKeyView,
  type CreatedApiKeyView,
  type Mode,
} from '@reelscout/domain';
import { Transform } from 'class-transformer';
import { IsIn, IsString, Length } from 'class-validator';

export class ApiKeyCreateDto {
  @ApiProperty({ minLength: 1, maxLength: 64, example: 'production server' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(1, 64)
  name: string;

  @ApiProperty({ enum: MODES, description: '`test` keys use the sandbox and the test balance.' })
  @IsIn(MODES)
  mode: Mode;
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

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt: string | null;

  @ApiProperty({ enum: API_KEY_STATUSES })
  status: ApiKeyStatus;
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
