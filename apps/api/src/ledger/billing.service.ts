import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  formatUsd,
  type BalanceView,
  type LedgerPageView,
  type Micros,
  type Mode,
  type Operation,
} from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import type { Environment } from '../config/environment';
import { BalanceRepository } from '../repositories/balance.repository';
import { HoldRepository } from '../repositories/hold.repository';
import { LedgerEntryRepository, type LedgerFilter } from '../repositories/ledger-entry.repository';

export type { LedgerFilter } from '../repositories/ledger-entry.repository';

export type CreditKind = 'purchase' | 'grant' | 'refund' | 'adjustment';

export interface Hold {
  id: string;
  accountId: string;
  mode: Mode;
  amount: Micros;
}

export interface CaptureResult {
  charged: Micros;
  balance: Micros;
}

/** The subset of the caller billing needs. */
export interface BillingParty {
  accountId: string;
  mode: Mode;
}

const toMicros = (value: string | number | null | undefined): Micros => Number(value ?? 0);

/**
 * The one money path every operation uses (ARCHITECTURE §5):
 * hold (one conditional UPDATE, or 402) → work → capture (charge the actual amount, release the
 * rest, append a ledger entry, one transaction) or void. Balances can never go negative: the
 * conditional update and the table's CHECK both forbid it, under any concurrency.
 */
@Injectable()
export class BillingService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Billing');
  private reaper?: NodeJS.Timeout;

  constructor(
    /** For transactions only; statements are the repositories'. */
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accountBalances: BalanceRepository,
    private readonly holds: HoldRepository,
    private readonly entries: LedgerEntryRepository,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  onModuleInit(): void {
    const everyMs = this.config.get('HOLD_REAPER_INTERVAL_MS', { infer: true });
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
  async insufficientCredit(party: BillingParty, amount: Micros): Promise<DomainError> {
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
   * Charges a call whose hold is no longer pending (the reaper voided it: the call outlived its
   * deadline and margin), directly and only if the credit is still available; otherwise the call
   * is free. `onCharged` runs in the same transaction (the job records what it cost).
   */
  chargeWithoutHold(
    party: BillingParty,
    charge: Micros,
    meta: {
      holdId: string;
      operation: string;
      requestId: string;
      onCharged: (result: CaptureResult, manager: EntityManager) => Promise<void>;
    },
  ): Promise<CaptureResult> {
    return this.dataSource.transaction(async (manager) => {
      const hold = {
        id: meta.holdId,
        accountId: party.accountId,
        mode: party.mode,
        amount: charge,
      };
      const result = await this.chargeSettledHold(
        hold,
        charge,
        { operation: meta.operation, requestId: meta.requestId },
        manager,
      );
      await meta.onCharged(result, manager);
      return result;
    });
  }

  /** Reserves `amount` for one call, or throws 402 insufficient_credit before any work. */
  async hold(
    party: BillingParty,
    amount: Micros,
    meta: { operation?: Operation | string; requestId?: string; ttlMs: number },
  ): Promise<Hold> {
    const id = await this.holds.create(party.accountId, party.mode, amount, {
      operation: meta.operation ?? null,
      requestId: meta.requestId ?? null,
      ttlSeconds: meta.ttlMs / 1000,
    });
    if (id === null) throw await this.insufficientCredit(party, amount);
    return { id, accountId: party.accountId, mode: party.mode, amount };
  }

  /**
   * Charges `charge` (≤ the hold) and releases the rest, appending the ledger entry, in one
   * transaction. A hold the reaper already voided (a call that outlived its deadline) is charged
   * directly only if the credit is still there; otherwise the call is free.
   */
  async capture(
    hold: Hold,
    charge: Micros,
    meta: { operation?: string; requestId?: string } = {},
  ): Promise<CaptureResult> {
    if (!Number.isSafeInteger(charge) || charge < 0 || charge > hold.amount) {
      throw new RangeError(`charge ${charge} is outside [0, ${hold.amount}]`);
    }
    // The usual case, in one statement (one round trip, atomic).
    const balance = await this.holds.capture(hold.accountId, hold.mode, hold.id, charge, {
      operation: meta.operation ?? null,
      requestId: meta.requestId ?? null,
    });
    if (balance !== null) return { charged: charge, balance: toMicros(balance) };
    return this.dataSource.transaction((m) => this.chargeSettledHold(hold, charge, meta, m));
  }

  /**
   * A hold the reaper already voided (a call that outlived its deadline and margin): charge
   * directly, only if the credit is still available; otherwise the call is free.
   */
  private async chargeSettledHold(
    hold: Hold,
    charge: Micros,
    meta: { operation?: string; requestId?: string },
    manager: EntityManager,
  ): Promise<CaptureResult> {
    this.logger.warn({ holdId: hold.id }, 'capturing a hold that is no longer pending');
    const after = charge
      ? await this.accountBalances.deductAvailable(hold.accountId, hold.mode, charge, manager)
      : null;
    if (after === null) {
      return { charged: 0, balance: (await this.balance(hold, manager)).balance };
    }
    const balance = toMicros(after);
    await this.entries.createCharge(
      hold.accountId,
      hold.mode,
      {
        amount: -charge,
        balanceAfter: balance,
        holdId: hold.id,
        operation: meta.operation ?? null,
        requestId: meta.requestId ?? null,
      },
      manager,
    );
    return { charged: charge, balance };
  }

  /** Releases a hold without charging. Safe to call twice, or after capture (no-op). */
  async void(hold: Pick<Hold, 'id'>, manager?: EntityManager): Promise<void> {
    await this.holds.void(hold.id, manager);
  }

  /** Voids holds whose request died (their expiry is the deadline plus a margin). */
  async reapExpiredHolds(limit = 500): Promise<number> {
    const count = await this.holds.voidExpired(limit);
    if (count > 0) this.logger.warn({ count }, 'voided expired holds');
    return count;
  }

  /**
   * Adds credit (purchase, grant, refund or a positive adjustment) with its ledger entry.
   * `reference` makes a purchase idempotent: the same reference never credits twice.
   * Returns null when that reference was already credited.
   */
  async credit(
    party: BillingParty,
    amount: Micros,
    entry: { kind: CreditKind; reason?: string; reference?: string },
    manager?: EntityManager,
  ): Promise<{ balance: Micros } | null> {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RangeError('credit must be positive');
    const run = async (m: EntityManager) => {
      await this.accountBalances.ensure(party.accountId, party.mode, m);
      if (entry.kind === 'purchase' && entry.reference) {
        if (await this.entries.hasPurchase(entry.reference, m)) return null;
      }
      const balance = toMicros(
        await this.accountBalances.add(party.accountId, party.mode, amount, m),
      );
      await this.entries.createCredit(
        party.accountId,
        party.mode,
        {
          kind: entry.kind,
          amount,
          balanceAfter: balance,
          reference: entry.reference ?? null,
          reason: entry.reason ?? null,
        },
        m,
      );
      return { balance };
    };
    if (manager) return run(manager);
    try {
      return await this.dataSource.transaction(run);
    } catch (error) {
      // Two concurrent credits of one purchase: the unique reference lets exactly one through.
      if ((error as { code?: string }).code === '23505' && entry.kind === 'purchase') return null;
      throw error;
    }
  }

  async balance(party: BillingParty, manager?: EntityManager): Promise<BalanceView> {
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
