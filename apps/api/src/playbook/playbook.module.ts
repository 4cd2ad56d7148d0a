import { Module } from '@nestjs/common';
import { OperationRegistry } from '../jobs/operation-registry';
import { playbookOperation } from './playbook.operation';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { MediaAnalysisModule } from '../media-analysis/media-analysis.module';
import { OperationRunnerModule } from '../operation-runner/operation-runner.module';
import { ProvidersModule } from '../providers/providers.module';
import { VideoSourceModule } from '../video-source/video-source.module';
import { PlaybookController } from './playbook.controller';
import { PlaybookService } from './playbook.service';
import { SpeechAudioExtractor } from './speech-audio.extractor';

@Module({
  imports: [
    ApiKeysModule,
    OperationRunnerModule,
    ProvidersModule,
    MediaAnalysisModule,
    VideoSourceModule,
  ],
  controllers: [PlaybookController],
  providers: [PlaybookService, SpeechAudioExtractor],
})
export class PlaybookModule {
  /** Registered so a worker can run playbook jobs it did not receive over HTTP. */
  constructor(registry: OperationRegistry) {
    registry.register(playbookOperation);
  }
}
