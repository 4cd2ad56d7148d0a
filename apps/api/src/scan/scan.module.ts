import { Module } from '@nestjs/common';
import { scanOperation } from './scan.operation';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { ExecutionModule } from '../execution/execution.module';
import { OperationCatalog } from '../execution/operation-catalog';
import { ProvidersModule } from '../providers/providers.module';
import { ScanController } from './scan.controller';
import { ScanService } from './scan.service';

@Module({
  imports: [ApiKeysModule, ExecutionModule, ProvidersModule],
  controllers: [ScanController],
  providers: [ScanService],
  // A watch's run is a scan with a filter (WatchesModule).
  exports: [ScanService],
})
export class ScanModule {
  /** Its contract, bound to its service, so a worker runs scan jobs it did not receive over HTTP. */
  constructor(catalog: OperationCatalog, service: ScanService) {
    catalog.register(scanOperation, service);
  }
}
