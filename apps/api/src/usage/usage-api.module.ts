import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { UsageApiController } from './usage-api.controller';
import { UsageModule } from './usage.module';

/**
 * `/v1/usage`: a module of its own because its guard (ApiKeysModule) itself imports UsageModule
 * to write the usage records.
 */
@Module({
  imports: [AccountsModule, ApiKeysModule, UsageModule],
  controllers: [UsageApiController],
})
export class UsageApiModule {}
