import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { ConfigType } from '@nestjs/config';
import type { mediaConfig } from '../config';

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

/**
 * The media settings as the app uses them: the validated `media` namespace with the shipped
 * ffmpeg, ffprobe and font filled in where none is configured, and paths made absolute.
 */
export function resolveMediaSettings(config: ConfigType<typeof mediaConfig>): MediaSettings {
  return {
    ffmpegPath: config.ffmpegPath ?? bundledBinary('@ffmpeg-installer/ffmpeg'),
    ffprobePath: config.ffprobePath ?? bundledBinary('@ffprobe-installer/ffprobe'),
    concurrency: config.concurrency,
    maxDownloadBytes: config.maxDownloadBytes,
    jobTimeoutMs: config.jobTimeoutMs,
    cacheDir: resolve(config.cacheDir),
    fontFile: resolve(config.fontFile ?? bundledFont()),
  };
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
