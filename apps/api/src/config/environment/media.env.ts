import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { toBoolean, blankToUndefined } from './transforms';
import { ProvidersEnvironment } from './providers.env';

/** ffmpeg and media analysis, the playground's media, music, and throttling. */
export class MediaEnvironment extends ProvidersEnvironment {
  // --- media: ffmpeg and audio analysis ---
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

  // --- the dashboard playground's media ---

  /** Where the playground keeps the covers, frames, videos and audio previews it serves. */
  @IsString()
  @MinLength(1)
  PLAYGROUND_MEDIA_DIR: string = '.data/playground-media';

  /** The playground media cache's size cap, in bytes (least recently used files go first). */
  @IsInt()
  @Min(10_000_000)
  @Max(1_000_000_000_000)
  PLAYGROUND_MEDIA_MAX_BYTES: number = 1024 * 1024 * 1024;

  // --- music ---

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

  // --- throttling ---

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
