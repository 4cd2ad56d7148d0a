import { Transform } from 'class-transformer';
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
} from 'class-validator';
import { toBoolean, blankToUndefined } from './transforms';

/** The server itself, its database and logs, and accounts and sessions. */
export class ServerEnvironment {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IsInt()
  @Min(1)
  @Max(65535)
  API_PORT: number = 4000;

  /** The address the API binds (`0.0.0.0` in containers); blank means the default. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() === '' ? '127.0.0.1' : value,
  )
  @IsString()
  API_HOST: string = '127.0.0.1';

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

  // --- accounts and sessions ---

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

  /**
   * Seconds a watch's run asked for by hand must wait after its previous run; sooner is 429
   * `rate_limited` with `Retry-After`, before anything is held or scanned. 0 turns it off.
   */
  @IsInt()
  @Min(0)
  @Max(86_400)
  WATCHES_MIN_RUN_GAP_S: number = 900;

  /**
   * Days of usage records kept: whole month partitions older than this are dropped (and their
   * hourly rollups). At least 31.
   */
  @IsInt()
  @Min(31)
  @Max(36_500)
  USAGE_RETENTION_DAYS: number = 400;

  /**
   * Days of trend history kept (one observation per item, day and market); older days are
   * deleted by the daily collection. Must cover the longest window a trends call reads (60 days).
   */
  @IsInt()
  @Min(60)
  @Max(3_650)
  HISTORY_RETENTION_DAYS: number = 400;
}
