import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { ProvidersModule } from '../providers/providers.module';
import { OperationRunner } from './operation.runner';

@Module({
  imports: [BillingModule, IdempotencyModule, ProvidersModule],
  providers: [OperationRunner],
  exports: [OperationRunner],
})
export class OperationsModule {}
