import { registerAs, type ConfigFactoryKeyHost, type ConfigObject } from '@nestjs/config';
import { validateEnvironment, type Environment } from './environment';

/**
 * The validated environment, mapped into one small typed object per module (Nest's `registerAs`).
 * A module injects its own: `@Inject(jobsConfig.KEY) config: ConfigType<typeof jobsConfig>`.
 * `configModule()` builds every namespace from its one validation of the environment; a setting
 * two modules share (the public address, the auth secret, the worker switch) is in both views.
 */
export type ConfigNamespace<T extends ConfigObject> = (() => T) &
  ConfigFactoryKeyHost<T> & {
    /** The name it is registered under (`CONFIGURATION(<token>)` is its injection key). */
    readonly token: string;
    /** The namespace's view of an already validated environment. */
    readonly from: (env: Environment) => T;
  };

/**
 * Called alone (outside `configModule()`, e.g. `ConfigModule.forFeature`), the factory validates
 * the process environment itself.
 */
function namespace<T extends ConfigObject>(
  token: string,
  from: (env: Environment) => T,
): ConfigNamespace<T> {
  const factory = registerAs<T, () => T>(token, () => from(validateEnvironment(process.env)));
  return Object.assign(factory, { token, from });
}

/** The settings that hold an operation's deadline, in ms (`ASSIST_DEADLINE_MS`, …). */
export type DeadlineSetting = {
  [K in keyof Environment]-?: K extends `${string}_DEADLINE_MS` ? K : never;
}[keyof Environment];

/** The providers' part of the environment (docs/architecture.md §11), read once at start-up. */
export interface ProvidersSettings {
  videoProvider: {
    baseUrl?: string;
    apiKey?: string;
    timeoutMs: number;
    downloadTimeoutMs: number;
    maxRetries: number;
    breakerThreshold: number;
    breakerCoolDownMs: number;
    /** network_a's region for search and charts (default US). */
    region?: string;
    /** Requests per second per provider key (default 10, the provider's published limit). */
    ratePerSecond?: number;
    /** Shares the rate limit across instances when set. */
    redisUrl?: string;
  };
  llm: {
    apiKey?: string;
    baseUrl: string;
    model: string;
    visionModel: string;
    transcriptionModel: string;
    timeoutMs: number;
    maxRetries: number;
  };
  sandbox: {
    mediaDir: string;
    slowDelayMs: number;
  };
}

/** The process itself: HTTP server, logs, API docs. Read by the composition root. */
export const appConfig = namespace('app', (env) => ({
  nodeEnv: env.NODE_ENV,
  apiPort: env.API_PORT,
  apiHost: env.API_HOST,
  webPort: env.WEB_PORT,
  publicUrl: env.PUBLIC_URL,
  logLevel: env.LOG_LEVEL,
  logPretty: env.LOG_PRETTY,
  docsEnabled: env.API_DOCS_ENABLED,
  trustProxyHops: env.TRUST_PROXY_HOPS,
}));

export const databaseConfig = namespace('database', (env) => ({
  /** Always set once validated (validation refuses an environment without it). */
  url: env.DATABASE_URL as string,
}));

export const authConfig = namespace('auth', (env) => ({
  nodeEnv: env.NODE_ENV,
  publicUrl: env.PUBLIC_URL,
  secret: env.AUTH_SECRET,
  bootstrapInviteFile: env.BOOTSTRAP_INVITE_FILE,
  inviteTtlDays: env.INVITE_TTL_DAYS,
  sessionTtlDays: env.SESSION_TTL_DAYS,
}));

export const mailConfig = namespace('mail', (env) => ({
  smtpUrl: env.SMTP_URL,
  from: env.MAIL_FROM,
}));

export const apiKeysConfig = namespace('apiKeys', (env) => ({
  maxPerAccount: env.API_KEYS_MAX_PER_ACCOUNT,
}));

/**
 * Watches: the cap per account and mode, the least time between a run asked for by hand and the
 * watch's previous run; the scheduler ticks where background work runs.
 */
export const watchesConfig = namespace('watches', (env) => ({
  maxPerMode: env.WATCHES_MAX_PER_MODE,
  minRunGapMs: env.WATCHES_MIN_RUN_GAP_S * 1000,
  worker: env.JOBS_WORKER,
}));

/** Usage records: how long they are kept; the partitions' maintenance runs with the worker. */
export const usageConfig = namespace('usage', (env) => ({
  retentionDays: env.USAGE_RETENTION_DAYS,
  worker: env.JOBS_WORKER,
}));

/** Trend history: days kept; the daily collection runs where background work runs. */
export const trendsConfig = namespace('trends', (env) => ({
  retentionDays: env.HISTORY_RETENTION_DAYS,
  worker: env.JOBS_WORKER,
}));

export const billingConfig = namespace('billing', (env) => ({
  holdReaperIntervalMs: env.HOLD_REAPER_INTERVAL_MS,
}));

export const paymentsConfig = namespace('payments', (env) => ({
  publicUrl: env.PUBLIC_URL,
  stripeSecretKey: env.STRIPE_SECRET_KEY,
  stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
  stripeApiBaseUrl: env.STRIPE_API_BASE_URL,
  testCreditMaxUsd: env.TEST_CREDIT_MAX_USD,
}));

/** The execution module: deadlines, the queue and its worker, the sweeper, job events. */
export const jobsConfig = namespace('jobs', (env) => ({
  deadlinesMs: {
    ASSIST_DEADLINE_MS: env.ASSIST_DEADLINE_MS,
    SCAN_DEADLINE_MS: env.SCAN_DEADLINE_MS,
    PLAYBOOK_DEADLINE_MS: env.PLAYBOOK_DEADLINE_MS,
    MUSIC_DEADLINE_MS: env.MUSIC_DEADLINE_MS,
    TRENDS_DEADLINE_MS: env.TRENDS_DEADLINE_MS,
  } satisfies Record<DeadlineSetting, number>,
  worker: env.JOBS_WORKER,
  concurrency: env.JOBS_CONCURRENCY,
  heavySlots: env.JOBS_HEAVY_SLOTS,
  accountShare: env.JOBS_ACCOUNT_SHARE,
  testShare: env.JOBS_TEST_SHARE,
  maxQueuedPerAccount: env.JOBS_MAX_QUEUED_PER_ACCOUNT,
  heartbeatMs: env.JOBS_HEARTBEAT_MS,
  staleAfterMs: env.JOBS_STALE_AFTER_MS,
  sweepIntervalMs: env.JOBS_SWEEP_INTERVAL_MS,
  maxQueueMs: env.JOBS_MAX_QUEUE_MS,
  resultRetentionHours: env.JOBS_RESULT_RETENTION_HOURS,
  shutdownGraceMs: env.JOBS_SHUTDOWN_GRACE_MS,
  /** How often ended jobs' events are looked for (the webhook poll interval). */
  eventPollIntervalMs: env.WEBHOOK_POLL_INTERVAL_MS,
}));

export const webhooksConfig = namespace('webhooks', (env) => ({
  /** The dispatcher runs where background work runs (`JOBS_WORKER`). */
  worker: env.JOBS_WORKER,
  pollIntervalMs: env.WEBHOOK_POLL_INTERVAL_MS,
  maxPendingPerAccount: env.WEBHOOK_MAX_PENDING_PER_ACCOUNT,
  timeoutMs: env.WEBHOOK_TIMEOUT_MS,
  disableAfterMs: env.WEBHOOK_DISABLE_AFTER_MS,
  /** Comma-separated seconds, as validated; the dispatcher parses them. */
  retryDelaysS: env.WEBHOOK_RETRY_DELAYS_S,
  /** Endpoint signing secrets are sealed under a key derived from `AUTH_SECRET`. */
  authSecret: env.AUTH_SECRET,
}));

export const providersConfig = namespace('providers', (env): ProvidersSettings => ({
  videoProvider: {
    baseUrl: env.VIDEO_PROVIDER_BASE_URL,
    apiKey: env.VIDEO_PROVIDER_API_KEY,
    timeoutMs: env.VIDEO_PROVIDER_TIMEOUT_MS,
    downloadTimeoutMs: env.VIDEO_PROVIDER_DOWNLOAD_TIMEOUT_MS,
    maxRetries: env.VIDEO_PROVIDER_MAX_RETRIES,
    breakerThreshold: env.VIDEO_PROVIDER_BREAKER_THRESHOLD,
    breakerCoolDownMs: env.VIDEO_PROVIDER_BREAKER_COOLDOWN_MS,
    region: env.VIDEO_PROVIDER_REGION,
    ratePerSecond: env.VIDEO_PROVIDER_RATE_PER_SECOND,
    redisUrl: env.REDIS_URL,
  },
  llm: {
    apiKey: env.OPENAI_API_KEY,
    baseUrl: env.OPENAI_BASE_URL,
    model: env.LLM_MODEL,
    visionModel: env.LLM_VISION_MODEL,
    transcriptionModel: env.LLM_TRANSCRIPTION_MODEL,
    timeoutMs: env.LLM_TIMEOUT_MS,
    maxRetries: env.LLM_MAX_RETRIES,
  },
  sandbox: {
    mediaDir: env.SANDBOX_MEDIA_DIR,
    slowDelayMs: env.SANDBOX_SLOW_DELAY_MS,
  },
}));

export const egressConfig = namespace('egress', (env) => ({
  allowPrivateHosts: env.OUTBOUND_ALLOW_PRIVATE_HOSTS,
}));

/** As configured; the media module resolves the unset binaries, font and relative paths. */
export const mediaConfig = namespace('media', (env) => ({
  ffmpegPath: env.FFMPEG_PATH,
  ffprobePath: env.FFPROBE_PATH,
  concurrency: env.MEDIA_CONCURRENCY,
  maxDownloadBytes: env.MEDIA_MAX_DOWNLOAD_BYTES,
  jobTimeoutMs: env.MEDIA_JOB_TIMEOUT_MS,
  cacheDir: env.MEDIA_CACHE_DIR,
  fontFile: env.MEDIA_FONT_FILE,
}));

export const playgroundConfig = namespace('playground', (env) => ({
  mediaDir: env.PLAYGROUND_MEDIA_DIR,
  mediaMaxBytes: env.PLAYGROUND_MEDIA_MAX_BYTES,
  /** Cache misses one client may cause per minute: the dashboard's own rate. */
  missesPerMinute: env.DASHBOARD_RATE_LIMIT_PER_MIN,
}));

export const musicConfig = namespace('music', (env) => ({
  maxCandidates: env.MUSIC_MAX_CANDIDATES,
  analysisConcurrency: env.MUSIC_ANALYSIS_CONCURRENCY,
  sandboxSoundSeed: env.SANDBOX_SOUND_SEED,
}));

export const throttlingConfig = namespace('throttling', (env) => ({
  perKeyPerMin: env.RATE_LIMIT_PER_KEY_PER_MIN,
  perSubjectPerMin: env.RATE_LIMIT_PER_SUBJECT_PER_MIN,
  inFlightPerKey: env.RATE_LIMIT_IN_FLIGHT_PER_KEY,
  /** JSON, as validated; the rate-limit service parses it. */
  overrides: env.RATE_LIMIT_OVERRIDES,
  dashboardPerMin: env.DASHBOARD_RATE_LIMIT_PER_MIN,
  authAttemptsPerMin: env.AUTH_RATE_LIMIT_PER_MIN,
  /** Counters shared by every instance when set; in memory otherwise. */
  redisUrl: env.REDIS_URL,
}));

/** Metrics, the money audit and traces (docs/operations.md). */
export const observabilityConfig = namespace('observability', (env) => ({
  metricsEnabled: env.METRICS_ENABLED,
  metricsHost: env.METRICS_HOST,
  metricsPort: env.METRICS_PORT,
  moneyAuditIntervalMs: env.MONEY_AUDIT_INTERVAL_MS,
  moneyAuditBatch: env.MONEY_AUDIT_BATCH,
  otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
  sampleRatio: env.OTEL_TRACES_SAMPLE_RATIO,
  serviceName: env.OTEL_SERVICE_NAME,
  /** The audit runs where background work runs. */
  worker: env.JOBS_WORKER,
}));

/** Every namespace, each registered by `configModule()`. */
export const CONFIG_NAMESPACES: readonly Pick<ConfigNamespace<ConfigObject>, 'token' | 'from'>[] = [
  appConfig,
  databaseConfig,
  authConfig,
  mailConfig,
  apiKeysConfig,
  watchesConfig,
  usageConfig,
  trendsConfig,
  billingConfig,
  paymentsConfig,
  jobsConfig,
  webhooksConfig,
  providersConfig,
  egressConfig,
  mediaConfig,
  playgroundConfig,
  musicConfig,
  throttlingConfig,
  observabilityConfig,
];
