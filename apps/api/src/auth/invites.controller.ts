import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import { ApiDashboardRoute, dashboardBodyErrors } from '../common/openapi/route-docs';
import { InviteCreateDto, InviteCreateResponseDto } from './dto/invite.dto';
import { InvitesService } from './invites.service';
import { AdminGuard, CurrentAccount, SessionGuard } from '../request-context/session.guard';

@ApiTags('dashboard: account')
@Controller('account/invites')
@UseGuards(SessionGuard, AdminGuard)
export class InvitesController {
  constructor(private readonly invites: InvitesService) {}

  @Post()
  @HttpCode(201)
  @ApiDashboardRoute({
    operationId: 'accountCreateInvite',
    summary: 'Invite someone (administrators)',
    description: 'A one-time sign-up link, optionally bound to an e-mail and granting API access.',
    auth: 'session',
    errors: dashboardBodyErrors({ forbidden: 'Or: the account is not an administrator.' }),
  })
  @ApiCreatedResponse({
    type: InviteCreateResponseDto,
    description: 'The invite; its token exists only in `url`, shown once.',
  })
  create(
    @CurrentAccount() account: Account,
    @Body() body: InviteCreateDto,
  ): Promise<InviteCreateResponseDto> {
    return this.invites.create({
      email: body.email,
      apiAccess: body.apiAccess ?? false,
      createdBy: account.id,
    });
  }
}
