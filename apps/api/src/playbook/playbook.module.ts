import { Module } from '@nestjs/common';
import { playbookOperation } from './playbook.operation';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { MediaAnalysisModule } from '../media-analysis/media-analysis.module';
import { ExecutionModule } from '../execution/execution.module';
import { OperationCatalog } from '../execution/operation-catalog';
import { ProvidersModule } from '../providers/providers.module';
import { VideoSourceModule } from '../video-source/video-source.module';
import { PlaybookController } from './playbook.controller';
import { PlaybookService } from './playbook.service';
import { SpeechAudioExtractor } from './speech-audio.extractor';

@Module({
  imports: [
    ApiKeysModule,
    ExecutionModule,
    ProvidersModule,
    MediaAnalysisModule,
    VideoSourceModule,
  ],
  controllers: [PlaybookController],
  providers: [PlaybookService, SpeechAudioExtractor],
})
export class PlaybookModule {
  /** Its contract, bound to its service, so a worker runs playbook jobs it did not receive over HTTP. */
  constructor(catalog: OperationCatalog, service: PlaybookService) {
    catalog.register(playbookOperation, service);
  }
}
