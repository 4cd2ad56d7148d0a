import { Module } from '@nestjs/common';
import { assistOperation } from './assist.operation';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { ExecutionModule } from '../execution/execution.module';
import { OperationCatalog } from '../execution/operation-catalog';
import { ProvidersModule } from '../providers/providers.module';
import { AssistController } from './assist.controller';
import { AssistService } from './assist.service';

@Module({
  imports: [ApiKeysModule, ExecutionModule, ProvidersModule],
  controllers: [AssistController],
  providers: [AssistService],
})
export class AssistModule {
  /** Its contract, bound to its service, so a worker runs assist jobs it did not receive over HTTP. */
  constructor(catalog: OperationCatalog, service: AssistService) {
    catalog.register(assistOperation, service);
  }
}
