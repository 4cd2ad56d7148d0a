import { Module } from '@nestjs/common';
import { BalanceRepository } from '../repositories/balance.repository';
import { HoldRepository } from '../repositories/hold.repository';
import { LedgerEntryRepository } from '../repositories/ledger-entry.repository';
import { BillingService } from './billing.service';

/**
 * The ledger: balances, holds, capture and void, credits, and the ledger entries that record
 * every move of money (ARCHITECTURE §5). Other modules go through BillingService.
 */
@Module({
  providers: [BillingService, BalanceRepository, HoldRepository, LedgerEntryRepository],
  exports: [BillingService],
})
export class LedgerModule {}
