import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, type JobStatus, type Micros, type Mode } from '@reelscout/domain';
import { runPrepared } from '@reelscout/database';
import { DataSource, type EntityManager } from 'typeorm';
import { toErrorBody } from '../common/errors/error-envelope';
import { jobsConfig } from '../config';
import { toStoredBody } from '../idempotency/idempotency.service';
import { BillingService } from '../money/billing.service';
import { holdRefusalOf } from '../money/hold-refusal';
import { MoneyRepository } from '../repositories/money.repository';
import { SqlParams } from '../repositories/sql-params';
import { observeSettlement, recordQueuedEnding } from '../common/observability/observe';
import { currentTraceparent } from '../common/observability/tracing';
import { JobQueue } from './job-queue';
import { initialStatus, transition, type JobEvent } from './job-state';
import {
  afterSql,
  CLAIM,
  CLEAR_EVENTS_PENDING_SQL,
  COUNT_QUEUED_SQL,
  FAIR_CANDIDATES_SQL,
  FIND_BY_ID_SQL,
  findWhereSql,
  HEARTBEAT,
  HOLD_FOR_ATTEMPT,
  listSql,
  LOCK_EVENTS_PENDING_SQL,
  LOCK_EXPIRED_QUEUED_SQL,
  LOCK_QUEUE_SQL,
  LOCK_QUEUED_OLDER_SQL,
  LOCK_STALE_SQL,
  OPEN,
  PURGE_RESULTS_SQL,
  REQUEST_CANCEL_SQL,
  REQUEUE,
  RESEND_SQL,
  scopeWhere,
  SETTLE,
  type JobScope,
} from './job-statements';
import {
  attemptOf,
  canceledError,
  usageOfRow,
  type FairClaimScope,
  type HoldOutcome,
  type JobAttempt,
  type JobListFilter,
  type JobRow,
  type JobSettlement,
  type NewJob,
  type UsageFacts,
} from './job-types';

export type { JobScope } from './job-statements';
export * from './job-types';

/** Rounds of candidates a fair claim reads before it gives up on losing every race. */
const CLAIM_ROUNDS = 3;
const CLAIM_CANDIDATES = 4;

/**
 * The `Retry-After` of a call refused for a full queue: a queued job waits for a slot, and slots
 * free as running jobs end, in seconds to a minute or two.
 */
const QUEUE_RETRY_AFTER_SECONDS = 30;

/**
 * The job, one aggregate: the only writer of `jobs`. Its moves are the transitions of the state
 * machine (job-state.ts), each one statement (job-statements.ts) that takes its statuses from
 * the machine and, where money moves, calls the functions of money.sql in the same statement:
 * open (with its hold), claim (and a claimed attempt's new hold), beat, request cancel, succeed,
 * fail, cancel, requeue, expire. Besides them it only keeps the queue's bookkeeping (a lost
 * message sent again, the outbox mark cleared, results purged) and answers reads. A running
 * job's row is fenced by its `attempt`: only the attempt that holds it can beat its heartbeat
 * or end it, so a job recovered elsewhere can never be ended (or charged) twice. Statements
 * that move money wait on their balance row's queue (MoneyRepository.send) unless they run in a
 * caller's transaction.
 */
@Injectable()
export class JobAggregate {
  private readonly eventsListeners: (() => void)[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly money: MoneyRepository,
    private readonly billing: BillingService,
    private readonly queue: JobQueue,
    @Inject(jobsConfig.KEY) private readonly config: ConfigType<typeof jobsConfig>,
  ) {}

  /** Called whenever a settlement marked an ended job's webhook event pending (JobEvents). */
  onEventsPending(listener: () => void): void {
    this.eventsListeners.push(listener);
  }

  /**
   * open: the job with its hold, or its 402 (nothing written). A sync job starts `running` with
   * its first attempt; an async one `queued` with its queue message, in `manager`'s transaction
   * (or one of its own). `capped`: a caller's async call, first held to
   * JOBS_MAX_QUEUED_PER_ACCOUNT (past it, 429 and nothing written).
   */
  async open(
    job: NewJob,
    options: { manager?: EntityManager; capped?: boolean } = {},
  ): Promise<HoldOutcome> {
    const status = initialStatus(job.execution);
    const manager = options.manager;
    if (status === 'queued' && !manager) {
      return this.dataSource.transaction((m) => this.open(job, { ...options, manager: m }));
    }
    if (options.capped && manager) await this.requireQueueRoom(job, manager);
    const message = status === 'queued' ? this.queue.message(job.operation) : null;
    const values = OPEN.values({
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
      status,
      attempt: status === 'running' ? 1 : 0,
      now: job.now,
      source: job.source,
      message: message?.id ?? null,
      channel: message?.channel ?? null,
      queue: message?.queue ?? null,
      traceParent: message ? currentTraceparent() : null,
    });
    let holdId: string;
    try {
      [{ hold_id: holdId }] = await this.money.send<{ hold_id: string }>(
        OPEN,
        values,
        job,
        manager,
      );
    } catch (error) {
      return this.refusedOr(error, job, job.holdAmount, job.now);
    }
    if (message && manager) await this.queue.send(manager, message, job.id);
    return { holdId };
  }

  /**
   * claim: a queued job's next attempt. With a FairClaimScope, the fair next job of a queue
   * (FAIR_CANDIDATES_SQL), each candidate by the conditional update, the next one when another
   * slot took it first; with a job id, that job. The row, or null when none may be taken.
   */
  async claim(target: FairClaimScope | { jobId: string }): Promise<JobRow | null> {
    const move = transition('queued', 'claim');
    const claimOne = async (id: string) =>
      (await runPrepared<JobRow>(this.dataSource, CLAIM, CLAIM.values({ job: id, ...move })))[0] ??
      null;
    if ('jobId' in target) return claimOne(target.jobId);
    for (let round = 0; round < CLAIM_ROUNDS; round++) {
      const candidates: { id: string }[] = await this.dataSource.query(FAIR_CANDIDATES_SQL, [
        target.operations,
        target.fullLive,
        target.fullTest,
        target.testAllowed,
        CLAIM_CANDIDATES,
      ]);
      if (candidates.length === 0) return null;
      for (const { id } of candidates) {
        const row = await claimOne(id);
        if (row) return row;
      }
    }
    return null;
  }

  /**
   * The claimed attempt's own hold, when it has none (a requeued or recovered job: its first hold
   * was voided): counted in the key's and subject's windows but not limited (the job was
   * accepted within them); only short credit refuses it (its 402). Null: the attempt no longer
   * holds the job.
   */
  async holdForAttempt(
    attempt: JobAttempt,
    hold: { amount: Micros; ttlSeconds: number; now: Date },
  ): Promise<HoldOutcome | null> {
    const values = HOLD_FOR_ATTEMPT.values({
      job: attempt.id,
      attempt: attempt.attempt,
      account: attempt.accountId,
      mode: attempt.mode,
      amount: hold.amount,
      operation: attempt.operation,
      requestId: attempt.requestId,
      ttlSeconds: hold.ttlSeconds,
      key: attempt.keyId,
      subject: attempt.subject,
      now: hold.now,
    });
    try {
      const [row] = await runPrepared<{ fenced: number; hold_id: string | null }>(
        this.dataSource,
        HOLD_FOR_ATTEMPT,
        values,
      );
      return row.fenced === 1 ? { holdId: row.hold_id! } : null;
    } catch (error) {
      return this.refusedOr(error, attempt, hold.amount, hold.now);
    }
  }

  /**
   * beat: proves the attempt alive and records its progress. Whether a cancel was requested, or
   * null when the attempt no longer holds the job (it was recovered elsewhere).
   */
  async beat(attempt: JobAttempt, progress: number): Promise<boolean | null> {
    const rows = await runPrepared<{ cancel_requested: boolean }>(this.dataSource, HEARTBEAT, [
      attempt.id,
      attempt.attempt,
      progress,
    ]);
    return rows.length ? rows[0].cancel_requested : null;
  }

  /** request cancel: asks a running job to stop at its next step; whether the job is running. */
  async requestCancel(id: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(REQUEST_CANCEL_SQL, [id]);
    return rows.length === 1;
  }

  /**
   * succeed: the attempt's result and its charge (whole micros within its hold, the one check
   * of a charge): the hold captured, or the late charge of a hold the reaper voided. Null when
   * the attempt no longer holds the job (nothing settled).
   */
  async succeed(
    attempt: JobAttempt,
    success: { body: unknown; chargeMicros: Micros },
    usage: UsageFacts,
    manager?: EntityManager,
  ): Promise<JobSettlement | null> {
    const charge = success.chargeMicros;
    if (!Number.isSafeInteger(charge) || charge < 0 || charge > attempt.holdAmount) {
      throw new RangeError(`charge ${charge} is not whole micros within the hold`);
    }
    return this.settle(attempt, attempt.attempt, 'running', 'succeed', usage, manager, {
      charge,
      result: toStoredBody(success.body),
    });
  }

  /** fail: the attempt's error; its hold voided, nothing charged. */
  fail(
    attempt: JobAttempt,
    error: DomainError,
    usage: UsageFacts,
    manager?: EntityManager,
  ): Promise<JobSettlement | null> {
    return this.settle(attempt, attempt.attempt, 'running', 'fail', usage, manager, { error });
  }

  /**
   * cancel: a running attempt (`attempt`) or a job still queued (a JobRow); its hold voided,
   * nothing charged. Null when it was no longer in that state.
   */
  cancel(
    job: JobAttempt | JobRow,
    usage: UsageFacts | null,
    manager?: EntityManager,
  ): Promise<JobSettlement | null> {
    const error = canceledError();
    if ('status' in job && job.status === 'queued') {
      return this.settle(attemptOf(job), null, 'queued', 'cancel', usageOfRow(job), manager, {
        error,
      });
    }
    const attempt = 'status' in job ? attemptOf(job) : job;
    return this.settle(attempt, attempt.attempt, 'running', 'cancel', usage ?? NO_USAGE, manager, {
      error,
    });
  }

  /** expire: a job that waited in the queue too long fails without running (its hold voided). */
  expire(row: JobRow, error: DomainError, manager?: EntityManager) {
    return this.settle(attemptOf(row), null, 'queued', 'expire', usageOfRow(row), manager, {
      error,
    });
  }

  /**
   * requeue: a running attempt's job back in the queue with a new message (a shutdown, or a dead
   * attempt's recovery, which `recovery` counts): its hold voided, the next attempt places a new
   * one. Whether it did.
   */
  async requeue(
    attempt: JobAttempt,
    options: { recovery?: boolean; manager?: EntityManager } = {},
  ): Promise<boolean> {
    const run = async (manager: EntityManager) => {
      const message = this.queue.message(attempt.operation);
      const values = REQUEUE.values({
        job: attempt.id,
        attempt: attempt.attempt,
        ...transition('running', 'requeue'),
        recovery: options.recovery ?? false,
        message: message.id,
        channel: message.channel,
        queue: message.queue,
      });
      const [row] = await this.money.send<{ requeued: number }>(REQUEUE, values, attempt, manager);
      if (row.requeued !== 1) return false;
      await this.queue.send(manager, message, attempt.id);
      return true;
    };
    return options.manager ? run(options.manager) : this.dataSource.transaction(run);
  }

  /**
   * How this attempt settled the job, read back (a settlement that committed unheard); null
   * when the job is not ended by this attempt.
   */
  async endedBy(attempt: JobAttempt): Promise<JobSettlement | null> {
    const row = await this.findById(attempt.id);
    if (!row || row.attempt !== attempt.attempt || !row.finished_at) return null;
    if (row.status !== 'succeeded') return { httpStatus: row.http_status ?? 500, captured: null };
    return {
      httpStatus: 200,
      captured: { charged: Number(row.charged ?? 0), balance: Number(row.balance_after ?? 0) },
    };
  }

  /** A queued job whose message can no longer start it gets a new one (in `manager`). */
  async resend(job: { id: string; operation: string }, manager: EntityManager): Promise<void> {
    const message = this.queue.message(job.operation);
    await manager.query(RESEND_SQL, [job.id, message.id, message.channel, message.queue]);
    await this.queue.send(manager, message, job.id);
  }

  /** Running jobs whose heartbeat stopped, locked for recovery (skipping ones being recovered). */
  lockStale(staleSeconds: number, limit: number, manager: EntityManager): Promise<JobRow[]> {
    return manager.query(LOCK_STALE_SQL, [staleSeconds, limit]);
  }

  /** Queued jobs older than `maxSeconds`, locked so they can be expired. */
  lockExpiredQueued(maxSeconds: number, limit: number, manager: EntityManager): Promise<JobRow[]> {
    return manager.query(LOCK_EXPIRED_QUEUED_SQL, [maxSeconds, limit]);
  }

  /** Queued jobs older than `seconds`, with their message's id, locked for a lost-message check. */
  lockQueuedOlderThan(
    seconds: number,
    limit: number,
    manager: EntityManager,
  ): Promise<{ id: string; operation: string; queue_message_id: string | null }[]> {
    return manager.query(LOCK_QUEUED_OLDER_SQL, [seconds, limit]);
  }

  /**
   * Ended jobs whose webhook event is still to be written (only jobs of accounts that had an
   * enabled endpoint when they ended are marked), locked for the publisher.
   */
  lockEventsPending(limit: number, manager: EntityManager): Promise<JobRow[]> {
    return manager.query(LOCK_EVENTS_PENDING_SQL, [limit]);
  }

  /** The outbox mark cleared, once the events were written (in the same transaction). */
  async eventsPublished(ids: string[], manager: EntityManager): Promise<void> {
    await manager.query(CLEAR_EVENTS_PENDING_SQL, [ids]);
  }

  /** Drops results (and requests) past their retention; how many. The rows stay. */
  async purgeResults(limit: number): Promise<number> {
    const rows: unknown[] = await this.dataSource.query(PURGE_RESULTS_SQL, [limit]);
    return rows.length;
  }

  /** The job, if it belongs to this account and mode (and key line, when confined). */
  async findOwned(id: string, scope: JobScope): Promise<JobRow | null> {
    const p = new SqlParams();
    const where = [`id = ${p.add(id)}`, ...scopeWhere(scope, p)];
    const rows: JobRow[] = await this.dataSource.query(findWhereSql(where), p.values);
    return rows[0] ?? null;
  }

  async findById(id: string, manager?: EntityManager): Promise<JobRow | null> {
    const rows: JobRow[] = await (manager ?? this.dataSource).query(FIND_BY_ID_SQL, [id]);
    return rows[0] ?? null;
  }

  /** Newest first; `after` is the job the previous page ended with. */
  list(
    scope: JobScope,
    filter: JobListFilter,
    page: { after: { created_at: Date; id: string } | null; limit: number },
  ): Promise<JobRow[]> {
    const p = new SqlParams();
    const where = scopeWhere(scope, p);
    if (filter.operation) where.push(`operation = ${p.add(filter.operation)}`);
    if (filter.status) where.push(`status = ${p.add(filter.status)}`);
    if (filter.createdFrom) where.push(`created_at >= ${p.add(filter.createdFrom)}`);
    if (filter.createdTo) where.push(`created_at < ${p.add(filter.createdTo)}`);
    if (filter.requestId) where.push(`request_id = ${p.add(filter.requestId)}`);
    if (page.after) where.push(afterSql(p.add(page.after.id)));
    return this.dataSource.query(listSql(where, p.add(page.limit)), p.values);
  }

  /**
   * The settlement of every ending (SETTLE): `from` → the event's status, the money moved in the
   * same statement, the usage record written. Null when the job was no longer in `from` (or the
   * attempt no longer held it).
   */
  private async settle(
    job: JobAttempt,
    attempt: number | null,
    from: JobStatus,
    event: JobEvent,
    usage: UsageFacts,
    manager: EntityManager | undefined,
    outcome: { charge: Micros; result: string } | { error: DomainError },
  ): Promise<JobSettlement | null> {
    const move = transition(from, event);
    const error = 'error' in outcome ? outcome.error : null;
    const httpStatus = error ? error.status : 200;
    const values = SETTLE.values({
      job: job.id,
      attempt,
      ...move,
      charge: 'charge' in outcome ? outcome.charge : null,
      httpStatus,
      result: 'result' in outcome ? outcome.result : null,
      error: error ? toStoredBody(toErrorBody(error, job.requestId)) : null,
      errorCode: error?.code ?? null,
      retentionSeconds: this.config.resultRetentionHours * 3600,
      market: usage.market,
      durationMs: Math.max(0, Math.round(usage.durationMs)),
    });
    const write = async (): Promise<JobSettlement | null> => {
      const [row] = await this.money.send<{
        ended: number;
        charged: string | null;
        balance: string | null;
        events_pending: boolean;
      }>(SETTLE, values, job, manager);
      if (row.events_pending) for (const listener of this.eventsListeners) listener();
      if (row.ended !== 1) return null;
      if (error) return { httpStatus, captured: null };
      return {
        httpStatus,
        captured: { charged: Number(row.charged ?? 0), balance: Number(row.balance ?? 0) },
      };
    };
    // A queued job that ends never ran: it counts as canceled or expired, with no run to time.
    if (from === 'queued') {
      const settled = await write();
      if (settled && (event === 'cancel' || event === 'expire')) recordQueuedEnding(job, event);
      return settled;
    }
    const kind = move.to as 'succeeded' | 'failed' | 'canceled';
    return observeSettlement(job, { kind, error: error ?? undefined }, usage, write);
  }

  /**
   * 429 `queue_limit_reached` when the account already has the most queued jobs of its mode. The
   * count and the insert that follows are one transaction under the account's queue lock, so
   * concurrent calls cannot pass the cap together.
   */
  private async requireQueueRoom(job: NewJob, manager: EntityManager): Promise<void> {
    const cap = this.config.maxQueuedPerAccount;
    await manager.query(LOCK_QUEUE_SQL, [job.accountId, job.mode]);
    const [{ n: queued }]: { n: number }[] = await manager.query(COUNT_QUEUED_SQL, [
      job.accountId,
      job.mode,
      cap,
    ]);
    if (queued < cap) return;
    throw new DomainError(
      'queue_limit_reached',
      `This account already has ${cap} ${job.mode}-mode jobs queued, the most allowed; nothing was charged. Retry after Retry-After seconds, when some have started.`,
      { headers: { 'Retry-After': String(QUEUE_RETRY_AFTER_SECONDS) } },
    );
  }

  /** A refused hold's 402 (what refused it, read from the balance and windows), or the error. */
  private async refusedOr(
    error: unknown,
    party: { accountId: string; mode: Mode; keyId: string | null; subject: string | null },
    amount: Micros,
    at: Date,
  ): Promise<{ refused: DomainError }> {
    const refusal = holdRefusalOf(error, at);
    if (!refusal) throw error;
    return { refused: await this.billing.refusal(party, amount, refusal) };
  }
}

const NO_USAGE: UsageFacts = { market: null, durationMs: 0 };
