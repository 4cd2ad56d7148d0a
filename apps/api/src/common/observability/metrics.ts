import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Every Prometheus series Reelscout exports, in one registry per process (docs/operations.md).
 * Labels take bounded values only: route templates, operation names, modes, outcomes, queue
 * classes, endpoint families, models. Never a path, an id, a key or a subject.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'reelscout_' });

/** Latency buckets for calls that take milliseconds to minutes. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** Lags and waits, seconds to hours. */
const LAG_SECONDS = [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 900, 1800, 3600, 7200];

const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Counter<L>({ name, help, labelNames, registers: [registry] });
const histogram = <L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets = SECONDS,
) => new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });
const gauge = <L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect?: () => Promise<void> | void,
) => new Gauge<L>({ name, help, labelNames, registers: [registry], collect });

/**
 * What the app reads when scraped, set by ObservabilityService once it is built (the queue's
 * depth is one query, shared by its two gauges).
 */
export const collectors: {
  queue?: () => Promise<void>;
  pool?: () => void;
  redis?: () => void;
} = {};
let queueRead: Promise<void> | undefined;
const readQueue = () => {
  // A failed read (the database away) keeps the last values rather than failing the scrape.
  queueRead ??= (collectors.queue?.() ?? Promise.resolve())
    .catch(() => undefined)
    .finally(() => (queueRead = undefined));
  return queueRead;
};

export const metrics = {
  httpDuration: histogram(
    'reelscout_http_request_duration_seconds',
    'HTTP requests by route template, method and status, with their latency.',
    ['method', 'route', 'status'],
  ),
  operationCalls: counter(
    'reelscout_operation_calls_total',
    'Paid operation calls by operation, mode and outcome (succeeded, failed, canceled, refused).',
    ['operation', 'mode', 'outcome'],
  ),
  operationDuration: histogram(
    'reelscout_operation_duration_seconds',
    'Paid operation calls that ran, from arrival to settlement.',
    ['operation', 'mode'],
  ),
  chargedMicros: counter(
    'reelscout_charged_micros_total',
    'Micro-USD charged by operation and mode.',
    ['operation', 'mode'],
  ),
  paymentRequired: counter(
    'reelscout_payment_required_total',
    'Calls answered 402, by reason (the error code).',
    ['reason'],
  ),
  providerRequests: counter(
    'reelscout_provider_requests_total',
    'Requests to the video-data provider by provider, endpoint family and outcome.',
    ['provider', 'endpoint', 'outcome'],
  ),
  providerDuration: histogram(
    'reelscout_provider_request_duration_seconds',
    'Latency of requests to the video-data provider, by provider and endpoint family.',
    ['provider', 'endpoint'],
  ),
  llmCalls: counter('reelscout_llm_calls_total', 'Language-model calls by model and outcome.', [
    'model',
    'outcome',
  ]),
  llmDuration: histogram(
    'reelscout_llm_call_duration_seconds',
    'Latency of language-model calls by model.',
    ['model'],
  ),
  llmTokens: counter(
    'reelscout_llm_tokens_total',
    'Language-model tokens by model and kind (prompt, completion).',
    ['model', 'kind'],
  ),
  queueDepth: gauge(
    'reelscout_queue_depth',
    'Queued jobs by queue class and mode.',
    ['queue', 'mode'],
    readQueue,
  ),
  queueOldestAge: gauge(
    'reelscout_queue_oldest_age_seconds',
    'Age of the oldest queued job by queue class and mode (0 when none).',
    ['queue', 'mode'],
    readQueue,
  ),
  jobWait: histogram(
    'reelscout_job_wait_seconds',
    'Queued jobs: time from enqueue to the start of their attempt, by queue class and mode.',
    ['queue', 'mode'],
    LAG_SECONDS,
  ),
  jobRun: histogram(
    'reelscout_job_run_seconds',
    "Queued jobs' attempts in a worker: run time from claim to settlement, by queue class and operation.",
    ['queue', 'operation'],
  ),
  webhookDeliveries: counter(
    'reelscout_webhook_deliveries_total',
    'Webhook delivery attempts by outcome (succeeded, retry, failed).',
    ['outcome'],
  ),
  webhookLag: histogram(
    'reelscout_webhook_delivery_lag_seconds',
    'Time from a webhook event to its successful delivery.',
    [],
    LAG_SECONDS,
  ),
  watchRuns: counter(
    'reelscout_watch_runs_total',
    'Watch slots by outcome (queued, paused, skipped).',
    ['outcome'],
  ),
  watchSlotLag: histogram(
    'reelscout_watch_slot_lag_seconds',
    'How late a watch slot started its run, after its scheduled time.',
    [],
    LAG_SECONDS,
  ),
  pgPool: gauge(
    'reelscout_pg_pool_clients',
    'The Postgres pool: connections in use, idle, and requests waiting for one.',
    ['state'],
    () => collectors.pool?.(),
  ),
  redisUp: gauge(
    'reelscout_redis_up',
    'Whether a Redis client is connected (1) or not.',
    ['client'],
    () => collectors.redis?.(),
  ),
  moneyAuditMismatches: gauge(
    'reelscout_money_audit_mismatched_accounts',
    'Balance rows whose balance is not the sum of their ledger, or whose held is not the sum of their pending holds.',
    [],
  ),
  moneyAuditRuns: counter(
    'reelscout_money_audit_runs_total',
    'Money audit runs by outcome (ok, error).',
    ['outcome'],
  ),
};

/** The name of every series the app exports (the dashboard test checks its queries by it). */
export async function exportedMetricNames(): Promise<string[]> {
  const names = new Set<string>();
  for (const metric of await registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (metric.type === ('histogram' as unknown)) {
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
    }
  }
  return [...names];
}
