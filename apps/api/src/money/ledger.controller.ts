import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import { ApiDashboardRoute } from '../common/openapi/route-docs';
import { CurrentAccount, SessionGuard } from '../request-context/session.guard';
import { dateRange, LedgerQueryDto } from '../usage/dto/usage.dto';
import { BillingService } from './billing.service';
import { LedgerPageResponseDto } from './dto/ledger.dto';

/** Dashboard back end: the account's ledger. */
@ApiTags('dashboard: credit')
@Controller('account')
@UseGuards(SessionGuard)
export class LedgerController {
  constructor(private readonly billing: BillingService) {}

  /** The account's ledger, newest first: filterable by mode, operation and date like usage. */
  @Get('ledger')
  @ApiDashboardRoute({
    operationId: 'accountListLedger',
    summary: "List the account's ledger entries, newest first",
    description: 'Filter by mode, operation and date; page with `cursor` and `limit`.',
    auth: 'session',
  })
  @ApiOkResponse({ type: LedgerPageResponseDto, description: 'A page of entries, newest first.' })
  ledger(
    @CurrentAccount() account: Account,
    @Query() query: LedgerQueryDto,
  ): Promise<LedgerPageResponseDto> {
    return this.billing.listEntries(
      account.id,
      { mode: query.mode, operation: query.operation, ...dateRange(query) },
      { cursor: query.cursor, limit: query.limit ?? 50 },
    );
  }
}
