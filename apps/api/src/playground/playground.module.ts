import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AccountsModule } from '../accounts/accounts.module';
import { MediaAnalysisModule } from '../media-analysis/media-analysis.module';
import { ExecutionModule } from '../execution/execution.module';
import { ProvidersModule } from '../providers/providers.module';
import { UsageModule } from '../usage/usage.module';
import { VideoSourceModule } from '../video-source/video-source.module';
import { PlaygroundController } from './playground.controller';
import { PlaygroundMediaService } from './playground-media.service';
import { PlaygroundRunsService } from './playground-runs.service';

/**
 * The dashboard playground: runs of the four operations as the signed-in account's
 * jobs, through the same OperationRunner as /v1, and the media of its results from our cache.
 */
@Module({
  imports: [
    AccountsModule,
    ApiKeysModule,
    ExecutionModule,
    UsageModule,
    ProvidersModule,
    MediaAnalysisModule,
    VideoSourceModule,
  ],
  controllers: [PlaygroundController],
  providers: [PlaygroundRunsService, PlaygroundMediaService],
  exports: [PlaygroundMediaService],
})
export class PlaygroundModule {}
