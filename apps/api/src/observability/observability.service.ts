import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { pgPoolOf } from '@reelscout/database';
import { DataSource } from 'typeorm';
import { observabilityConfig } from '../config';
import { fromPublicJobId } from '../execution/job-ids';
import { OperationCatalog } from '../execution/operation-catalog';
import type { JobStatus } from '@reelscout/domain';
import { JobObservationRepository } from '../repositories/job-observation.repository';
import { collectors, metrics } from '../common/observability/metrics';
import { redisClients, setJobTraceLookup } from '../common/observability/observe';
import { isTracing } from '../common/observability/tracing';
import { listenForScrapes, type MetricsListener } from './metrics-listener';

/** The status whose jobs make up the queue (a typed name, so a renamed status fails to compile). */
const QUEUED: JobStatus = 'queued';

/**
 * The metrics the process reads when scraped (queue depth and age, the Postgres pool, Redis), and
 * the metrics listener: `/metrics` on METRICS_HOST:METRICS_PORT, apart from the public port.
 */
@Injectable()
export class ObservabilityService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private listener?: MetricsListener;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobObservationRepository,
    private readonly catalog: OperationCatalog,
    @Inject(observabilityConfig.KEY)
    private readonly config: ConfigType<typeof observabilityConfig>,
  ) {}

  onModuleInit(): void {
    collectors.queue = () => this.collectQueue();
    collectors.pool = () => this.collectPool();
    collectors.redis = () => {
      metrics.redisUp.reset();
      for (const [client, redis] of redisClients) {
        metrics.redisUp.set({ client }, redis.status === 'ready' ? 1 : 0);
      }
    };
    setJobTraceLookup((payload) => this.jobTraceOf(payload));
  }

  /** Starts the metrics listener (when METRICS_ENABLED); the port it listens on, or null. */
  async serve(): Promise<number | null> {
    if (!this.config.metricsEnabled) return null;
    const { metricsHost: host, metricsPort } = this.config;
    try {
      this.listener = await listenForScrapes(host, metricsPort, (error) =>
        this.logger.warn({ err: error }, 'metrics collection failed'),
      );
    } catch (error) {
      // The API serves its callers without metrics rather than not at all; Prometheus shows the
      // target down, and this says why.
      this.logger.error(
        { err: error },
        `metrics listener could not listen on ${host}:${metricsPort}: no metrics are served (METRICS_HOST, METRICS_PORT)`,
      );
      return null;
    }
    this.logger.log(`metrics on http://${host}:${this.listener.port}/metrics`);
    return this.listener.port;
  }

  async onApplicationShutdown(): Promise<void> {
    const listener = this.listener;
    this.listener = undefined;
    await listener?.close();
  }

  private async collectQueue(): Promise<void> {
    const rows = await this.jobs.queuedByOperation(QUEUED);
    const depth = new Map<string, number>();
    const oldest = new Map<string, number>();
    for (const queue of ['light', 'heavy']) {
      for (const mode of ['live', 'test']) {
        depth.set(`${queue}|${mode}`, 0);
        oldest.set(`${queue}|${mode}`, 0);
      }
    }
    for (const row of rows) {
      if (!this.catalog.has(row.operation)) continue;
      const key = `${this.catalog.queueOf(row.operation)}|${row.mode}`;
      depth.set(key, (depth.get(key) ?? 0) + row.depth);
      oldest.set(key, Math.max(oldest.get(key) ?? 0, row.oldest));
    }
    for (const [key, value] of depth) {
      const [queue, mode] = key.split('|');
      metrics.queueDepth.set({ queue, mode }, value);
      metrics.queueOldestAge.set({ queue, mode }, oldest.get(key) ?? 0);
    }
  }

  private collectPool(): void {
    const pool = pgPoolOf(this.dataSource);
    metrics.pgPool.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    metrics.pgPool.set({ state: 'idle' }, pool.idleCount);
    metrics.pgPool.set({ state: 'waiting' }, pool.waitingCount);
  }

  /** The `traceparent` of the job a webhook event is about; looked up only while tracing. */
  private async jobTraceOf(payload: unknown): Promise<string | null> {
    if (!isTracing()) return null;
    const event = (typeof payload === 'string' ? JSON.parse(payload) : payload) as {
      data?: { id?: unknown };
    };
    const id = typeof event?.data?.id === 'string' ? fromPublicJobId(event.data.id) : null;
    if (!id) return null;
    return this.jobs.traceParentOf(id);
  }
}
