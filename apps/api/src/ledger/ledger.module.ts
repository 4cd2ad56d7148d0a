import { Module } from '@nestjs/common';
import { BalanceRepository } from '../repositories/balance.repository';
import { LedgerEntryRepository } from '../repositories/ledger-entry.repository';
import { LedgerRepository } from '../repositories/ledger.repository';
import { SpendCounterRepository } from '../repositories/spend-counter.repository';
import { BillingService } from './billing.service';
import { JobLedger } from './job-ledger.service';

/**
 * The money module: every money statement is LedgerRepository's (holds with their jobs,
 * settlements, the reaper, credit), each a call of a function of
 * libs/database/src/sql/money.sql; read models of balances, ledger entries and spend windows
 * beside it. Other modules go through BillingService (balances, credit, the ledger as accounts
 * see it) and JobLedger (a paid call's holds); the execution module's JobSettlement sends the
 * job's settlements through LedgerRepository itself. docs/architecture.md §5.
 */
@Module({
  providers: [
    BillingService,
    JobLedger,
    LedgerRepository,
    BalanceRepository,
    LedgerEntryRepository,
    SpendCounterRepository,
  ],
  exports: [BillingService, JobLedger, LedgerRepository],
})
export class LedgerModule {}
