import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { observabilityConfig } from '../config';
import { metrics } from '../common/observability/metrics';
import { BalanceAuditRepository, type AuditCursor } from '../repositories/balance-audit.repository';

/** Before the first balance row, in (account_id, mode) order. */
const START: AuditCursor = { accountId: '00000000-0000-0000-0000-000000000000', mode: '' };

/**
 * The money audit (docs/operations.md): every MONEY_AUDIT_INTERVAL_MS it checks the next
 * MONEY_AUDIT_BATCH balance rows, walking all of them in turn, and exports how many break an
 * invariant (`reelscout_money_audit_mismatched_accounts`), so an alert fires the day one does.
 * It runs where background work runs.
 */
@Injectable()
export class MoneyAudit implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MoneyAudit');
  private cursor = START;
  /** Rows found broken (account|mode), kept until a later visit finds them right. */
  private readonly broken = new Set<string>();
  /** Broken rows seen in the pass under way: at its end, rows no longer there are forgotten. */
  private brokenThisPass = new Set<string>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly balances: BalanceAuditRepository,
    @Inject(observabilityConfig.KEY)
    private readonly config: ConfigType<typeof observabilityConfig>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.worker || this.config.moneyAuditIntervalMs === 0) return;
    this.timer = setInterval(() => void this.tick(), this.config.moneyAuditIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.runBatch()
      .then(() => undefined)
      .catch((error: unknown) => {
        metrics.moneyAuditRuns.inc({ outcome: 'error' });
        this.logger.warn({ err: error }, 'money audit failed');
      })
      .finally(() => (this.running = undefined));
    await this.running;
  }

  /** Checks the next batch; whether it ended a pass over every balance row. */
  async runBatch(): Promise<boolean> {
    const limit = this.config.moneyAuditBatch;
    const rows = await this.balances.auditAfter(this.cursor, limit);
    for (const row of rows) {
      const key = `${row.account_id}|${row.mode}`;
      if (row.mismatch) {
        this.broken.add(key);
        this.brokenThisPass.add(key);
      } else {
        this.broken.delete(key);
      }
    }
    const last = rows.at(-1);
    const passEnded = rows.length < limit;
    if (passEnded) {
      // Every row was visited: a broken row not seen again was deleted.
      for (const key of this.broken) if (!this.brokenThisPass.has(key)) this.broken.delete(key);
      this.brokenThisPass = new Set();
      this.cursor = START;
    } else if (last) {
      this.cursor = { accountId: last.account_id, mode: last.mode };
    }
    metrics.moneyAuditMismatches.set(this.broken.size);
    metrics.moneyAuditRuns.inc({ outcome: 'ok' });
    if (rows.some((row) => row.mismatch)) {
      this.logger.error(
        { mismatched: this.broken.size },
        'money audit: a balance does not match its ledger or its pending holds',
      );
    }
    return passEnded;
  }

  /** A whole pass from the first row (tests and the operator's check). */
  async runPass(): Promise<number> {
    this.cursor = START;
    this.brokenThisPass = new Set();
    while (!(await this.runBatch()));
    return this.broken.size;
  }
}
