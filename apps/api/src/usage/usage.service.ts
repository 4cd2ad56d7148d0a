import { setTimeout as sleep } from 'node:timers/promises';
import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import type { Mode, Operation } from '@reelscout/domain';
import type { Request, Response } from 'express';
import { errorCodeOf } from '../common/errors/error-envelope';
import { requestIdOf, requestStartedAt } from '../common/http/request-id';
import { UsageRecordRepository, type UsageRecord } from '../repositories/usage-record.repository';

export type { UsageRecord };

/** How long a shutdown waits for requests still being answered to be recorded. */
const SHUTDOWN_WAIT_MS = 5_000;

/** A call whose client left is recorded by then at the latest (past every deadline). */
const ABANDONED_RECORD_MS = 6 * 60_000;

/** The parts of an Express response the usage record needs. */
export interface RecordableResponse {
  once(event: 'finish' | 'close', listener: () => void): unknown;
  readonly writableEnded: boolean;
  end: (...args: never[]) => unknown;
}

/** Most records one INSERT writes. */
const MAX_BATCH = 500;

/**
 * Most records waiting to be written (besides the batch in flight). Past it, while the database
 * cannot keep up or is away, new records are dropped, not queued: memory stays bounded and every
 * caller still settles at once. We drop the newest rather than the oldest: the records kept are
 * written in the order the calls ended, so what is lost is one span at the end of the outage,
 * and dropping costs nothing (no shifting a 10 000-element array per record). The drops are
 * logged with their count.
 */
export const USAGE_QUEUE_LIMIT = 10_000;

/** A batch that failed for a reason other than its data is retried once, after this long. */
const RETRY_AFTER_MS = 250;

/**
 * Postgres SQLSTATE classes that blame the rows themselves: 22 (data exception) and 23
 * (integrity constraint violation). Only these are worth splitting a batch row by row for;
 * anything else (a connection reset, a failover, a timeout…) would fail every row alike.
 */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

interface QueuedRecord {
  usage: UsageRecord;
  createdAt: Date;
  settle: () => void;
}

/**
 * One row per /v1 call after authentication, charged or not.
 *
 * Records are written by group commit: while one INSERT is in flight, the records that finish
 * meanwhile queue up and go in the next INSERT, as one multi-row statement. An idle API writes
 * each record at once, as before; a busy one writes one statement per round trip instead of
 * one per call. `created_at` is the moment the call ended, not the moment of the write. The
 * ledger, not this table, is the money's record: a crash loses at most the records still
 * queued (the ones of the last round trip), never a charge.
 *
 * A failed INSERT: for a data error (SQLSTATE class 22 or 23) the batch is written row by row,
 * so one bad row loses only itself. For any other error the whole batch is retried once after
 * RETRY_AFTER_MS, then dropped and logged with its count: a connection reset costs two round
 * trips, not one per row. The queue is capped at USAGE_QUEUE_LIMIT records.
 */
@Injectable()
export class UsageService implements BeforeApplicationShutdown {
  /** Calls whose usage record an owner took over (see takeOver). */
  private readonly takenOver = new WeakSet<object>();
  /** Responses whose usage record is not settled yet (see recordWhenDone). */
  private unsettled = 0;
  /** Who waits for `unsettled` to reach 0 (a shutdown). */
  private idle: (() => void)[] = [];
  private queue: QueuedRecord[] = [];
  private flushing = false;
  /** Records refused because the queue was full, not yet reported in the log. */
  private dropped = 0;

  private readonly logger = new Logger('Usage');

  constructor(private readonly records: UsageRecordRepository) {}

  /**
   * Queues one record; resolves once it is written (or its write failed and was logged), or at
   * once when the queue is full and the record is dropped.
   */
  record(usage: UsageRecord): Promise<void> {
    if (this.queue.length >= USAGE_QUEUE_LIMIT) {
      if (this.dropped++ === 0) {
        this.logger.warn(
          `usage record queue full (${USAGE_QUEUE_LIMIT} waiting): dropping new usage records until it drains`,
        );
      }
      return Promise.resolve();
    }
    return new Promise<void>((settle) => {
      this.queue.push({ usage, createdAt: new Date(), settle });
      if (!this.flushing) void this.flush();
    });
  }

  /** Writes what is queued, batch after batch, until the queue is empty. */
  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        await this.write(batch);
        for (const item of batch) item.settle();
        this.reportDropped();
      }
    } finally {
      this.flushing = false;
    }
  }

  private reportDropped(): void {
    if (this.dropped === 0) return;
    this.logger.error(
      { dropped: this.dropped },
      `dropped ${this.dropped} usage record(s): the queue was full (${USAGE_QUEUE_LIMIT})`,
    );
    this.dropped = 0;
  }

  /**
   * One statement for the batch. On a data error, row by row, so one bad row loses only itself;
   * on any other error, the whole batch once more after a pause, then it is dropped. At most
   * two whole-batch attempts and one attempt per row in all: `retried` says the one retry is
   * spent.
   */
  private async write(batch: QueuedRecord[], retried = false): Promise<void> {
    try {
      await this.insert(batch);
    } catch (error) {
      if (isDataError(error)) {
        if (batch.length === 1) {
          this.logger.error({ err: error }, 'could not write a usage record');
          return;
        }
        return this.writeEach(batch, retried);
      }
      if (!retried) {
        await sleep(RETRY_AFTER_MS);
        return this.write(batch, true);
      }
      this.dropBatch(batch.length, error);
    }
  }

  /** Row by row after a data error. A row failing for another reason sends the rest back whole. */
  private async writeEach(batch: QueuedRecord[], retried: boolean): Promise<void> {
    for (let i = 0; i < batch.length; i++) {
      try {
        await this.insert([batch[i]]);
      } catch (error) {
        if (isDataError(error)) {
          this.logger.error({ err: error }, 'could not write a usage record');
          continue;
        }
        // Not this row's fault: the rest would fail alike, one round trip each.
        const rest = batch.slice(i);
        if (!retried) {
          await sleep(RETRY_AFTER_MS);
          return this.write(rest, true);
        }
        return this.dropBatch(rest.length, error);
      }
    }
  }

  private dropBatch(count: number, error: unknown): void {
    this.logger.error(
      { err: error, dropped: count },
      `dropped ${count} usage record(s): the INSERT failed twice (not a data error)`,
    );
  }

  private async insert(batch: QueuedRecord[]): Promise<void> {
    await this.records.createMany(batch.map((i) => ({ ...i.usage, createdAt: i.createdAt })));
  }

  /**
   * Writes the record once the response is complete, so `build` sees the final status and
   * charge. When the client goes away first (the connection closes while the call still runs,
   * and the call is still captured or voided), the record waits until the handler has ended its
   * response; writing it at the close recorded a 200 without the charge the ledger then got.
   * Tracked, so a shutdown waits for these writes.
   */
  recordWhenDone(res: RecordableResponse, build: () => UsageRecord | null): void {
    // Counted, not a promise per response: this runs on every /v1 call, and the record is
    // usually written elsewhere (a charged call's by the statement that charges it).
    this.unsettled += 1;
    let recorded = false;
    let fallback: NodeJS.Timeout | undefined;
    const record = () => {
      if (recorded) return;
      recorded = true;
      clearTimeout(fallback);
      let usage: UsageRecord | null;
      try {
        usage = build();
      } catch (error) {
        this.logger.error({ err: error }, 'could not build a usage record');
        return this.settled();
      }
      if (usage === null) return this.settled(); // recorded elsewhere (a job records its own)
      void this.record(usage).then(() => this.settled());
    };
    res.once('finish', record);
    res.once('close', () => {
      if (res.writableEnded) return record();
      const end = res.end;
      res.end = function (this: unknown, ...args: unknown[]) {
        const result = (end as (...a: unknown[]) => unknown).apply(this, args);
        record();
        return result;
      } as typeof res.end;
      // Every operation ends within its deadline; never wait forever all the same.
      fallback = setTimeout(record, ABANDONED_RECORD_MS);
      fallback.unref();
    });
  }

  /**
   * The execution module writes this call's usage record from now on (its job's settlement, or
   * itself for a call refused before its job): a hook `recordUnlessTakenOver` set writes none.
   */
  takeOver(req: object): void {
    this.takenOver.add(req);
  }

  /**
   * Writes the call's record once its response is done (see recordWhenDone), unless the call
   * was taken over by then: the API-key guard's hook, for calls refused before they reach the
   * execution module.
   */
  recordUnlessTakenOver(req: object, res: RecordableResponse, build: () => UsageRecord): void {
    this.recordWhenDone(res, () => (this.takenOver.has(req) ? null : build()));
  }

  /**
   * The record of a dashboard call (no key, no subject) refused before the execution module (an
   * invalid input, an unconfirmed price, no such watch), once its response is sent; any other
   * outcome is the execution module's to record (its job's settlement, or its own refusal).
   */
  recordDashboardRefusal(
    req: Request,
    res: Response,
    call: { accountId: string; mode: Mode; operation: Operation },
  ): void {
    this.recordUnlessTakenOver(req, res, () => ({
      requestId: requestIdOf(req),
      accountId: call.accountId,
      keyId: null,
      mode: call.mode,
      subject: null,
      operation: call.operation,
      market: null,
      status: res.statusCode,
      errorCode: errorCodeOf(res),
      charged: 0,
      durationMs: performance.now() - (requestStartedAt(res) ?? performance.now()),
      source: 'dashboard',
    }));
  }

  private settled(): void {
    this.unsettled -= 1;
    if (this.unsettled > 0) return;
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }

  /** Shutting down: wait (a little) for the records of requests still being answered. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.unsettled === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.idle.push(resolve)),
      new Promise((resolve) => {
        timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }
}
