import { copyFile, open, rename, rm } from 'node:fs/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { DomainError, type Market, type Mode } from '@reelscout/domain';
import { playgroundConfig } from '../config';
import { JobsService } from '../execution/jobs.service';
import { FfmpegRunner, fileInput, IMAGE_INPUT, MEDIA_INPUT } from '../media-analysis/ffmpeg.runner';
import type { MediaKind, Post } from '../providers/provider.types';
import { ProvidersService } from '../providers/providers.service';
import { RateLimitService } from '../throttling/rate-limit.service';
import { VideoSourceService } from '../video-source/video-source.service';
import { MediaCache, type CachedMedia } from './media-cache';
import { isJpeg, sniffMediaExtension } from './media-kinds';
import {
  frameKind,
  mediaKey,
  mediaTargetOf,
  type MediaRoute,
  type ResultVideo,
} from './media-targets';

/** Whose job: the signed-in account, in the mode the page shows. */
export interface MediaOwner {
  accountId: string;
  mode: Mode;
}

/** How long one media request may take to fetch and process what it serves (a cache miss). */
const MEDIA_DEADLINE_MS = 120_000;
/** Widest frame or cover we store (pixels): a timeline thumbnail, a card, a poster. */
const MAX_IMAGE_WIDTH = 480;
/** Most frames one ffmpeg run extracts (each is an input with its own decoder). */
export const FRAMES_PER_RUN = 12;
/** Largest cover image and audio preview we download (a video keeps MEDIA_MAX_DOWNLOAD_BYTES). */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_AUDIO_BYTES = 50 * 1024 * 1024;

/** What the playground's media work did since start (the e2e tests and the bench read it). */
export interface PlaygroundMediaStats {
  /** ffmpeg runs that extracted scene frames (one per video and set of scenes). */
  frameExtractions: number;
  /** Frames those runs wrote. */
  framesExtracted: number;
  /** Media files fetched from a provider (or the sandbox). */
  downloads: number;
}

/**
 * Media of the account's own jobs, for the playground: reel covers, the analysed
 * video (for the player), one frame per playbook scene and music audio previews. Served from our
 * own on-disk cache (`MediaCache`), never hot-linked: a cache miss fetches the file through the
 * mode's video-data provider (live: the egress guard; test: the sandbox's rendered media) and
 * processes it with the ffmpeg runner, behind its per-instance limiter. A playbook's frames are
 * extracted once per video (all missing scenes, FRAMES_PER_RUN per ffmpeg run).
 *
 * A miss calls the provider (a paid lookup in live mode), so each one counts toward the
 * account's own dashboard ceiling (`DASHBOARD_RATE_LIMIT_PER_MIN` per account, whatever IPs its
 * requests come from); past it a miss is 429 and cached media is still served.
 */
@Injectable()
export class PlaygroundMediaService {
  private readonly logger = new Logger('PlaygroundMedia');
  readonly cache: MediaCache;
  private readonly counters: PlaygroundMediaStats = {
    frameExtractions: 0,
    framesExtracted: 0,
    downloads: 0,
  };
  /** Frame extractions running, per video: a second request waits for the first. */
  private readonly extracting = new Map<string, Promise<void>>();
  private readonly missesPerMinute: number;

  constructor(
    private readonly jobs: JobsService,
    private readonly providers: ProvidersService,
    private readonly videos: VideoSourceService,
    private readonly ffmpeg: FfmpegRunner,
    private readonly limits: RateLimitService,
    @Inject(playgroundConfig.KEY) config: ConfigType<typeof playgroundConfig>,
  ) {
    this.missesPerMinute = config.missesPerMinute;
    this.cache = new MediaCache(config.mediaDir, config.mediaMaxBytes);
  }

  stats(): PlaygroundMediaStats {
    return { ...this.counters };
  }

  /** The file a media route serves, or 404 `not_found` (see `mediaTargetOf`). */
  async media(
    owner: MediaOwner,
    publicId: string,
    route: MediaRoute,
    index: number,
  ): Promise<CachedMedia> {
    const { operation, result } = await this.succeededJob(owner, publicId);
    const target = mediaTargetOf(operation, result, route, index);
    const signal = AbortSignal.timeout(MEDIA_DEADLINE_MS);
    const miss = <T>(make: (temp: string) => Promise<T>) => this.counted(owner, make);
    switch (target.kind) {
      case 'reel-cover':
        return this.cache.getOrCreate(
          mediaKey(owner.mode, target.market, target.id, 'cover'),
          miss((temp) =>
            withFreshUrl(
              target.coverUrl,
              (url) => this.imageFrom(owner.mode, url, temp, signal),
              // The provider's cover links expire: the post, looked up again, has a new one.
              async () =>
                target.url
                  ? (await this.videos.find(owner.mode, target.url, signal)).post.coverUrl
                  : null,
            ),
          ),
        );
      case 'video-cover':
        return this.cache.getOrCreate(
          mediaKey(owner.mode, target.video.market, target.video.id, 'cover'),
          miss((temp) => this.videoCover(owner, target.video, temp, signal)),
        );
      case 'video':
        return this.video(owner, target.video, signal);
      case 'frame':
        return this.frame(owner, target.video, target.times, target.index, signal);
      case 'audio':
        return this.cache.getOrCreate(
          mediaKey(owner.mode, target.market, target.soundId, 'audio'),
          miss((temp) =>
            withFreshUrl(
              target.previewUrl,
              async (url) =>
                this.adoptMedia(
                  await this.download(owner.mode, url, 'audio', signal),
                  temp,
                  'audio',
                ),
              // Preview links expire too: the sound, looked up again, has a new one.
              async () =>
                (
                  await this.providers
                    .for(owner.mode)
                    .videoData.getSound(target.market as Market, target.soundId, { signal })
                )?.playUrl ?? null,
            ),
          ),
        );
    }
  }

  /** `make` (a cache miss's work, which calls the provider), counted toward the ceiling first. */
  private counted<T>(owner: MediaOwner, make: (temp: string) => Promise<T>) {
    return async (temp: string): Promise<T> => {
      await this.limits.take([
        { key: `dash-account:${owner.accountId}`, limit: this.missesPerMinute },
      ]);
      return make(temp);
    };
  }

  /** The job, if it is the owner's, of this mode, succeeded and its result not purged. */
  private async succeededJob(
    owner: MediaOwner,
    publicId: string,
  ): Promise<{ operation: string; result: unknown }> {
    // 404 `not_found` (param id) for a job of another account or mode, as every job route.
    const job = await this.jobs.get(owner, publicId);
    if (job.status !== 'succeeded' || job.result === null) {
      throw new DomainError(
        'not_found',
        job.status === 'succeeded'
          ? "This job's result was purged after its retention period: its media is gone."
          : `This job has no media: it is ${job.status}, not succeeded.`,
        { param: 'id' },
      );
    }
    return { operation: job.operation, result: job.result };
  }

  /**
   * The analysed video, fetched once: its post is looked up again (media links expire), unless
   * the caller just did.
   */
  private video(
    owner: MediaOwner,
    video: ResultVideo,
    signal: AbortSignal,
    known?: Post,
  ): Promise<CachedMedia> {
    const { mode } = owner;
    return this.cache.getOrCreate(
      mediaKey(mode, video.market, video.id, 'video'),
      this.counted(owner, async (temp) => {
        const post = known ?? (await this.videos.find(mode, video.url, signal)).post;
        const downloaded = await this.download(
          mode,
          post.mediaUrl!,
          'video',
          signal,
          post.mediaCookie,
        );
        return this.adoptMedia(downloaded, temp, 'video');
      }),
    );
  }

  /** The post's own cover when it has one; else a frame of the video, a second in. */
  private async videoCover(
    owner: MediaOwner,
    video: ResultVideo,
    temp: string,
    signal: AbortSignal,
  ): Promise<{ extension: string }> {
    const { post } = await this.videos.find(owner.mode, video.url, signal);
    if (post.coverUrl) return this.imageFrom(owner.mode, post.coverUrl, temp, signal);
    const file = await this.video(owner, video, signal, post);
    await this.extractFrames(file.path, [{ seconds: 1, output: temp }], signal);
    return { extension: 'jpg' };
  }

  /**
   * Scene `index`'s frame. A miss extracts every scene's frame that is not cached yet, in one
   * ffmpeg run over the (cached) video; later requests for any scene are cache hits.
   */
  private async frame(
    owner: MediaOwner,
    video: ResultVideo,
    times: number[],
    index: number,
    signal: AbortSignal,
  ): Promise<CachedMedia> {
    const { mode } = owner;
    const keyOf = (seconds: number) => mediaKey(mode, video.market, video.id, frameKind(seconds));
    const videoKey = mediaKey(mode, video.market, video.id, 'frames');
    // At most two rounds: an extraction already running for this video may be another job's
    // (other cut times); then this job's own missing frames are extracted next.
    for (let round = 0; round < 3; round++) {
      const cached = await this.cache.get(keyOf(times[index]));
      if (cached) return cached;
      const running = this.extracting.get(videoKey);
      if (running) {
        await running;
        continue;
      }
      const own = this.extractAll(owner, video, times, keyOf, signal).finally(() =>
        this.extracting.delete(videoKey),
      );
      this.extracting.set(videoKey, own);
      await own;
      const made = await this.cache.get(keyOf(times[index]));
      if (made) return made;
      break;
    }
    throw new DomainError('not_found', 'This scene has no frame in the video.', {
      param: 'index',
    });
  }

  private async extractAll(
    owner: MediaOwner,
    video: ResultVideo,
    times: number[],
    keyOf: (seconds: number) => string,
    signal: AbortSignal,
  ): Promise<void> {
    const missing: number[] = [];
    for (const seconds of new Set(times)) {
      if (!(await this.cache.get(keyOf(seconds)))) missing.push(seconds);
    }
    if (missing.length === 0) return;
    const file = await this.video(owner, video, signal);
    const outputs = await Promise.all(
      missing.map(async (seconds) => ({ seconds, output: await this.cache.tempPath() })),
    );
    try {
      // One ffmpeg run per FRAMES_PER_RUN frames: each frame is an input (its own decoder).
      for (let start = 0; start < outputs.length; start += FRAMES_PER_RUN) {
        await this.extractFrames(file.path, outputs.slice(start, start + FRAMES_PER_RUN), signal);
        this.counters.frameExtractions += 1;
      }
      for (const { seconds, output } of outputs) {
        if (!(await isNonEmptyJpeg(output))) continue;
        await this.cache.adopt(keyOf(seconds), output, 'jpg');
        this.counters.framesExtracted += 1;
      }
    } finally {
      await Promise.all(outputs.map((o) => rm(o.output, { force: true })));
    }
  }

  /**
   * One ffmpeg run: a JPEG (at most MAX_IMAGE_WIDTH wide) of `file` at each time. A time at or
   * past the end of the file (which has no frame there) takes the last frame instead.
   */
  private async extractFrames(
    file: string,
    frames: { seconds: number; output: string }[],
    signal: AbortSignal,
    still = false,
  ): Promise<void> {
    const { durationSec } = still
      ? { durationSec: null }
      : await this.ffmpeg.probe(file, { signal });
    const last = durationSec === null ? Infinity : Math.max(0, durationSec - 0.1);
    const inputs = frames.flatMap(({ seconds }) => [
      '-ss',
      Math.min(seconds, last).toFixed(3),
      ...(still ? IMAGE_INPUT : MEDIA_INPUT),
      '-i',
      fileInput(file),
    ]);
    const outputs = frames.flatMap(({ output }, i) => [
      '-map',
      `${i}:v:0`,
      '-frames:v',
      '1',
      '-vf',
      `scale='min(${MAX_IMAGE_WIDTH},iw)':-2`,
      '-q:v',
      '4',
      '-f',
      'mjpeg',
      '-y',
      output,
    ]);
    await this.ffmpeg.ffmpeg([...inputs, ...outputs], {
      purpose: 'analyze',
      label: 'playground frames',
      signal,
    });
  }

  /** A cover image as a JPEG: kept as is when it is one, else converted (webp, png…). */
  private async imageFrom(
    mode: Mode,
    url: string,
    temp: string,
    signal: AbortSignal,
  ): Promise<{ extension: string }> {
    const downloaded = await this.download(mode, url, 'image', signal);
    try {
      if (isJpeg(await headOf(downloaded))) {
        await moveFile(downloaded, temp);
      } else {
        await this.extractFrames(downloaded, [{ seconds: 0, output: temp }], signal, true);
      }
      return { extension: 'jpg' };
    } finally {
      await rm(downloaded, { force: true });
    }
  }

  /** Moves a downloaded video or sound into the cache's temp file; its extension from its bytes. */
  private async adoptMedia(
    downloaded: string,
    temp: string,
    kind: 'video' | 'audio',
  ): Promise<{ extension: string }> {
    try {
      const extension = sniffMediaExtension(await headOf(downloaded), kind);
      if (!extension) {
        throw new DomainError(
          'provider_error',
          `The ${kind === 'video' ? 'video' : 'audio preview'} is not in a format we can serve.`,
        );
      }
      await moveFile(downloaded, temp);
      return { extension };
    } finally {
      await rm(downloaded, { force: true });
    }
  }

  private async download(
    mode: Mode,
    url: string,
    kind: MediaKind,
    signal: AbortSignal,
    cookie?: string | null,
  ): Promise<string> {
    const path = await this.providers.for(mode).videoData.downloadMedia(
      url,
      {
        maxBytes: maxBytesOf(kind, this.ffmpeg.settings.maxDownloadBytes),
        kind,
        cookie: cookie ?? null,
      },
      { signal },
    );
    this.counters.downloads += 1;
    this.logger.debug({ kind, mode }, 'playground media fetched');
    return path;
  }
}

/**
 * `use(url)`; when that fails (an expired provider link, typically), once more with the URL
 * `refresh` finds now, if it is a different one. The first error stands otherwise.
 */
async function withFreshUrl<T>(
  url: string,
  use: (url: string) => Promise<T>,
  refresh: () => Promise<string | null | undefined>,
): Promise<T> {
  try {
    return await use(url);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'timeout') throw error;
    const fresh = await refresh().catch(() => null);
    if (!fresh || fresh === url) throw error;
    return use(fresh);
  }
}

/** The download cap of one kind of media: images and previews are small; videos as analysed. */
function maxBytesOf(kind: MediaKind, videoBytes: number): number {
  if (kind === 'image') return Math.min(MAX_IMAGE_BYTES, videoBytes);
  if (kind === 'audio') return Math.min(MAX_AUDIO_BYTES, videoBytes);
  return videoBytes;
}

/** The first bytes of a file (enough to tell its format). */
async function headOf(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function isNonEmptyJpeg(path: string): Promise<boolean> {
  try {
    return isJpeg(await headOf(path));
  } catch {
    return false;
  }
}

/** A rename, or a copy when the two paths are on different file systems. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}
