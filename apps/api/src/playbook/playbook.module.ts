import { Module } from '@nestjs/common';
import { playbookOperation } from './playbook.operation';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { MediaAnalysisModule } from '../media-analysis/media-analysis.module';
import { ExecutionModule } from '../execution/execution.module';
import { OperationCatalog } from '../execution/operation-catalog';
import { ProvidersModule } from '../providers/providers.module';
import { SandboxLlmRules } from '../providers/sandbox/sandbox-llm.rules';
import { VideoSourceModule } from '../video-source/video-source.module';
import { PlaybookController } from './playbook.controller';
import { PLAYBOOK_DOCUMENT_PROMPT } from './playbook.prompt';
import { PLAYBOOK_DOCUMENT_SANDBOX } from './playbook.sandbox';
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
  /**
   * Its contract, bound to its service, so a worker runs playbook jobs it did not receive over
   * HTTP; and its prompt's test-mode rule, handed down to the sandbox's LLM stand-in.
   */
  constructor(catalog: OperationCatalog, service: PlaybookService, sandbox: SandboxLlmRules) {
    catalog.register(playbookOperation, service);
    sandbox.register(PLAYBOOK_DOCUMENT_PROMPT.name, PLAYBOOK_DOCUMENT_SANDBOX);
  }
}
