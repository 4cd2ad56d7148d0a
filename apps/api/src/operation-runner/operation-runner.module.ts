import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { JobsModule } from '../jobs/jobs.module';
import { ProvidersModule } from '../providers/providers.module';
import { OperationRunner } from './operation.runner';

@Module({
  imports: [LedgerModule, IdempotencyModule, ProvidersModule, JobsModule],
  providers: [OperationRunner],
  exports: [OperationRunner, JobsModule],
})
export class OperationRunnerModule {}
