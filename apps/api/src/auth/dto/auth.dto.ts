import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';

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
