import { Module } from '@nestjs/common';
import { ProvidersModule } from '../providers/providers.module';
import { TrendCollectionRepository } from '../repositories/trend-collection.repository';
import { TrendItemRepository } from '../repositories/trend-item.repository';
import { TrendObservationRepository } from '../repositories/trend-observation.repository';
import { TrendCollector } from './trend-collector';
import { TrendHistoryService } from './trend-history.service';

/**
 * The trend history store (docs/trends.md, docs/architecture.md §"Trends"): owns
 * `trend_observations`, `trend_items` and `trend_collections`. Trends reads it; music and scan
 * write what they read anyway; the daily schedule fills it.
 */
@Module({
  imports: [ProvidersModule],
  providers: [
    TrendObservationRepository,
    TrendItemRepository,
    TrendCollectionRepository,
    TrendHistoryService,
    TrendCollector,
  ],
  exports: [TrendHistoryService, TrendCollector],
})
export class TrendHistoryModule {}
