import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { LedgerModule } from '../ledger/ledger.module';
import { BalanceController } from './balance.controller';

/** `GET /v1/balance`: the calling key's balance (API key; the /v1 guard chain). */
@Module({
  imports: [ApiKeysModule, LedgerModule],
  controllers: [BalanceController],
})
export class BalanceModule {}
