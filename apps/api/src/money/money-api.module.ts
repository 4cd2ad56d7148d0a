import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { BalanceController } from './balance.controller';
import { LedgerController } from './ledger.controller';
import { MoneyModule } from './money.module';

/**
 * The money module's routes: `GET /v1/balance` (API key; the /v1 guard chain) and the dashboard's
 * `GET /account/ledger` (session). A module of their own: the key guard's module needs the money
 * module (a key's spend windows), so the money module cannot import it back.
 */
@Module({
  imports: [AccountsModule, ApiKeysModule, MoneyModule],
  controllers: [BalanceController, LedgerController],
})
export class MoneyApiModule {}
