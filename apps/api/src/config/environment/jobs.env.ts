import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNumber, IsOptional, IsUrl, Matches, Max, Min } from 'class-validator';
import { toBoolean, blankToUndefined } from './transforms';
import { ServerEnvironment } from './server.env';

/** Operation deadlines, billing, the job queue, webhooks and payments. */
export class JobsEnvironment extends ServerEnvironment {
  // --- operation deadlines (docs/architecture.md §3 step 9 are the ceilings) ---

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

  /** A trends call reads the history store; only a fresh install's first call collects first. */
  @IsInt()
  @Min(100)
  @Max(300_000)
  TRENDS_DEADLINE_MS: number = 60_000;

  // --- billing ---

  /** How often expired holds (of requests that died) are voided; 0 turns the reaper off. */
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  HOLD_REAPER_INTERVAL_MS: number = 30_000;

  // --- jobs and webhooks ---

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

  /**
   * The most of one worker's slots (of each queue) one account's jobs hold at once, as a fraction
   * (rounded down, at least one slot). It holds even when the account is the only one with
   * queued work: its jobs may keep their slots until their deadline, so a slot left free is what
   * lets another account's job start at once (docs/jobs.md, "Fair claiming").
   */
  @IsNumber()
  @Min(0.05)
  @Max(1)
  JOBS_ACCOUNT_SHARE: number = 0.5;

  /**
   * The most of one worker's slots (of each queue) test-mode jobs hold at once, all accounts
   * together (rounded down, at least one slot): the rest are kept free of test work for live jobs.
   */
  @IsNumber()
  @Min(0.05)
  @Max(1)
  JOBS_TEST_SHARE: number = 0.5;

  /** Jobs one account may have queued per mode; one more async call is 429 `queue_limit_reached`. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  JOBS_MAX_QUEUED_PER_ACCOUNT: number = 1_000;

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

  /**
   * Pending deliveries one account may have per mode; an event written past it is stored as a
   * failed delivery with `failure_reason: backlog_full`, never sent.
   */
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  WEBHOOK_MAX_PENDING_PER_ACCOUNT: number = 10_000;

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
}
