import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AccountJobsController } from './account-jobs.controller';
import { ExecutionModule } from './execution.module';
import { JobsController } from './jobs.controller';

/**
 * `/v1/jobs` and its dashboard twin. A module of their own, imported by the application after the
 * four operations: Express tries routes in the order they were registered, so the paid calls
 * match first (the operation modules import ExecutionModule, which registers no route).
 */
@Module({
  imports: [AccountsModule, ApiKeysModule, ExecutionModule],
  controllers: [JobsController, AccountJobsController],
})
export class JobsApiModule {}
