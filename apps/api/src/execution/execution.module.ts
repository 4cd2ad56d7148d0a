import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { MoneyModule } from '../money/money.module';
import { ProvidersModule } from '../providers/providers.module';
import { UsageModule } from '../usage/usage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CallAnswers } from './call-answers';
import { ExecutionService } from './execution.service';
import { JobAggregate } from './job-aggregate';
import { JobAttempts } from './job-attempts';
import { JobEvents } from './job-events';
import { JobQueue } from './job-queue';
import { JobSweeper } from './job-sweeper';
import { JobWaiter } from './job-waiter';
import { JobWorker } from './job-worker';
import { JobsService } from './jobs.service';
import { OperationCatalog } from './operation-catalog';

/**
 * The life of every paid call, in one module (docs/architecture.md §5): its one entry
 * (ExecutionService, for /v1, the playground and the MCP tools), the job state machine
 * (job-state.ts) and the job aggregate that makes its moves (job-aggregate.ts, the only writer of
 * `jobs`, calling the money functions in its statements), the attempts that run the work, the
 * queue, the worker and the sweeper, the job events, and the jobs service behind
 * `/v1/jobs` (JobsApiModule). Operation modules register their contracts in its catalog.
 */
@Module({
  imports: [
    AccountsModule,
    ApiKeysModule,
    IdempotencyModule,
    MoneyModule,
    ProvidersModule,
    UsageModule,
    WebhooksModule,
  ],
  providers: [
    ExecutionService,
    CallAnswers,
    OperationCatalog,
    JobAggregate,
    JobQueue,
    JobAttempts,
    JobEvents,
    JobWaiter,
    JobWorker,
    JobSweeper,
    JobsService,
  ],
  exports: [ExecutionService, OperationCatalog, JobsService, JobQueue],
})
export class ExecutionModule {}
