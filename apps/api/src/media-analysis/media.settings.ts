import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';

/** The media module's settings, resolved once (defaults filled in, paths absolute). */
export interface MediaSettings {
  ffmpegPath: string;
  ffprobePath: string;
  /** CPU-heavy ffmpeg jobs at once per instance. */
  concurrency: number;
  /** Largest media file a pipeline downloads; pass it to the provider's `downloadMedia`. */
  maxDownloadBytes: number;
  /** Ceiling for one ffmpeg/ffprobe process. */
  jobTimeoutMs: number;
  /** Absolute directory of rendered sandbox media. */
  cacheDir: string;
  /** Absolute path of the TrueType font drawtext uses. */
  fontFile: string;
}

export const MEDIA_DEFAULTS = {
  concurrency: 2,
  maxDownloadBytes: 200 * 1024 * 1024,
  jobTimeoutMs: 120_000,
  cacheDir: '.data/media-cache',
} as const;

type MediaEnvironment = Pick<
  Environment,
  | 'FFMPEG_PATH'
  | 'FFPROBE_PATH'
  | 'MEDIA_CONCURRENCY'
  | 'MEDIA_MAX_DOWNLOAD_BYTES'
  | 'MEDIA_JOB_TIMEOUT_MS'
  | 'MEDIA_CACHE_DIR'
  | 'MEDIA_FONT_FILE'
>;

/**
 * Reads the media settings from the validated environment. Works with a bare `ConfigService`
 * too (tests): every missing value falls back to its documented default.
 */
export function readMediaSettings(config: ConfigService): MediaSettings {
  const get = <K extends keyof MediaEnvironment>(key: K): MediaEnvironment[K] | undefined => {
    const value = config.get<MediaEnvironment[K]>(key);
    return value === '' || value === null ? undefined : value;
  };
  return {
    ffmpegPath: get('FFMPEG_PATH') ?? bundledBinary('@ffmpeg-installer/ffmpeg'),
    ffprobePath: get('FFPROBE_PATH') ?? bundledBinary('@ffprobe-installer/ffprobe'),
    concurrency: positiveInt(get('MEDIA_CONCURRENCY'), MEDIA_DEFAULTS.concurrency),
    maxDownloadBytes: positiveInt(get('MEDIA_MAX_DOWNLOAD_BYTES'), MEDIA_DEFAULTS.maxDownloadBytes),
    jobTimeoutMs: positiveInt(get('MEDIA_JOB_TIMEOUT_MS'), MEDIA_DEFAULTS.jobTimeoutMs),
    cacheDir: resolve(get('MEDIA_CACHE_DIR') ?? MEDIA_DEFAULTS.cacheDir),
    fontFile: resolve(get('MEDIA_FONT_FILE') ?? bundledFont()),
  };
}

function positiveInt(value: unknown, fallback: number): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : fallback;
}

/**
 * Packages are resolved from the working directory (the repository or the image's app
 * directory) rather than from this file, so the path is right whether or not the API is bundled.
 */
function packageRequire(): NodeRequire {
  return createRequire(join(process.cwd(), 'package.json'));
}

function bundledBinary(pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string {
  const installer = packageRequire()(pkg) as { path: string };
  return installer.path;
}

function bundledFont(): string {
  const manifest = packageRequire().resolve('dejavu-fonts-ttf/package.json');
  return join(dirname(manifest), 'ttf', 'DejaVuSans.ttf');
}
