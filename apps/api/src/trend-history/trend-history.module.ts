import { Module } from '@nestjs/common';
import { ProvidersModule } from '../providers/providers.module';
import { TrendCollectionRepository } from '../repositories/trend-collection.repository';
import { TrendItemRepository } from '../repositories/trend-item.repository';
import { TrendObservationRepository } from '../repositories/trend-observation.repository';
import { TrendRankingRepository } from '../repositories/trend-ranking.repository';
import { TrendCollector } from './trend-collector';
import { TrendHistoryService } from './trend-history.service';
import { TrendRankingService } from './trend-ranking.service';

/**
 * The trend history store (docs/trends.md, docs/architecture.md §"Trends"): owns
 * `trend_observations`, `trend_items`, `trend_collections` and the ranked table
 * (`trend_rankings`). Trends reads it; music and scan
 * write what they read anyway; the daily schedule fills it.
 */
@Module({
  imports: [ProvidersModule],
  providers: [
    TrendObservationRepository,
    TrendItemRepository,
    TrendCollectionRepository,
    TrendRankingRepository,
    TrendHistoryService,
    TrendRankingService,
    TrendCollector,
  ],
  exports: [TrendHistoryService, TrendRankingService, TrendCollector],
})
export class TrendHistoryModule {}
