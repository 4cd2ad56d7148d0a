import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  PasswordResetConfirmedView,
  PasswordResetRequestedView,
  SessionView,
  SignedInView,
  SignedOutView,
} from '@reelscout/domain';
import { IsEmail, IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { AccountResponseDto } from '../../accounts/dto/account.dto';
import { MAIL_LOCALES, type MailLocale } from '../../mail/mail-messages';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

export class SignInDto {
  @ApiProperty({ example: 'ada@example.com' })
  @IsEmail()
  @MaxLength(254)
  email: string;

  @ApiProperty()
  @IsString()
  @MaxLength(PASSWORD_MAX)
  password: string;
}

export class SignUpDto {
  @ApiProperty({ description: 'The token from the invite link (the last path segment).' })
  @IsString()
  @Length(16, 128)
  token: string;

  @ApiProperty({ example: 'ada@example.com' })
  @IsEmail()
  @MaxLength(254)
  email: string;

  @ApiProperty({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
  @IsString()
  @Length(PASSWORD_MIN, PASSWORD_MAX, {
    message: `password must be between ${PASSWORD_MIN} and ${PASSWORD_MAX} characters`,
  })
  password: string;
}

export class PasswordResetRequestDto {
  @ApiProperty()
  @IsEmail()
  @MaxLength(254)
  email: string;

  @ApiPropertyOptional({
    enum: MAIL_LOCALES,
    default: 'en',
    description: 'The language of the e-mail: the dashboard sends the one it is shown in.',
  })
  @IsOptional()
  @IsIn(MAIL_LOCALES)
  locale?: MailLocale;
}

export class PasswordResetConfirmDto {
  @ApiProperty()
  @IsString()
  @Length(16, 128)
  token: string;

  @ApiProperty({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
  @IsString()
  @Length(PASSWORD_MIN, PASSWORD_MAX, {
    message: `password must be between ${PASSWORD_MIN} and ${PASSWORD_MAX} characters`,
  })
  password: string;
}

/** `POST /auth/sign-in`: the signed-in account; the session cookie is set alongside. */
export class SignInResponseDto implements SignedInView {
  @ApiProperty({ type: () => AccountResponseDto })
  account: AccountResponseDto;
}

/** `POST /auth/sign-up`: the new account, already signed in. */
export class SignUpResponseDto extends SignInResponseDto {}

/** `POST /auth/sign-out`. */
export class SignOutResponseDto implements SignedOutView {
  @ApiProperty({ type: Boolean, enum: [true] })
  signedOut: true;
}

/** `GET /auth/session`. */
export class SessionResponseDto implements SessionView {
  @ApiProperty()
  signedIn: boolean;

  @ApiProperty({ type: () => AccountResponseDto, nullable: true })
  account: AccountResponseDto | null;
}

/** `POST /auth/password-reset/request`: the same answer whether or not the address is known. */
export class PasswordResetRequestResponseDto implements PasswordResetRequestedView {
  @ApiProperty({ type: Boolean, enum: [true] })
  accepted: true;
}

/** `POST /auth/password-reset/confirm`. */
export class PasswordResetConfirmResponseDto implements PasswordResetConfirmedView {
  @ApiProperty({ type: Boolean, enum: [true] })
  reset: true;
}
