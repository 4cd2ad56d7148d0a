import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { ExecutionModule } from '../execution/execution.module';
import { OperationCatalog } from '../execution/operation-catalog';
import { ProvidersModule } from '../providers/providers.module';
import { CreatorTrackingRepository } from '../repositories/creator-tracking.repository';
import { WatchReelRepository } from '../repositories/watch-reel.repository';
import { WatchRunRepository } from '../repositories/watch-run.repository';
import { WatchRepository } from '../repositories/watch.repository';
import { ScanModule } from '../scan/scan.module';
import { UsageModule } from '../usage/usage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { AccountWatchRunsService } from './account-watch-runs.service';
import { AccountWatchesController } from './account-watches.controller';
import { creatorRunOperation } from './creator-run.operation';
import { CreatorRunService } from './creator-run.service';
import { WatchRunService } from './watch-run.service';
import { watchRunOperation } from './watch-run.operation';
import { WatchScheduler } from './watch-scheduler';
import { WatchesController } from './watches.controller';
import { WatchesService } from './watches.service';

/**
 * Watches (docs/watches.md): the `/v1/watches` resource and its dashboard front
 * (`/account/watches`), the run of a watch (a variant of scan, registered in the operation
 * catalog so a worker runs it like any queued scan) and the scheduler that starts runs on their
 * slots.
 */
@Module({
  imports: [
    AccountsModule,
    ApiKeysModule,
    ExecutionModule,
    ProvidersModule,
    ScanModule,
    UsageModule,
    WebhooksModule,
  ],
  controllers: [WatchesController, AccountWatchesController],
  providers: [
    WatchRepository,
    WatchRunRepository,
    WatchReelRepository,
    CreatorTrackingRepository,
    WatchesService,
    AccountWatchRunsService,
    WatchRunService,
    CreatorRunService,
    WatchScheduler,
  ],
  exports: [WatchesService],
})
export class WatchesModule {
  constructor(catalog: OperationCatalog, runs: WatchRunService, creatorRuns: CreatorRunService) {
    catalog.register(creatorRunOperation, creatorRuns);
    catalog.register(watchRunOperation, runs);
  }
}
