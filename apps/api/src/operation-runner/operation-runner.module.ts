import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { ProvidersModule } from '../providers/providers.module';
import { OperationRunner } from './operation.runner';

@Module({
  imports: [LedgerModule, IdempotencyModule, ProvidersModule],
  providers: [OperationRunner],
  exports: [OperationRunner],
})
export class OperationRunnerModule {}
