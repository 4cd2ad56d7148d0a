import { Module } from '@nestjs/common';
import { DatabaseRepository } from '../repositories/database.repository';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({
  controllers: [HealthController],
  providers: [HealthService, DatabaseRepository],
  exports: [HealthService],
})
export class HealthModule {}
