import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import { CurrentAccount, SessionGuard } from '../auth/session.guard';
import { toAccountView, type AccountView } from './accounts.service';

@ApiTags('dashboard: account')
@Controller('account')
@UseGuards(SessionGuard)
export class AccountController {
  /** The signed-in account; `apiAccess: false` means no API settings and no key routes. */
  @Get()
  me(@CurrentAccount() account: Account): AccountView {
    return toAccountView(account);
  }
}
