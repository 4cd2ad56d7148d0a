import { Module } from '@nestjs/common';
import { musicOperation } from './music.operation';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { MediaAnalysisModule } from '../media-analysis/media-analysis.module';
import { ExecutionModule } from '../execution/execution.module';
import { OperationCatalog } from '../execution/operation-catalog';
import { ProvidersModule } from '../providers/providers.module';
import { VideoSourceModule } from '../video-source/video-source.module';
import { MusicController } from './music.controller';
import { MusicService } from './music.service';
import { SoundAnalysisRepository } from '../repositories/sound-analysis.repository';
import { SoundAnalysisCache } from './sound-analysis.cache';
import { SoundAnalysisService } from './sound-analysis.service';
import { SandboxSoundSeed } from './sandbox-sound-readings';
import { TrendHistoryModule } from '../trend-history/trend-history.module';

/**
 * POST /v1/music: sounds of the video's own network ranked by fit (docs/architecture.md §9), with
 * the permanent sound-analysis cache in Postgres (§10).
 */
@Module({
  imports: [
    ApiKeysModule,
    ExecutionModule,
    ProvidersModule,
    MediaAnalysisModule,
    VideoSourceModule,
    TrendHistoryModule,
  ],
  controllers: [MusicController],
  providers: [
    SoundAnalysisCache,
    SoundAnalysisRepository,
    SoundAnalysisService,
    SandboxSoundSeed,
    MusicService,
  ],
  exports: [SoundAnalysisService, SoundAnalysisCache],
})
export class MusicModule {
  /** Its contract, bound to its service, so a worker runs music jobs it did not receive over HTTP. */
  constructor(catalog: OperationCatalog, service: MusicService) {
    catalog.register(musicOperation, service);
  }
}
