import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
  validateSync,
} from 'class-validator';
import { parseOutboundAllowance } from '@reelscout/domain';

/**
 * Reads the raw value (`obj[key]`): with implicit conversion on, `value` has already been through
 * `Boolean(…)`, which makes the string "false" true.
 */
const toBoolean = ({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
  const value = obj[key];
  return typeof value === 'string'
    ? ['1', 'true', 'yes', 'on'].includes(value.toLowerCase())
    : value;
};

const blankToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * OpenAI's gpt-4o transcribe models (gpt-4o-transcribe, gpt-4o-mini-transcribe, their dated
 * snapshots, gpt-4o-transcribe-diarize) answer only json/text (diarize also diarized_json), never
 * `verbose_json` with segment timestamps, which the transcription path asks for (the API refuses
 * the request with 400). See `response_format` in node_modules/openai/resources/audio/transcriptions.d.ts.
 */
/** Why an `OUTBOUND_ALLOW_PRIVATE_HOSTS` value cannot be used, or `null` when it can. */
function egressAllowanceProblem(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    parseOutboundAllowance(value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const NON_SEGMENT_TRANSCRIPTION_MODEL = /^gpt-4o(-mini)?-transcribe(-|$)/i;

/**
 * Every setting Reelscout reads from the environment, validated once at start-up.
 * `.env.example` lists each with its default; keep the two in step.
 */
export class Environment {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IsInt()
  @Min(1)
  @Max(65535)
  API_PORT: number = 4000;

  @IsInt()
  @Min(1)
  @Max(65535)
  WEB_PORT: number = 3000;

  /** Public address of the dashboard; links in invites and e-mails point here. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  PUBLIC_URL: string = 'http://localhost:3000';

  /** Postgres connection string. `npm start` provides one for the embedded server when unset. */
  @Transform(blankToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @Transform(blankToUndefined)
  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /**
   * Where the first start writes the one-time administrator invite link (a file created with
   * mode 600), instead of printing it: `npm start` reads it and shows it in its final banner.
   */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  BOOTSTRAP_INVITE_FILE?: string;

  @Transform(toBoolean)
  @IsBoolean()
  LOG_PRETTY: boolean = false;

  /** Serve /docs and /openapi.json. */
  @Transform(toBoolean)
  @IsBoolean()
  API_DOCS_ENABLED: boolean = true;

  /** Trust X-Forwarded-* from this many proxy hops (0 = none). */
  @IsInt()
  @Min(0)
  @Max(10)
  TRUST_PROXY_HOPS: number = 0;

  /** Secret for signing session cookies; required in production. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'AUTH_SECRET must be at least 32 characters' })
  AUTH_SECRET?: string;

  // --- accounts and sessions (issue 3) ---

  /** SMTP for password-reset e-mails (smtp://user:pass@host:587). Unset: none sent (see the CLI). */
  @Transform(blankToUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  MAIL_FROM: string = 'Reelscout <no-reply@reelscout.local>';

  /** Days an invite link stays valid. */
  @IsInt()
  @Min(1)
  @Max(90)
  INVITE_TTL_DAYS: number = 7;

  /** Days a dashboard session lasts without activity. */
  @IsInt()
  @Min(1)
  @Max(90)
  SESSION_TTL_DAYS: number = 14;

  /** Live (not revoked, not expired) API keys one account may have; past it, 409. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  API_KEYS_MAX_PER_ACCOUNT: number = 100;

  /** Watches one account may have per mode; past it, 409 `resource_limit_reached`. */
  @IsInt()
  @Min(1)
  @Max(10_000)
  WATCHES_MAX_PER_MODE: number = 50;

  // --- operation deadlines (SPEC.md client timeouts are the ceilings) ---

  /** assist's deadline; past it the call is 504 `timeout` and its hold voided. At most 30 s. */
  @IsInt()
  @Min(100)
  @Max(30_000)
  ASSIST_DEADLINE_MS: number = 30_000;

  @IsInt()
  @Min(100)
  @Max(90_000)
  SCAN_DEADLINE_MS: number = 90_000;

  @IsInt()
  @Min(100)
  @Max(300_000)
  PLAYBOOK_DEADLINE_MS: number = 300_000;

  @IsInt()
  @Min(100)
  @Max(300_000)
  MUSIC_DEADLINE_MS: number = 300_000;

  // --- billing (issue 4) ---

  /** How often expired holds (of requests that died) are voided; 0 turns the reaper off. */
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  HOLD_REAPER_INTERVAL_MS: number = 30_000;

  // --- jobs and webhooks (issue 18) ---

  /**
   * Whether this process runs jobs from the queue (async calls, recovered jobs), the job sweeper
   * and the webhook dispatcher. `npm start` runs API and worker together; API replicas that
   * should only answer HTTP set it to false and leave the queue to `npm run worker`.
   */
  @Transform(toBoolean)
  @IsBoolean()
  JOBS_WORKER: boolean = true;

  /** Jobs of assist and scan one worker process runs at once. */
  @IsInt()
  @Min(1)
  @Max(64)
  JOBS_CONCURRENCY: number = 4;

  /** Heavy-media jobs (playbook, music) one worker process runs at once. */
  @IsInt()
  @Min(1)
  @Max(16)
  JOBS_HEAVY_SLOTS: number = 2;

  /** How often a running job proves it is alive (and reads its cancel request and progress). */
  @IsInt()
  @Min(50)
  @Max(60_000)
  JOBS_HEARTBEAT_MS: number = 2_000;

  /** A running job whose heartbeat is older than this is taken as dead and recovered. */
  @IsInt()
  @Min(200)
  @Max(600_000)
  JOBS_STALE_AFTER_MS: number = 30_000;

  /** How often the sweeper recovers dead jobs, purges old results and re-sends lost queue messages. */
  @IsInt()
  @Min(100)
  @Max(600_000)
  JOBS_SWEEP_INTERVAL_MS: number = 5_000;

  /** A queued job not started within this long fails with 504 `timeout`, its hold voided. */
  @IsInt()
  @Min(1_000)
  @Max(86_400_000)
  JOBS_MAX_QUEUE_MS: number = 3_600_000;

  /** How long a job's result (and request) is kept; the job row itself stays for usage. */
  @IsInt()
  @Min(1)
  @Max(720)
  JOBS_RESULT_RETENTION_HOURS: number = 24;

  /** How long SIGTERM waits for running jobs before it puts them back in the queue. */
  @IsInt()
  @Min(0)
  @Max(600_000)
  JOBS_SHUTDOWN_GRACE_MS: number = 30_000;

  /**
   * Seconds between a webhook delivery's attempts after the first (Standard Webhooks' schedule:
   * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, about 27.6 h in all). Comma-separated.
   */
  @Matches(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, {
    message: 'WEBHOOK_RETRY_DELAYS_S must be comma-separated seconds, e.g. 5,300,1800',
  })
  WEBHOOK_RETRY_DELAYS_S: string = '5,300,1800,7200,18000,36000,36000';

  /** One delivery attempt's time limit (connect to response headers and body). */
  @IsInt()
  @Min(100)
  @Max(30_000)
  WEBHOOK_TIMEOUT_MS: number = 10_000;

  /** An endpoint whose deliveries have failed for this long is disabled. */
  @IsInt()
  @Min(1_000)
  @Max(30 * 86_400_000)
  WEBHOOK_DISABLE_AFTER_MS: number = 3 * 86_400_000;

  /** How often the dispatcher looks for due deliveries (besides being woken when a job ends). */
  @IsInt()
  @Min(50)
  @Max(60_000)
  WEBHOOK_POLL_INTERVAL_MS: number = 1_000;

  /** Stripe secret key for buying live credit. Unset: live purchases are unavailable. */
  @Transform(blankToUndefined)
  @IsOptional()
  @Matches(/^(sk|rk)_(test|live)_/, { message: 'STRIPE_SECRET_KEY must start with sk_ or rk_' })
  STRIPE_SECRET_KEY?: string;

  /** Signing secret of the Stripe webhook endpoint (whsec_…). */
  @Transform(blankToUndefined)
  @IsOptional()
  @Matches(/^whsec_/, { message: 'STRIPE_WEBHOOK_SECRET must start with whsec_' })
  STRIPE_WEBHOOK_SECRET?: string;

  /** Stripe API address override (stripe-mock, or tests); unset = Stripe's own API. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  STRIPE_API_BASE_URL?: string;

  /** Largest free test top-up in one click, in USD. */
  @IsInt()
  @Min(1)
  @Max(10_000)
  TEST_CREDIT_MAX_USD: number = 100;

  // --- providers: video data, LLM, sandbox (issue 6) ---
  /** TikHub-compatible video-data API (live keys only), e.g. https://api.tikhub.io. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  VIDEO_PROVIDER_BASE_URL?: string;

  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  VIDEO_PROVIDER_API_KEY?: string;

  /** Per-request timeout for the video-data API. */
  @IsInt()
  @Min(1000)
  @Max(300_000)
  VIDEO_PROVIDER_TIMEOUT_MS: number = 30_000;

  /** Timeout for one media download (video or audio file). */
  @IsInt()
  @Min(1000)
  @Max(600_000)
  VIDEO_PROVIDER_DOWNLOAD_TIMEOUT_MS: number = 120_000;

  /** Retries after a 429, 5xx or network error (never after another 4xx). */
  @IsInt()
  @Min(0)
  @Max(5)
  VIDEO_PROVIDER_MAX_RETRIES: number = 2;

  /** Consecutive failures of one endpoint that open its circuit breaker. */
  @IsInt()
  @Min(1)
  @Max(100)
  VIDEO_PROVIDER_BREAKER_THRESHOLD: number = 5;

  /** How long an open circuit rejects calls before letting one trial call through. */
  @IsInt()
  @Min(100)
  @Max(600_000)
  VIDEO_PROVIDER_BREAKER_COOLDOWN_MS: number = 30_000;

  /**
   * Region of network_a's market (ISO 3166-1 alpha-2) sent to the provider's network_a search,
   * sound search and sound chart (`region` / `country_code`).
   */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  )
  @Matches(/^[A-Z]{2}$/, {
    message: 'VIDEO_PROVIDER_REGION must be a two-letter country code such as US or GB',
  })
  VIDEO_PROVIDER_REGION: string = 'US';

  /**
   * Requests per second to the video-data provider, per provider key, shared by every instance
   * (through Redis when REDIS_URL is set). The provider's published limit is 10.
   */
  @IsInt()
  @Min(1)
  @Max(100)
  VIDEO_PROVIDER_RATE_PER_SECOND: number = 10;

  /** OpenAI (or compatible) API key for live keys. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  OPENAI_API_KEY?: string;

  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  OPENAI_BASE_URL: string = 'https://api.openai.com/v1';

  /** Model for structured text answers (intent, scan planning, relevance). */
  @IsString()
  @MinLength(1)
  LLM_MODEL: string = 'gpt-4o-mini';

  /** Model for answers that look at video frames (playbook). */
  @IsString()
  @MinLength(1)
  LLM_VISION_MODEL: string = 'gpt-4o-mini';

  /**
   * Transcription model. Must answer `response_format: "verbose_json"` with segment timestamps:
   * OpenAI's whisper-1, or a Whisper model on an OpenAI-compatible server (any name not known to
   * lack them is accepted). OpenAI's gpt-4o transcribe models are refused at start-up.
   */
  @IsString()
  @MinLength(1)
  @ValidateBy({
    name: 'segmentTranscriptionModel',
    validator: {
      validate: (value: unknown) =>
        typeof value !== 'string' || !NON_SEGMENT_TRANSCRIPTION_MODEL.test(value.trim()),
      defaultMessage: (args) =>
        `LLM_TRANSCRIPTION_MODEL=${String(args?.value)} cannot be used: transcription needs ` +
        'response_format "verbose_json" (timestamped segments), which the gpt-4o-transcribe, ' +
        'gpt-4o-mini-transcribe and gpt-4o-transcribe-diarize models do not support. Use ' +
        'whisper-1, or a Whisper model served by an OpenAI-compatible server.',
    },
  })
  LLM_TRANSCRIPTION_MODEL: string = 'whisper-1';

  /**
   * Overall deadline of one LLM call, the SDK's retries included. The SDK's own per-attempt
   * timeout is this, less its backoffs between attempts, divided by (LLM_MAX_RETRIES + 1), so a
   * timed-out attempt is retried within the same deadline (`perAttemptTimeoutMs` in
   * providers/live/openai-llm.provider.ts).
   */
  @IsInt()
  @Min(1000)
  @Max(600_000)
  LLM_TIMEOUT_MS: number = 60_000;

  /**
   * Retries the OpenAI SDK makes itself on 429/5xx/connection errors and timed-out attempts, all
   * within LLM_TIMEOUT_MS.
   */
  @IsInt()
  @Min(0)
  @Max(5)
  LLM_MAX_RETRIES: number = 1;

  /** Where rendered sandbox media (test mode) is cached. */
  @IsString()
  @MinLength(1)
  SANDBOX_MEDIA_DIR: string = '.data/sandbox-media';

  /** How long the sandbox's slow-provider magic ids and phrases stall (longer than any deadline). */
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  SANDBOX_SLOW_DELAY_MS: number = 330_000;

  // --- egress: outbound requests to URLs we did not write (issue 23) ---
  /**
   * Private destinations the egress guard may connect to anyway: comma-separated host names and
   * addresses or CIDR ranges (`media.internal,10.20.0.0/16,127.0.0.1`). Empty (the default): only
   * public unicast addresses on default ports. For test rigs and on-premise mirrors; start-up
   * logs a warning naming it when set.
   */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @ValidateBy({
    name: 'egressAllowance',
    validator: {
      validate: (value: unknown) => egressAllowanceProblem(value) === null,
      defaultMessage: (args) => egressAllowanceProblem(args?.value) ?? '',
    },
  })
  OUTBOUND_ALLOW_PRIVATE_HOSTS: string = '';

  // --- media: ffmpeg and audio analysis (issues 8, 9) ---
  /** ffmpeg binary. Unset: the one shipped by @ffmpeg-installer/ffmpeg. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  FFMPEG_PATH?: string;

  /** ffprobe binary. Unset: the one shipped by @ffprobe-installer/ffprobe. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  FFPROBE_PATH?: string;

  /** CPU-heavy ffmpeg jobs (decode, scene detection, render), and audio-reading threads, per instance. */
  @IsInt()
  @Min(1)
  @Max(64)
  MEDIA_CONCURRENCY: number = 2;

  /** Largest video or audio file the pipelines download (bytes). */
  @IsInt()
  @Min(1_000_000)
  @Max(2_000_000_000)
  MEDIA_MAX_DOWNLOAD_BYTES: number = 200 * 1024 * 1024;

  /** Ceiling for one ffmpeg/ffprobe process; it is killed past this. */
  @IsInt()
  @Min(1000)
  @Max(600_000)
  MEDIA_JOB_TIMEOUT_MS: number = 120_000;

  /** Where rendered sandbox media (test mode) is cached, keyed by a hash of its spec. */
  @IsString()
  @MinLength(1)
  MEDIA_CACHE_DIR: string = '.data/media-cache';

  /** TrueType font for text burned into sandbox videos. Unset: DejaVuSans from dejavu-fonts-ttf. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  MEDIA_FONT_FILE?: string;

  // --- the dashboard playground's media (issue 21) ---

  /** Where the playground keeps the covers, frames, videos and audio previews it serves. */
  @IsString()
  @MinLength(1)
  PLAYGROUND_MEDIA_DIR: string = '.data/playground-media';

  /** The playground media cache's size cap, in bytes (least recently used files go first). */
  @IsInt()
  @Min(10_000_000)
  @Max(1_000_000_000_000)
  PLAYGROUND_MEDIA_MAX_BYTES: number = 1024 * 1024 * 1024;

  // --- music (issue 9) ---

  /** Most candidate sounds scored per music call. */
  @IsInt()
  @Min(1)
  @Max(100)
  MUSIC_MAX_CANDIDATES: number = 50;

  /** New sound analyses running at once per instance. */
  @IsInt()
  @Min(1)
  @Max(32)
  MUSIC_ANALYSIS_CONCURRENCY: number = 4;

  /**
   * Store the sandbox's shipped sound readings in the sound-analysis cache at start-up, so test
   * mode's first music call does not analyze every sound (`npm start` and the compose file turn
   * it on).
   */
  @Transform(toBoolean)
  @IsBoolean()
  SANDBOX_SOUND_SEED: boolean = false;

  // --- throttling (issue 10) ---

  /** Requests per minute per API key, all operations together. */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  RATE_LIMIT_PER_KEY_PER_MIN: number = 120;

  /** Requests per minute per (API key, x-subject). */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  RATE_LIMIT_PER_SUBJECT_PER_MIN: number = 30;

  /** Slow operations (scan, playbook, music) running at once per API key. */
  @IsInt()
  @Min(1)
  @Max(10_000)
  RATE_LIMIT_IN_FLIGHT_PER_KEY: number = 8;

  /**
   * Per-operation overrides as JSON, e.g. {"scan":{"perKey":60,"perSubject":10,"inFlight":4}}.
   * Each operation is also limited by its own per-key counter when it has an override.
   */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  RATE_LIMIT_OVERRIDES?: string;

  /** Dashboard back end (/auth, /account): requests per minute per client IP. */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  DASHBOARD_RATE_LIMIT_PER_MIN: number = 300;

  /** Sign-in, sign-up and password-reset attempts per minute per client IP. */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  AUTH_RATE_LIMIT_PER_MIN: number = 20;
}

export type Config = Environment;

/** Used by ConfigModule: returns the typed config or throws one readable error listing every problem. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const env = plainToInstance(Environment, raw, {
    enableImplicitConversion: true,
    excludeExtraneousValues: false,
  });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  const problems = errors.flatMap((error) =>
    Object.values(error.constraints ?? {}).map((message) => `  - ${error.property}: ${message}`),
  );
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    problems.push('  - AUTH_SECRET: required when NODE_ENV=production');
  }
  if (!env.DATABASE_URL) {
    problems.push(
      '  - DATABASE_URL: not set. `npm start` runs an embedded Postgres and sets it for you; ' +
        'when running the API directly, point it at a Postgres database.',
    );
  }
  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return env;
}
