import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { UsageRecordRepository } from '../repositories/usage-record.repository';
import { UsageReportService } from './usage-report.service';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';

/**
 * Usage records: one per /v1 call (UsageService, written by ApiKeyGuard, which reaches it
 * through ApiKeysModule), and the dashboard's read model of them (pages, CSV, daily spend).
 * Not global: a module that needs usage imports this one.
 */
@Module({
  imports: [AccountsModule],
  controllers: [UsageController],
  providers: [UsageService, UsageReportService, UsageRecordRepository],
  exports: [UsageService, UsageReportService],
})
export class UsageModule {}
