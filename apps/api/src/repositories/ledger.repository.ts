import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { JobStatus, Micros, Mode } from '@reelscout/domain';
import { runPrepared } from '@reelscout/database';
import type { PoolClient, QueryResultRow } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { runPreparedOnBalance } from './balance-queue';
import {
  ADD_CREDIT,
  CREATE_JOB_WITH_HOLD,
  HOLD_FOR_ATTEMPT,
  VOID_EXPIRED_SQL,
} from './ledger-holds.statements';
import { PAY_SHORTFALL, REVERSE_CREDIT } from './ledger-reversal.statements';
import {
  CHARGE_REAPED_HOLD,
  END_QUEUED,
  REQUEUE,
  SETTLE_SUCCESS,
  SETTLE_WITHOUT_CHARGE,
} from './ledger-settle.statements';
import type { NamedStatement } from './named-sql';
import {
  holdRefusalOf,
  warnIfClamped,
  durationOf,
  type AttemptHold,
  type EndedRow,
  type ErrorEnding,
  type FencedAttempt,
  type NewJobWithHold,
  type Settled,
  type SettledRow,
  type SettledSuccess,
  type StatusMove,
  type UsageFacts,
} from './ledger.types';

/**
 * The one owner of the statements that move money (ledger-*.statements.ts): holds with their
 * jobs, settlements, requeues, the reaper, late charges, credit and its reversals. Provided by
 * LedgerModule; the other modules go through its services. A statement sent on its own goes
 * through `runPreparedOnBalance` (balance-queue.ts); in a caller's `manager`, on its connection.
 */
@Injectable()
export class LedgerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserts a job with its hold; the hold's id. Throws HoldRefused (nothing written). */
  async createJobWithHold(job: NewJobWithHold, manager?: EntityManager): Promise<string> {
    const values = CREATE_JOB_WITH_HOLD.values({
      job: job.id,
      account: job.accountId,
      mode: job.mode,
      key: job.keyId,
      subject: job.subject,
      operation: job.operation,
      execution: job.execution,
      request: job.request,
      requestId: job.requestId,
      idempotencyKey: job.idempotencyKey,
      amount: job.holdAmount,
      ttlSeconds: job.holdTtlSeconds,
      status: job.status,
      attempt: job.status === 'running' ? 1 : 0,
      now: job.now,
      source: job.source,
    });
    try {
      const rows = await this.send<{ hold_id: string }>(CREATE_JOB_WITH_HOLD, values, job, manager);
      return rows[0].hold_id;
    } catch (error) {
      throw holdRefusalOf(error, job.now);
    }
  }

  /**
   * A new hold for an attempt without one (counted in its windows, not limited), attached to the
   * job. `fenced` false: the attempt no longer holds the job. Throws HoldRefused on short credit.
   */
  async holdForAttempt(
    attempt: FencedAttempt & { from: JobStatus },
    hold: AttemptHold,
  ): Promise<{ fenced: boolean; holdId: string | null }> {
    try {
      const rows = await runPrepared<{ fenced: number; hold_id: string | null }>(
        this.dataSource,
        HOLD_FOR_ATTEMPT,
        HOLD_FOR_ATTEMPT.values({
          job: attempt.id,
          attempt: attempt.attempt,
          from: attempt.from,
          account: attempt.accountId,
          mode: attempt.mode,
          amount: hold.amount,
          operation: hold.operation,
          requestId: hold.requestId,
          ttlSeconds: hold.ttlSeconds,
          key: hold.keyId,
          subject: hold.subject,
          now: hold.now,
        }),
      );
      return { fenced: rows[0].fenced === 1, holdId: rows[0].hold_id };
    } catch (error) {
      throw holdRefusalOf(error, hold.now);
    }
  }

  /** Settles a succeeded attempt: captures its charge (see SETTLE_SUCCESS). */
  async settleSuccess(
    attempt: FencedAttempt,
    move: StatusMove,
    success: { charge: Micros; result: string; retentionSeconds: number; usage: UsageFacts },
    manager?: EntityManager,
  ): Promise<SettledSuccess> {
    const values = SETTLE_SUCCESS.values({
      job: attempt.id,
      attempt: attempt.attempt,
      from: move.from,
      to: move.to,
      charge: success.charge,
      result: success.result,
      retentionSeconds: success.retentionSeconds,
      market: success.usage.market,
      durationMs: durationOf(success.usage),
    });
    const [row] = await this.send<SettledRow>(SETTLE_SUCCESS, values, attempt, manager);
    warnIfClamped(row.clamped, { jobId: attempt.id });
    return {
      ended: row.ended === 1,
      captured: row.captured === 1,
      balance: row.balance,
      eventsPending: row.events_pending,
    };
  }

  /** Settles an attempt, or a queued job (`attempt` null), that ends without a charge. */
  async settleWithoutCharge(
    job: Omit<FencedAttempt, 'attempt'> & { attempt: number | null },
    move: StatusMove,
    ending: ErrorEnding,
    usage: UsageFacts,
    manager?: EntityManager,
  ): Promise<Settled> {
    const ended = {
      from: move.from,
      to: move.to,
      httpStatus: ending.httpStatus,
      error: ending.error,
      errorCode: ending.errorCode,
      retentionSeconds: ending.retentionSeconds,
      market: usage.market,
      durationMs: durationOf(usage),
    };
    const rows =
      job.attempt === null
        ? await this.send<EndedRow>(
            END_QUEUED,
            END_QUEUED.values({ job: job.id, ...ended }),
            job,
            manager,
          )
        : await this.send<EndedRow>(
            SETTLE_WITHOUT_CHARGE,
            SETTLE_WITHOUT_CHARGE.values({ job: job.id, attempt: job.attempt, ...ended }),
            job,
            manager,
          );
    warnIfClamped(rows[0].clamped, { jobId: job.id });
    return { ended: rows[0].ended === 1, eventsPending: rows[0].events_pending };
  }

  /** Puts a running attempt's job back in the queue, its hold voided; whether it did. */
  async requeue(
    attempt: FencedAttempt,
    move: StatusMove,
    recovery: boolean,
    manager: EntityManager,
  ): Promise<boolean> {
    const rows = await this.send<{ requeued: number; clamped: unknown }>(
      REQUEUE,
      REQUEUE.values({
        job: attempt.id,
        attempt: attempt.attempt,
        from: move.from,
        to: move.to,
        recovery,
      }),
      attempt,
      manager,
    );
    warnIfClamped(rows[0].clamped, { jobId: attempt.id });
    return rows[0].requeued === 1;
  }

  /**
   * Charges a succeeded job whose hold the reaper voided (see CHARGE_REAPED_HOLD): what it was
   * charged (0 when the credit or a window had no room) and the balance after; null when the
   * job's charge was already set.
   */
  async chargeReapedHold(
    job: { id: string; holdId: string; accountId: string; mode: Mode },
    charge: Micros,
    usage: UsageFacts,
  ): Promise<{ charged: Micros; balance: Micros } | null> {
    const [row] = await this.send<{ charged: string | null; balance: string | null }>(
      CHARGE_REAPED_HOLD,
      CHARGE_REAPED_HOLD.values({
        job: job.id,
        hold: job.holdId,
        account: job.accountId,
        mode: job.mode,
        charge,
        market: usage.market,
        durationMs: durationOf(usage),
      }),
      job,
    );
    if (row.charged === null) return null;
    return { charged: Number(row.charged), balance: Number(row.balance ?? 0) };
  }

  /** Voids up to `limit` pending holds past their expiry and releases them; how many. */
  async reapExpired(limit: number): Promise<number> {
    const rows: { count: number; clamped: unknown }[] = await this.dataSource.query(
      VOID_EXPIRED_SQL,
      [limit],
    );
    warnIfClamped(rows[0]?.clamped, { reaper: true });
    return rows[0]?.count ?? 0;
  }

  /**
   * Adds credit with its ledger entry, in the caller's transaction (the balance row created if
   * missing); the balance after, or null when `reference` was already credited as a purchase.
   */
  async addCredit(
    party: { accountId: string; mode: Mode },
    entry: { kind: string; amount: Micros; reference: string | null; reason: string | null },
    manager: EntityManager,
  ): Promise<Micros | null> {
    await manager.query(
      `INSERT INTO balances (account_id, mode) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [party.accountId, party.mode],
    );
    if (entry.kind === 'purchase' && entry.reference) {
      const seen: unknown[] = await manager.query(
        `SELECT 1 FROM ledger_entries WHERE kind = 'purchase' AND reference = $1`,
        [entry.reference],
      );
      if (seen.length > 0) return null;
    }
    const at = { account: party.accountId, mode: party.mode };
    await this.send(ADD_CREDIT, ADD_CREDIT.values({ ...at, ...entry }), party, manager);
    // New credit pays an outstanding shortfall first (a no-op without one).
    const [row] = await this.send<{ balance_after: string }>(
      PAY_SHORTFALL,
      PAY_SHORTFALL.values(at),
      party,
      manager,
    );
    return Number(row.balance_after);
  }

  /**
   * Takes back credit Stripe gave back to the payer (`reverse_credit`, in the caller's
   * transaction); `disputes` moves the count of open disputes. The amount taken.
   */
  async reverseCredit(
    party: { accountId: string; mode: Mode },
    entry: { kind: 'payment_refund' | 'chargeback'; amount: Micros; disputes: -1 | 0 | 1 },
    note: { reference: string; reason: string },
    manager: EntityManager,
  ): Promise<Micros> {
    const at = { account: party.accountId, mode: party.mode };
    const values = REVERSE_CREDIT.values({ ...at, ...entry, ...note });
    const [row] = await this.send<{ taken: string }>(REVERSE_CREDIT, values, party, manager);
    return Number(row.taken);
  }

  /**
   * Sends a money statement: in `manager`'s transaction on its connection (prepared once per
   * connection; an expected RS402 is not logged as a failed query), else on the row's queue.
   */
  private async send<Row>(
    statement: NamedStatement<string>,
    values: unknown[],
    balance: { accountId: string; mode: string },
    manager?: EntityManager,
  ): Promise<Row[]> {
    if (!manager) return runPreparedOnBalance<Row>(this.dataSource, balance, statement, values);
    const client = (
      manager.queryRunner as unknown as { databaseConnection?: PoolClient } | undefined
    )?.databaseConnection;
    if (!client) return manager.query(statement.text, values);
    const { name, text } = statement;
    return (await client.query<Row & QueryResultRow>({ name, text, values })).rows;
  }
}
