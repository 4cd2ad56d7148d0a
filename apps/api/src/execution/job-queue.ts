import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import PgBoss from 'pg-boss';
import { Client } from 'pg';
import type { EntityManager } from 'typeorm';
import { databaseConfig, jobsConfig } from '../config';
import { JobRepository } from '../repositories/job.repository';
import { OperationCatalog } from './operation-catalog';
import type { QueueClass } from './operation.contract';
import { currentTraceparent } from '../common/observability/tracing';

/** The two queues, one per queue class (an operation's contract names its class). */
export type QueueName = `jobs-${QueueClass}`;
const QUEUES: QueueName[] = ['jobs-light', 'jobs-heavy'];

/** The queues of schedules (created by the migrations, like the job queues). */
export type ScheduleName = 'watch-tick';

/** The Postgres channel that wakes workers when a job is queued (sent at the queueing commit). */
const CHANNEL = 'reelscout_jobs';

/** What a queue message carries: the job's row id; the row holds the rest. */
export interface QueueMessage {
  jobId: string;
}

/** pg-boss's fallback poll when no wake-up arrives (a lost notification, a restarted listener). */
const POLLING_INTERVAL_SECONDS = 2;

/**
 * The durable queue of async jobs: pg-boss 10 in our own Postgres (schema `pgboss`), embedded
 * default included. A message is sent inside the transaction that queues its job, so a job is
 * never queued without its message, and the NOTIFY sent in that transaction wakes every worker
 * at the commit (enqueue → start in milliseconds, not a poll interval). The `jobs` row, not the
 * message, is the truth: a message for a job that is no longer queued is dropped.
 */
@Injectable()
export class JobQueue implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private boss?: PgBoss;
  private listener?: Client;
  private readonly workerIds = new Map<QueueName, string[]>();
  private readonly scheduled = new Set<ScheduleName>();
  private stopping = false;

  constructor(
    @Inject(jobsConfig.KEY) private readonly config: ConfigType<typeof jobsConfig>,
    @Inject(databaseConfig.KEY) private readonly database: ConfigType<typeof databaseConfig>,
    private readonly jobs: JobRepository,
    private readonly catalog: OperationCatalog,
  ) {}

  async onModuleInit(): Promise<void> {
    const connectionString = this.database.url;
    const worker = this.config.worker;
    const boss = new PgBoss({
      connectionString,
      schema: 'pgboss',
      application_name: 'reelscout-queue',
      max: 4,
      // Maintenance (expiry, archiving) and the cron of schedules run where workers run; a
      // send-only API needs neither.
      supervise: worker,
      schedule: worker,
      migrate: true,
    });
    boss.on('error', (error) => this.logger.error({ err: error }, 'queue error'));
    await boss.start();
    try {
      for (const name of QUEUES) await this.ensureQueue(boss, name);
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw error;
    }
    this.boss = boss;
  }

  /** The queues are created by our migrations (two processes creating one at once deadlock). */
  private async ensureQueue(boss: PgBoss, name: QueueName): Promise<void> {
    if (await boss.getQueue(name)) return;
    throw new Error(`the job queue "${name}" does not exist: run the migrations (npm run migrate)`);
  }

  /**
   * Sends the message of a queued job inside the caller's transaction, with the wake-up that
   * Postgres delivers at its commit, and records the message on the job row.
   */
  async send(manager: EntityManager, operation: string, jobId: string): Promise<void> {
    const queue: QueueName = `jobs-${this.catalog.queueOf(operation)}`;
    const runner = manager.queryRunner;
    if (!runner) throw new Error('JobQueue.send needs a transaction');
    const db: PgBoss.Db = {
      executeSql: async (text, values) => ({
        rows: (await runner.query(text, values, true)).records as unknown[],
      }),
    };
    const message: QueueMessage = { jobId };
    const messageId = await this.started().send(queue, message, { db, retryLimit: 0 });
    await this.jobs.setQueueMessage(jobId, messageId, manager, currentTraceparent());
    await this.jobs.notify(manager, CHANNEL, queue);
  }

  /**
   * Whether a queued job's message can still start it, as the queue tells through its API: one
   * waiting to be fetched, or fetched within `recentSeconds` (its worker may be starting the job
   * now). A message used up, failed or never recorded cannot.
   */
  async messageAlive(
    operation: string,
    messageId: string | null,
    recentSeconds: number,
  ): Promise<boolean> {
    if (!messageId) return false;
    const queue: QueueName = `jobs-${this.catalog.queueOf(operation)}`;
    const message = await this.started().getJobById(queue, messageId);
    if (!message) return false;
    if (message.state === 'created' || message.state === 'retry') return true;
    return (
      message.state === 'active' &&
      message.startedOn !== null &&
      Date.now() - new Date(message.startedOn).getTime() < recentSeconds * 1000
    );
  }

  /**
   * Runs `handler` for messages of `queue`, `slots` at a time. pg-boss fetches for each slot;
   * the NOTIFY listener wakes them as soon as a job is queued.
   */
  async consume(
    queue: QueueName,
    slots: number,
    handler: (message: QueueMessage) => Promise<void>,
  ): Promise<void> {
    const boss = this.started();
    const ids: string[] = [];
    for (let slot = 0; slot < slots; slot++) {
      let id = '';
      id = await boss.work<QueueMessage>(
        queue,
        { batchSize: 1, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS },
        async ([job]) => {
          if (!job) return;
          await handler(job.data);
          // pg-boss waits a polling interval after every fetch unless woken: a slot that just
          // ran a job fetches again at once, so a backlog drains at the speed of the work.
          boss.notifyWorker(id);
        },
      );
      ids.push(id);
    }
    this.workerIds.set(queue, ids);
    await this.listen();
  }

  /**
   * Runs `handler` on every tick of `cron` (UTC), on pg-boss's own scheduler: the schedule is
   * kept in the database (set again here, idempotently), its cron is evaluated by one worker at
   * a time, and each tick is one message that one worker handles. Ticks missed while every
   * worker was down are not sent afterwards: the handler must catch up on its own.
   */
  async every(queue: ScheduleName, cron: string, handler: () => Promise<void>): Promise<void> {
    const boss = this.started();
    await boss.schedule(queue, cron, {}, { tz: 'UTC' });
    await boss.work(queue, { batchSize: 1, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, () =>
      handler(),
    );
    this.scheduled.add(queue);
  }

  /** Stops fetching new messages (running handlers go on). */
  async stopConsuming(): Promise<void> {
    this.stopping = true;
    for (const queue of this.workerIds.keys()) await this.boss?.offWork(queue);
    for (const queue of this.scheduled) await this.boss?.offWork(queue);
    this.workerIds.clear();
    this.scheduled.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.boss?.stop({ graceful: false, wait: true, close: true }).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'queue did not stop cleanly');
    });
  }

  private async listen(): Promise<void> {
    if (this.listener || this.stopping) return;
    const client = new Client({
      connectionString: this.database.url,
      application_name: 'reelscout-queue-listener',
    });
    client.on('notification', (message) => {
      const ids = this.workerIds.get(message.payload as QueueName) ?? [];
      for (const id of ids) this.boss?.notifyWorker(id);
    });
    const lost = (error?: unknown) => {
      if (this.listener !== client) return;
      // pg-boss's own polling keeps the queue moving while the listener is away.
      this.logger.warn({ err: error }, 'job wake-up listener lost; polling until it is back');
      this.listener = undefined;
      void client.end().catch(() => undefined);
      this.relisten(1_000);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
    } catch (error) {
      void client.end().catch(() => undefined);
      throw error;
    }
  }

  /** Tries to listen again after `ms`, backing off to 30 s while the database is away. */
  private relisten(ms: number): void {
    if (this.stopping) return;
    setTimeout(() => {
      this.listen().catch(() => this.relisten(Math.min(ms * 2, 30_000)));
    }, ms).unref();
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error('the job queue has not started');
    return this.boss;
  }
}
