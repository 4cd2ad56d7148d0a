import { Module } from '@nestjs/common';
import { OperationRegistry } from '../jobs/operation-registry';
import { assistOperation } from './assist.operation';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { OperationRunnerModule } from '../operation-runner/operation-runner.module';
import { ProvidersModule } from '../providers/providers.module';
import { AssistController } from './assist.controller';
import { AssistService } from './assist.service';

@Module({
  imports: [ApiKeysModule, OperationRunnerModule, ProvidersModule],
  controllers: [AssistController],
  providers: [AssistService],
})
export class AssistModule {
  /** Registered so a worker can run assist jobs it did not receive over HTTP. */
  constructor(registry: OperationRegistry) {
    registry.register(assistOperation);
  }
}
