import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { JobStatus, Micros, Mode } from '@reelscout/domain';
import { pgPoolOf, runPrepared } from '@reelscout/database';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { KeyedConcurrencyLimiter } from '../common/async/concurrency-limiter';
import {
  ADD_CREDIT,
  CHARGE_REAPED_HOLD,
  CREATE_JOB_WITH_HOLD,
  END_QUEUED,
  HOLD_FOR_ATTEMPT,
  REAP_EXPIRED,
  REQUEUE,
  REVERSE_CREDIT,
  SETTLE_SUCCESS,
  SETTLE_WITHOUT_CHARGE,
} from './ledger.statements';
import type { NamedStatement } from './named-sql';
import {
  holdRefusalOf,
  durationOf,
  type AttemptHold,
  type ErrorEnding,
  type FencedAttempt,
  type JobEnded,
  type NewJobWithHold,
  type SettledSuccess,
  type StatusMove,
  type UsageFacts,
} from './ledger.types';

/**
 * Money statements in flight at once per balance row, per pool (each API instance has its
 * own). Every charged call locks its account's balance row twice (its hold, its settlement);
 * when many calls of one account arrive at once, Postgres queues them on that row's lock, and
 * each waiter costs CPU to wake, re-check the row and find its newest version. Waiting here
 * instead is cheaper; 3 was the best width measured (docs/performance.md, "Where the time goes").
 */
export const STATEMENTS_PER_BALANCE = 3;

const queues = new WeakMap<Pool, KeyedConcurrencyLimiter>();

/**
 * The one sender of the money statements (ledger.statements.ts, calling the functions of
 * libs/database/src/sql/money.sql): holds with their jobs, settlements, requeues, the reaper,
 * late charges, credit and its reversals. Provided by LedgerModule; the other modules go through
 * its services. A statement sent on its own waits its turn on its balance row's queue (at most
 * STATEMENTS_PER_BALANCE at a time per pool, the rest in arrival order, holding no lock and no
 * connection while they wait, so the queue can never be part of a deadlock); in a caller's
 * `manager`, it runs on that transaction's connection and never queues.
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
    const [row] = await this.send<{
      ended: number;
      captured: number;
      balance: string | null;
      events_pending: boolean;
    }>(SETTLE_SUCCESS, values, attempt, manager);
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
  ): Promise<JobEnded> {
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
    const [statement, values] =
      job.attempt === null
        ? [END_QUEUED, END_QUEUED.values({ job: job.id, ...ended })]
        : [
            SETTLE_WITHOUT_CHARGE,
            SETTLE_WITHOUT_CHARGE.values({ job: job.id, attempt: job.attempt, ...ended }),
          ];
    const [row] = await this.send<{ ended: number; events_pending: boolean }>(
      statement,
      values,
      job,
      manager,
    );
    return { ended: row.ended === 1, eventsPending: row.events_pending };
  }

  /** Puts a running attempt's job back in the queue, its hold voided; whether it did. */
  async requeue(
    attempt: FencedAttempt,
    move: StatusMove,
    recovery: boolean,
    manager: EntityManager,
  ): Promise<boolean> {
    const values = REQUEUE.values({
      job: attempt.id,
      attempt: attempt.attempt,
      from: move.from,
      to: move.to,
      recovery,
    });
    const [row] = await this.send<{ requeued: number }>(REQUEUE, values, attempt, manager);
    return row.requeued === 1;
  }

  /**
   * Charges a succeeded job whose hold the reaper voided (see CHARGE_REAPED_HOLD): what it was
   * charged (0 when the credit or a window had no room) and the balance after; null when the
   * job's charge was already set.
   */
  async chargeReapedHold(
    job: { id: string; accountId: string; mode: Mode },
    charge: Micros,
    usage: UsageFacts,
  ): Promise<{ charged: Micros; balance: Micros } | null> {
    const values = CHARGE_REAPED_HOLD.values({
      job: job.id,
      charge,
      market: usage.market,
      durationMs: durationOf(usage),
    });
    const [row] = await this.send<{ charged: string | null; balance: string | null }>(
      CHARGE_REAPED_HOLD,
      values,
      job,
    );
    if (row.charged === null) return null;
    return { charged: Number(row.charged), balance: Number(row.balance ?? 0) };
  }

  /** Voids up to `limit` pending holds past their expiry; how many. */
  async reapExpired(limit: number): Promise<number> {
    const rows = await runPrepared<{ count: number }>(
      this.dataSource,
      REAP_EXPIRED,
      REAP_EXPIRED.values({ limit }),
    );
    return rows[0].count;
  }

  /**
   * Adds credit with its ledger entry (`add_credit`: the balance row created if missing, a
   * shortfall paid first); the balance after, or null when `reference` was already credited as
   * a purchase.
   */
  async addCredit(
    party: { accountId: string; mode: Mode },
    entry: { kind: string; amount: Micros; reference: string | null; reason: string | null },
    manager?: EntityManager,
  ): Promise<Micros | null> {
    const values = ADD_CREDIT.values({ account: party.accountId, mode: party.mode, ...entry });
    const [row] = await this.send<{ balance_after: string | null }>(
      ADD_CREDIT,
      values,
      party,
      manager,
    );
    return row.balance_after === null ? null : Number(row.balance_after);
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
    if (!manager) {
      const pool = pgPoolOf(this.dataSource);
      let queue = queues.get(pool);
      if (!queue) {
        queue = new KeyedConcurrencyLimiter(STATEMENTS_PER_BALANCE);
        queues.set(pool, queue);
      }
      return queue.run(`${balance.accountId}:${balance.mode}`, () =>
        runPrepared<Row>(this.dataSource, statement, values),
      );
    }
    const client = (
      manager.queryRunner as unknown as { databaseConnection?: PoolClient } | undefined
    )?.databaseConnection;
    if (!client) return manager.query(statement.text, values);
    const { name, text } = statement;
    return (await client.query<Row & QueryResultRow>({ name, text, values })).rows;
  }
}
