import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { ExecutionModule } from '../execution/execution.module';
import { OperationCatalog } from '../execution/operation-catalog';
import { TrendHistoryModule } from '../trend-history/trend-history.module';
import { TrendSchedule } from './trend-schedule';
import { TrendsController } from './trends.controller';
import { trendsOperation } from './trends.operation';
import { TrendsService } from './trends.service';

/** POST /v1/trends over the trend history store, and the store's daily collection (docs/trends.md). */
@Module({
  imports: [ApiKeysModule, ExecutionModule, TrendHistoryModule],
  controllers: [TrendsController],
  providers: [TrendsService, TrendSchedule],
})
export class TrendsModule {
  constructor(catalog: OperationCatalog, service: TrendsService) {
    catalog.register(trendsOperation, service);
  }
}
