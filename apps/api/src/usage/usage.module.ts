import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { UsageRecordRepository } from '../repositories/usage-record.repository';
import { UsageRollupRepository } from '../repositories/usage-rollup.repository';
import { UsageBucketsService } from './usage-buckets.service';
import { UsagePartitions } from './usage-partitions';
import { UsageReportService } from './usage-report.service';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';

/**
 * Usage records: one per /v1 call (UsageService, written by ApiKeyGuard, which reaches it
 * through ApiKeysModule), and the dashboard's read model of them (pages, CSV, daily spend); the
 * buckets read from the hourly rollups (UsageBucketsService, also behind `/v1/usage`); the
 * month partitions' maintenance (UsagePartitions).
 * Not global: a module that needs usage imports this one.
 */
@Module({
  imports: [AccountsModule],
  controllers: [UsageController],
  providers: [
    UsageService,
    UsageReportService,
    UsageRecordRepository,
    UsageRollupRepository,
    UsageBucketsService,
    UsagePartitions,
  ],
  exports: [UsageService, UsageReportService, UsageBucketsService, UsagePartitions],
})
export class UsageModule {}
