import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { OperationsModule } from '../operations/operations.module';
import { ProvidersModule } from '../providers/providers.module';
import { ScanController } from './scan.controller';
import { ScanService } from './scan.service';

@Module({
  imports: [ApiKeysModule, OperationsModule, ProvidersModule],
  controllers: [ScanController],
  providers: [ScanService],
})
export class ScanModule {}
