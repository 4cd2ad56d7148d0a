import { Module } from '@nestjs/common';
import { BalanceRepository } from '../repositories/balance.repository';
import { LedgerEntryRepository } from '../repositories/ledger-entry.repository';
import { MoneyRepository } from '../repositories/money.repository';
import { SpendCounterRepository } from '../repositories/spend-counter.repository';
import { BillingService } from './billing.service';

/**
 * The money module: balances, credit and its reversals, the ledger and the spend windows as
 * accounts see them, the 402 of a refused hold, and the reaper (BillingService). Every movement
 * of money is a function of libs/database/src/sql/money.sql; MoneyRepository calls the ones that
 * are not a job's and keeps the per-balance-row queue every money statement waits on, which the
 * execution module's job aggregate uses for the job's own statements (the hold with the job, the
 * settlements). The read models of balances, ledger entries and spend windows sit beside it; the
 * routes are MoneyApiModule's. docs/architecture.md §5.
 */
@Module({
  providers: [
    BillingService,
    MoneyRepository,
    BalanceRepository,
    LedgerEntryRepository,
    SpendCounterRepository,
  ],
  exports: [BillingService, MoneyRepository],
})
export class MoneyModule {}
