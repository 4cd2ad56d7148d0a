import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import {
  DomainError,
  formatUsd,
  type BalanceView,
  type LedgerPageView,
  type LiveSuspensionView,
  type Micros,
  type Mode,
} from '@reelscout/domain';
import type { EntityManager } from 'typeorm';
import { billingConfig } from '../config';
import { BalanceRepository } from '../repositories/balance.repository';
import { MoneyRepository } from '../repositories/money.repository';
import type { HoldRefused } from './hold-refusal';
import { SpendCounterRepository } from '../repositories/spend-counter.repository';
import { Clock } from '../common/clock/clock';
import { LedgerEntryRepository, type LedgerFilter } from '../repositories/ledger-entry.repository';

export type { LedgerFilter } from '../repositories/ledger-entry.repository';

export type CreditKind = 'purchase' | 'grant' | 'refund' | 'adjustment';

/** Whose balance: one account's, in one mode (live and test money never mix). */
export interface BalanceOwner {
  accountId: string;
  mode: Mode;
}

/** A balance owner whose hold counts toward its key's and subject's spend windows. */
export interface Spender extends BalanceOwner {
  keyId: string | null;
  subject: string | null;
}

const WINDOW_WORD = { total: 'total', day: 'daily', month: 'monthly' } as const;

/** When a window that starts at `at`'s day or month next resets (UTC); null for total. */
export function windowResetsAt(window: 'total' | 'day' | 'month', at: Date): Date | null {
  if (window === 'total') return null;
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  return window === 'day'
    ? new Date(Date.UTC(y, m, at.getUTCDate() + 1))
    : new Date(Date.UTC(y, m + 1, 1));
}

const toMicros = (value: string | number | null | undefined): Micros => Number(value ?? 0);

/**
 * Balances, credit and the ledger as accounts see them, the 402 a refused hold answers with, the
 * spend windows' readings, and the reaper of holds whose call died (docs/architecture.md §5). The
 * paid call's own money moves are the job aggregate's (execution/job-aggregate.ts).
 */
@Injectable()
export class BillingService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Billing');
  private reaper?: NodeJS.Timeout;

  constructor(
    private readonly accountBalances: BalanceRepository,
    private readonly money: MoneyRepository,
    private readonly entries: LedgerEntryRepository,
    private readonly spend: SpendCounterRepository,
    @Inject(billingConfig.KEY) private readonly config: ConfigType<typeof billingConfig>,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    const everyMs = this.config.holdReaperIntervalMs;
    if (everyMs > 0) {
      this.reaper = setInterval(() => {
        this.reapExpiredHolds().catch((error: unknown) =>
          this.logger.warn({ err: error }, 'hold reaper failed'),
        );
      }, everyMs);
      this.reaper.unref();
    }
  }

  onModuleDestroy(): void {
    if (this.reaper) clearInterval(this.reaper);
  }

  /** The 402 of a call whose hold did not fit the available balance (nothing was held). */
  async insufficientCredit(party: BalanceOwner, amount: Micros): Promise<DomainError> {
    const { balance, available } = await this.balance(party);
    return new DomainError(
      'insufficient_credit',
      `This call needs ${formatUsd(amount)} USD of available ${party.mode} credit; ${formatUsd(available)} USD is available. Add credit in the dashboard.`,
      {
        headers: {
          'x-service-balance-usd': formatUsd(balance),
          // The most this call can cost: the hold it needs, which the available credit lacks.
          'x-service-price-usd': formatUsd(amount),
        },
      },
    );
  }

  /**
   * The 402 of a hold its statement refused (nothing was held or counted): short credit, or the
   * key's or the subject's spend limit in a window (which one, the limit, when it resets).
   */
  async refusal(party: Spender, amount: Micros, refused: HoldRefused): Promise<DomainError> {
    if (refused.kind === 'insufficient_credit') return this.insufficientCredit(party, amount);
    if (refused.kind === 'credit_shortfall') {
      return new DomainError(
        'credit_shortfall',
        `Live calls are paused: a refund or a lost dispute took back ${formatUsd(refused.spentMicros)} USD of live credit that had already been spent. Add live credit to cover it; test keys keep working.`,
        { headers: { 'x-service-price-usd': formatUsd(amount) } },
      );
    }
    if (refused.kind === 'payment_disputed') {
      return new DomainError(
        'payment_disputed',
        'Live calls are paused while a payment of this account is disputed with its bank; they resume when the dispute closes. Test keys keep working.',
        { headers: { 'x-service-price-usd': formatUsd(amount) } },
      );
    }
    const [scope, window] = refused.kind.split('_') as [
      'key' | 'subject',
      'total' | 'day' | 'month',
    ];
    const resetsAt = windowResetsAt(window, refused.at);
    const limit = formatUsd(refused.limitMicros);
    const used = `${formatUsd(refused.spentMicros)} USD is spent or held in this window and this call needs up to ${formatUsd(amount)} USD`;
    const reset = resetsAt
      ? `it resets at ${resetsAt.toISOString()} (${window === 'day' ? 'UTC midnight' : 'the first of the month, UTC'}).`
      : 'a total limit never resets: raise or remove it.';
    const headers: Record<string, string> = {
      'x-service-limit-window': window,
      'x-service-limit-usd': limit,
      'x-service-price-usd': formatUsd(amount),
    };
    if (resetsAt) headers['x-service-limit-resets-at'] = resetsAt.toISOString();
    if (scope === 'key') {
      return new DomainError(
        'key_spend_limit_reached',
        `This key's ${WINDOW_WORD[window]} spend limit of ${limit} USD is reached (${used}); ${reset}`,
        { headers },
      );
    }
    return new DomainError(
      'subject_spend_limit_reached',
      `The ${WINDOW_WORD[window]} spend limit of ${limit} USD for subject \`${party.subject ?? ''}\` is reached (${used}); ${reset}`,
      { param: 'x-subject', headers },
    );
  }

  /** Each key's spend (spent or held) in its current total, UTC day and UTC month windows. */
  keySpend(keyIds: string[]) {
    return this.spend.forKeys(keyIds, this.clock.now());
  }

  /** Voids holds whose request died (their expiry is the deadline plus a margin). */
  async reapExpiredHolds(limit = 500): Promise<number> {
    const count = await this.money.reapExpired(limit);
    if (count > 0) this.logger.warn({ count }, 'voided expired holds');
    return count;
  }

  /**
   * Adds credit (purchase, grant, refund or a positive adjustment) with its ledger entry, in
   * `manager`'s transaction when given; new credit pays a shortfall first. `reference` makes a
   * purchase idempotent: the same reference never credits twice, also when two arrive at once.
   * Returns null when that reference was already credited.
   */
  async credit(
    party: BalanceOwner,
    amount: Micros,
    entry: { kind: CreditKind; reason?: string; reference?: string },
    manager?: EntityManager,
  ): Promise<{ balance: Micros } | null> {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RangeError('credit must be positive');
    const balance = await this.money.addCredit(
      party,
      {
        kind: entry.kind,
        amount,
        reference: entry.reference ?? null,
        reason: entry.reason ?? null,
      },
      manager,
    );
    return balance === null ? null : { balance };
  }

  /**
   * Takes back live credit Stripe gave back to the payer (a refund, a lost dispute), in the
   * webhook's transaction: what the available balance holds, the rest owed as a shortfall that
   * refuses live holds until credit pays it; `disputes` moves the count of open disputes, which
   * refuses live holds too. The amount taken now.
   */
  takeBack(
    accountId: string,
    entry: { kind: 'payment_refund' | 'chargeback'; amount: Micros; disputes: -1 | 0 | 1 },
    note: { reference: string; reason: string },
    manager: EntityManager,
  ): Promise<Micros> {
    return this.money.reverseCredit({ accountId, mode: 'live' }, entry, note, manager);
  }

  /** What pauses live calls: credit owed after a refund or a lost dispute, and open disputes. */
  async liveSuspension(accountId: string): Promise<LiveSuspensionView> {
    const row = await this.accountBalances.get(accountId, 'live');
    return {
      shortfallMicros: toMicros(row?.shortfall),
      openDisputes: Number(row?.open_disputes ?? 0),
    };
  }

  async balance(party: BalanceOwner, manager?: EntityManager): Promise<BalanceView> {
    const row = await this.accountBalances.get(party.accountId, party.mode, manager);
    const balance = toMicros(row?.balance);
    const held = toMicros(row?.held);
    return { balance, held, available: balance - held };
  }

  async balances(accountId: string): Promise<Record<Mode, BalanceView>> {
    const [live, test] = await Promise.all([
      this.balance({ accountId, mode: 'live' }),
      this.balance({ accountId, mode: 'test' }),
    ]);
    return { live, test };
  }

  /** The account's ledger, newest first, a page at a time (the dashboard's ledger). */
  async listEntries(
    accountId: string,
    filter: LedgerFilter,
    options: { cursor?: string; limit: number },
  ): Promise<LedgerPageView> {
    const rows = await this.entries.getNewestFirst(accountId, filter, {
      before: options.cursor,
      limit: options.limit + 1,
    });
    const items = rows.slice(0, options.limit).map((r) => ({
      id: r.id,
      mode: r.mode,
      kind: r.kind,
      amountMicros: Number(r.amount),
      balanceAfterMicros: Number(r.balance_after),
      operation: r.operation,
      requestId: r.request_id,
      reason: r.reason,
      createdAt: r.created_at.toISOString(),
    }));
    return { items, nextCursor: rows.length > options.limit ? items[items.length - 1].id : null };
  }
}
