import { Module } from '@nestjs/common';
import { OperationRegistry } from '../jobs/operation-registry';
import { scanOperation } from './scan.operation';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { OperationRunnerModule } from '../operation-runner/operation-runner.module';
import { ProvidersModule } from '../providers/providers.module';
import { ScanController } from './scan.controller';
import { ScanService } from './scan.service';

@Module({
  imports: [ApiKeysModule, OperationRunnerModule, ProvidersModule],
  controllers: [ScanController],
  providers: [ScanService],
})
export class ScanModule {
  /** Registered so a worker can run scan jobs it did not receive over HTTP. */
  constructor(registry: OperationRegistry) {
    registry.register(scanOperation);
  }
}
