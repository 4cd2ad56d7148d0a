import { Module } from '@nestjs/common';
import { BalanceRepository } from '../repositories/balance.repository';
import { HoldRepository } from '../repositories/hold.repository';
import { LedgerEntryRepository } from '../repositories/ledger-entry.repository';
import { SpendCounterRepository } from '../repositories/spend-counter.repository';
import { BillingService } from './billing.service';

/**
 * The ledger: balances, holds, capture and void, credits, and the ledger entries that record
 * every move of money (ARCHITECTURE §5), and the spend counters of keys and subjects (spend
 * limits, docs/key-controls.md). Other modules go through BillingService.
 */
@Module({
  providers: [
    BillingService,
    BalanceRepository,
    HoldRepository,
    LedgerEntryRepository,
    SpendCounterRepository,
  ],
  exports: [BillingService],
})
export class LedgerModule {}
