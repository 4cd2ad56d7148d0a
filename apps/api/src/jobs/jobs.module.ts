import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { LedgerModule } from '../ledger/ledger.module';
import { ProvidersModule } from '../providers/providers.module';
import { JobRepository } from '../repositories/job.repository';
import { UsageModule } from '../usage/usage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AccountJobsController } from './account-jobs.controller';
import { JobEvents } from './job-events';
import { JobUsage } from './job-usage';
import { JobExecutor } from './job-executor';
import { JobQueue } from './job-queue';
import { JobSettlement } from './job-settlement';
import { JobSweeper } from './job-sweeper';
import { JobWaiter } from './job-waiter';
import { JobWorker } from './job-worker';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { OperationRegistry } from './operation-registry';

/** Jobs: the queue, the runs, the sweeper and `/v1/jobs`. */
@Module({
  imports: [
    AccountsModule,
    LedgerModule,
    IdempotencyModule,
    ProvidersModule,
    UsageModule,
    WebhooksModule,
    ApiKeysModule,
  ],
  controllers: [JobsController, AccountJobsController],
  providers: [
    JobRepository,
    JobQueue,
    JobSettlement,
    JobEvents,
    JobUsage,
    JobExecutor,
    JobWaiter,
    JobWorker,
    JobSweeper,
    JobsService,
    OperationRegistry,
  ],
  exports: [JobRepository, JobQueue, JobExecutor, JobWaiter, JobsService, OperationRegistry],
})
export class JobsModule {}
