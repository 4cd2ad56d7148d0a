import { Module } from '@nestjs/common';
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
export class ScanModule {}
