import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeyRepository } from '../repositories/api-key.repository';
import { UsageModule } from '../usage/usage.module';
import { MoneyModule } from '../money/money.module';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeysController, SubjectLimitsController } from './api-keys.controller';
import { KeyAuditRepository } from '../repositories/key-audit.repository';
import { ApiKeysService } from './api-keys.service';

/**
 * API keys, and ApiKeyGuard, the front of every /v1 route. The guard is instantiated in each
 * module that uses it, with that module's providers: this module re-exports UsageModule, so a
 * module that imports ApiKeysModule for the guard also gives it UsageService.
 */
@Module({
  imports: [AccountsModule, UsageModule, MoneyModule],
  controllers: [ApiKeysController, SubjectLimitsController],
  providers: [ApiKeysService, ApiKeyRepository, KeyAuditRepository, ApiKeyGuard],
  exports: [ApiKeysService, ApiKeyGuard, UsageModule],
})
export class ApiKeysModule {}
