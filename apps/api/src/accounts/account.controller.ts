import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import { ApiDashboardRoute } from '../common/openapi/route-docs';
import { CurrentAccount, SessionGuard } from '../request-context/session.guard';
import { toAccountView } from './accounts.service';
import { AccountResponseDto } from './dto/account.dto';

@ApiTags('dashboard: account')
@Controller('account')
@UseGuards(SessionGuard)
export class AccountController {
  /** The signed-in account; `apiAccess: false` means no API settings and no key routes. */
  @Get()
  @ApiDashboardRoute({
    operationId: 'accountGet',
    summary: 'The signed-in account',
    description: '`apiAccess: false`: no API settings and no key routes.',
    auth: 'session',
  })
  @ApiOkResponse({ type: AccountResponseDto })
  me(@CurrentAccount() account: Account): AccountResponseDto {
    return toAccountView(account);
  }
}
