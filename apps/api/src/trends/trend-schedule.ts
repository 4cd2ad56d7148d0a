import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { trendsConfig } from '../config';
import { JobQueue } from '../execution/job-queue';
import { TrendCollector, type CollectionOutcome } from '../trend-history/trend-collector';
import { TrendHistoryService } from '../trend-history/trend-history.service';

/**
 * Hourly: a day's collection is claimed once per market and kind (the first run of the UTC day
 * takes it; later runs and other instances skip), so a missed or failed run is retried within
 * the hour rather than the next day.
 */
export const TRENDS_COLLECT_CRON = '7 * * * *';

/**
 * The live daily collection on pg-boss's scheduler (as watches tick): where background work runs,
 * one schedule fires every hour, one worker handles each firing, and each market and kind is
 * collected once per UTC day whatever the number of instances (docs/trends.md). Each firing also
 * deletes history older than `HISTORY_RETENTION_DAYS`.
 */
@Injectable()
export class TrendSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('Trends');

  constructor(
    private readonly queue: JobQueue,
    private readonly collector: TrendCollector,
    private readonly history: TrendHistoryService,
    @Inject(trendsConfig.KEY) private readonly config: ConfigType<typeof trendsConfig>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.worker) return;
    await this.queue.every('trends-collect', TRENDS_COLLECT_CRON, async () => {
      await this.run();
    });
  }

  /** One firing: today's live collections not yet taken, then retention. */
  async run(): Promise<CollectionOutcome[]> {
    const outcomes = await this.collector.collectDaily('live');
    const pruned = await this.history.prune();
    const collected = outcomes.filter((outcome) => outcome.status === 'collected');
    if (collected.length > 0 || pruned > 0) {
      this.logger.log({ outcomes: collected, pruned }, 'trend history collected');
    }
    return outcomes;
  }
}
