import { Module } from '@nestjs/common';
import { scanOperation } from './scan.operation';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { ExecutionModule } from '../execution/execution.module';
import { OperationCatalog } from '../execution/operation-catalog';
import { ProvidersModule } from '../providers/providers.module';
import { SandboxLlmRules } from '../providers/sandbox/sandbox-llm.rules';
import { ScanController } from './scan.controller';
import { SCAN_PLAN_PROMPT, SCAN_RELEVANCE_PROMPT } from './scan.prompt';
import { SCAN_PLAN_SANDBOX, SCAN_RELEVANCE_SANDBOX } from './scan.sandbox';
import { ScanService } from './scan.service';

@Module({
  imports: [ApiKeysModule, ExecutionModule, ProvidersModule],
  controllers: [ScanController],
  providers: [ScanService],
  // A watch's run is a scan with a filter (WatchesModule).
  exports: [ScanService],
})
export class ScanModule {
  /**
   * Its contract, bound to its service, so a worker runs scan jobs it did not receive over HTTP;
   * and its prompts' test-mode rules, handed down to the sandbox's LLM stand-in.
   */
  constructor(catalog: OperationCatalog, service: ScanService, sandbox: SandboxLlmRules) {
    catalog.register(scanOperation, service);
    sandbox.register(SCAN_PLAN_PROMPT.name, SCAN_PLAN_SANDBOX);
    sandbox.register(SCAN_RELEVANCE_PROMPT.name, SCAN_RELEVANCE_SANDBOX);
  }
}
