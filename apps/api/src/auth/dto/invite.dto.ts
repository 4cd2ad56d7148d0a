import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  INVITE_STATES,
  type CreatedInviteView,
  type InviteState,
  type InviteView,
} from '@reelscout/domain';
import { IsBoolean, IsEmail, IsOptional, MaxLength } from 'class-validator';

export class InviteCreateDto {
  @ApiPropertyOptional({ description: 'Only this address may use the invite.' })
  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({ default: false, description: 'The new account gets API access.' })
  @IsOptional()
  @IsBoolean()
  apiAccess?: boolean;
}

/** `POST /account/invites`: the token exists only in `url`. */
export class InviteCreateResponseDto implements CreatedInviteView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ description: 'The sign-up link, carrying the invite token; shown once.' })
  url: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt: string;

  @ApiProperty({ type: String, nullable: true, description: 'Only this address may use it.' })
  email: string | null;

  @ApiProperty()
  grantsApiAccess: boolean;
}

/** `GET /auth/invites/{token}`: what the sign-up page may say about an invite link. */
export class InviteInspectResponseDto implements InviteView {
  @ApiProperty({ enum: INVITE_STATES })
  state: InviteState;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The address the invite is bound to; only while it is `valid`.',
  })
  email: string | null;
}
