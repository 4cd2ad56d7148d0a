import { Module } from '@nestjs/common';
import { assistOperation } from './assist.operation';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { ExecutionModule } from '../execution/execution.module';
import { OperationCatalog } from '../execution/operation-catalog';
import { ProvidersModule } from '../providers/providers.module';
import { SandboxLlmRules } from '../providers/sandbox/sandbox-llm.rules';
import { AssistController } from './assist.controller';
import { ASSIST_INTENT_PROMPT } from './assist.prompt';
import { ASSIST_INTENT_SANDBOX } from './assist.sandbox';
import { AssistService } from './assist.service';

@Module({
  imports: [ApiKeysModule, ExecutionModule, ProvidersModule],
  controllers: [AssistController],
  providers: [AssistService],
})
export class AssistModule {
  /**
   * Its contract, bound to its service, so a worker runs assist jobs it did not receive over
   * HTTP; and its prompt's test-mode rule, handed down to the sandbox's LLM stand-in.
   */
  constructor(catalog: OperationCatalog, service: AssistService, sandbox: SandboxLlmRules) {
    catalog.register(assistOperation, service);
    sandbox.register(ASSIST_INTENT_PROMPT.name, ASSIST_INTENT_SANDBOX);
  }
}
