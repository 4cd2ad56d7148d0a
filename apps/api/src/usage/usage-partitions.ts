import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { usageConfig } from '../config';
import { Clock } from '../common/clock/clock';
import { UsageRollupRepository } from '../repositories/usage-rollup.repository';

const DAY_MS = 86_400_000;
/** How far ahead month partitions exist: a missed run or two changes nothing. */
const MONTHS_AHEAD = 3;
const EVERY_MS = 6 * 3_600_000;

/**
 * The month partitions of `usage_records`: made ahead of time and dropped past the retention,
 * by the processes that run background work (at start, then every few hours), and on demand
 * (`ensure`, for a range about to be written, as a back-fill or a test does). A record outside
 * every month partition still lands in the default partition and moves to its month when that
 * month's partition is made; both functions take one advisory lock, so many instances may run
 * them at once.
 */
@Injectable()
export class UsagePartitions implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('UsagePartitions');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly rollups: UsageRollupRepository,
    @Inject(usageConfig.KEY) private readonly config: ConfigType<typeof usageConfig>,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.worker) return;
    const run = () =>
      this.maintain().catch((error: unknown) =>
        this.logger.error({ err: error }, 'usage partition maintenance failed; retried later'),
      );
    void run();
    this.timer = setInterval(run, EVERY_MS);
    this.timer.unref();
  }

  beforeApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Makes the partitions up to MONTHS_AHEAD ahead and drops those past the retention. */
  async maintain(): Promise<{ made: number; dropped: number }> {
    const now = this.clock.now();
    const ahead = new Date(now);
    ahead.setUTCMonth(ahead.getUTCMonth() + MONTHS_AHEAD);
    const made = await this.ensure(now, ahead);
    const dropped = await this.dropBefore(
      new Date(now.getTime() - this.config.retentionDays * DAY_MS),
    );
    if (made + dropped > 0) this.logger.log(`usage partitions: ${made} made, ${dropped} dropped`);
    return { made, dropped };
  }

  /** Makes the month partitions from `from`'s month to `to`'s; how many were new. */
  ensure(from: Date, to: Date): Promise<number> {
    return this.rollups.ensurePartitions(from, to);
  }

  /** Drops the month partitions wholly before `cutoff` (and their rollups); how many. */
  dropBefore(cutoff: Date): Promise<number> {
    return this.rollups.dropPartitionsBefore(cutoff);
  }
}
