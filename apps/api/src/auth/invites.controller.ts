import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import { IsBoolean, IsEmail, IsOptional, MaxLength } from 'class-validator';
import { InvitesService, type CreatedInvite } from './invites.service';
import { AdminGuard, CurrentAccount, SessionGuard } from './session.guard';

export class InviteCreateDto {
  @ApiPropertyOptional({ description: 'Only this address may use the invite.' })
  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string;

  @ApiProperty({ default: false, description: 'The new account gets API access.' })
  @IsOptional()
  @IsBoolean()
  apiAccess?: boolean;
}

@ApiTags('dashboard: account')
@Controller('account/invites')
@UseGuards(SessionGuard, AdminGuard)
export class InvitesController {
  constructor(private readonly invites: InvitesService) {}

  @Post()
  @HttpCode(201)
  create(
    @CurrentAccount() account: Account,
    @Body() body: InviteCreateDto,
  ): Promise<CreatedInvite> {
    return this.invites.create({
      email: body.email,
      apiAccess: body.apiAccess ?? false,
      createdBy: account.id,
    });
  }
}
