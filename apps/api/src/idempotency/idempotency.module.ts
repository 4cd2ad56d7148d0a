import { Module } from '@nestjs/common';
import { IdempotencyKeyRepository } from '../repositories/idempotency-key.repository';
import { IdempotencyService } from './idempotency.service';

@Module({
  providers: [IdempotencyService, IdempotencyKeyRepository],
  exports: [IdempotencyService],
})
export class IdempotencyModule {}
