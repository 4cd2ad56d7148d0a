import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { DomainError } from '@reelscout/domain';
import { FfmpegRunner, fileInput, MEDIA_INPUT } from '../media-analysis/ffmpeg.runner';
import { SYNTH_SAMPLE_RATE, synthesizeChunks } from './sandbox-audio.synth';
import { buildSandboxVideoGraph } from './sandbox-video.filtergraph';
import type {
  SandboxMediaRenderer,
  SandboxSoundSpec,
  SandboxVideoSpec,
} from './sandbox-media.types';

/**
 * Bump whenever the rendered output of the same spec changes (synth, palette, encoder
 * settings): it is part of every cache key, so old files are simply no longer used.
 */
export const SANDBOX_RENDERER_VERSION = 'sandbox-media-1';

export const SANDBOX_VIDEO_DEFAULTS = { width: 360, height: 640, fps: 15 } as const;
const MAX_DURATION_SEC = 900;

export interface SandboxRenderStats {
  /** Files rendered by this instance (cache misses). */
  renders: number;
  /** Requests answered from the disk cache or by joining a render already in progress. */
  hits: number;
}

/**
 * Renders sandbox media with ffmpeg and caches it in `MEDIA_CACHE_DIR`, keyed by a hash of the
 * spec and the renderer version: videos are H.264 + AAC MP4 (360x640 at 15 fps by default) with
 * hard cuts at `sceneCuts`, the overlays burned in and the audio bed under them; sounds are AAC
 * in M4A. Concurrent requests for one spec share one render (in-process lock); the file appears
 * under its final name by atomic rename, so other instances never read a half-written file.
 */
@Injectable()
export class SandboxMediaRendererService implements SandboxMediaRenderer {
  private readonly logger = new Logger(SandboxMediaRendererService.name);
  private readonly inFlight = new Map<string, Promise<string>>();
  private readonly counters: SandboxRenderStats = { renders: 0, hits: 0 };

  constructor(private readonly ffmpeg: FfmpegRunner) {}

  stats(): SandboxRenderStats {
    return { ...this.counters };
  }

  async videoFile(spec: SandboxVideoSpec): Promise<string> {
    const normalised = normaliseVideoSpec(spec);
    const path = this.cachePath(spec.key, 'video', normalised, 'mp4');
    return this.cached(path, (tmp) => this.renderVideo(normalised, tmp));
  }

  async soundFile(spec: SandboxSoundSpec): Promise<string> {
    const normalised = normaliseSoundSpec(spec);
    const path = this.cachePath(spec.key, 'sound', normalised, 'm4a');
    return this.cached(path, (tmp) => this.renderSound(normalised, tmp));
  }

  /**
   * The video's cover: a JPEG frame from the middle of its first scene (the sandbox has no
   * separate cover art), taken from the rendered video and cached beside it.
   */
  async coverFile(spec: SandboxVideoSpec): Promise<string> {
    const normalised = normaliseVideoSpec(spec);
    const path = this.cachePath(spec.key, 'cover', normalised, 'jpg');
    return this.cached(path, async (tmp) => {
      const video = await this.videoFile(spec);
      const firstCut = normalised.sceneCuts[0] ?? normalised.durationSec;
      await this.ffmpeg.ffmpeg(
        [
          '-ss',
          String(Math.round((firstCut / 2) * 1000) / 1000),
          ...MEDIA_INPUT,
          '-i',
          fileInput(video),
          '-frames:v',
          '1',
          '-q:v',
          '4',
          '-f',
          'mjpeg',
          '-y',
          tmp,
        ],
        { purpose: 'render', label: 'sandbox cover' },
      );
    });
  }

  /** Where a spec's file lives in the cache (whether or not it has been rendered yet). */
  cachePath(
    key: string,
    kind: 'video' | 'sound' | 'cover',
    spec: object,
    extension: string,
  ): string {
    const hash = createHash('sha256')
      .update(JSON.stringify({ renderer: SANDBOX_RENDERER_VERSION, kind, spec: omitKey(spec) }))
      .digest('hex')
      .slice(0, 20);
    return join(this.ffmpeg.settings.cacheDir, `${kind}-${slug(key)}-${hash}.${extension}`);
  }

  private cached(path: string, render: (tmp: string) => Promise<void>): Promise<string> {
    const running = this.inFlight.get(path);
    if (running) {
      this.counters.hits += 1;
      return running;
    }
    const job = (async () => {
      if (await exists(path)) {
        this.counters.hits += 1;
        return path;
      }
      await mkdir(this.ffmpeg.settings.cacheDir, { recursive: true });
      const tmp = `${path}.${randomUUID()}.part`;
      try {
        const started = Date.now();
        await render(tmp);
        await rename(tmp, path);
        this.counters.renders += 1;
        this.logger.debug(`rendered ${path} in ${Date.now() - started} ms`);
        return path;
      } finally {
        await rm(tmp, { force: true });
      }
    })().finally(() => this.inFlight.delete(path));
    this.inFlight.set(path, job);
    return job;
  }

  private async renderSound(spec: SandboxSoundSpec, output: string): Promise<void> {
    await this.ffmpeg.ffmpeg(
      [
        '-f',
        'f32le',
        '-ar',
        String(SYNTH_SAMPLE_RATE),
        '-ac',
        '1',
        '-i',
        'pipe:0',
        '-c:a',
        'aac',
        '-aac_coder',
        'fast',
        '-b:a',
        '96k',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        '-y',
        output,
      ],
      {
        purpose: 'render',
        label: 'sandbox sound',
        stdin: synthesizeChunks(spec, spec.durationSec),
      },
    );
  }

  private async renderVideo(spec: Required<SandboxVideoSpec>, output: string): Promise<void> {
    const textDir = await mkdtemp(join(tmpdir(), 'reelscout-render-'));
    try {
      const plan = buildSandboxVideoGraph(spec, {
        width: spec.width,
        height: spec.height,
        fps: SANDBOX_VIDEO_DEFAULTS.fps,
        fontFile: this.ffmpeg.settings.fontFile,
        textDir,
      });
      await Promise.all(plan.textFiles.map((file) => writeFile(file.path, file.text, 'utf8')));
      await this.ffmpeg.ffmpeg(
        [
          '-filter_complex',
          plan.graph,
          '-f',
          'f32le',
          '-ar',
          String(SYNTH_SAMPLE_RATE),
          '-ac',
          '1',
          '-i',
          'pipe:0',
          '-map',
          '[v]',
          '-map',
          '0:a',
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-crf',
          '28',
          '-g',
          String(SANDBOX_VIDEO_DEFAULTS.fps * 2),
          '-pix_fmt',
          'yuv420p',
          '-c:a',
          'aac',
          '-aac_coder',
          'fast',
          '-b:a',
          '64k',
          '-movflags',
          '+faststart',
          '-f',
          'mp4',
          '-y',
          output,
        ],
        {
          purpose: 'render',
          label: 'sandbox video',
          stdin: synthesizeChunks(spec.audio, spec.durationSec),
        },
      );
    } finally {
      await rm(textDir, { recursive: true, force: true });
    }
  }
}

/** Checks a catalogue spec (a bad one is our bug: `internal_error`) and fills in defaults. */
export function normaliseVideoSpec(spec: SandboxVideoSpec): Required<SandboxVideoSpec> {
  const { fps } = SANDBOX_VIDEO_DEFAULTS;
  const width = spec.width ?? SANDBOX_VIDEO_DEFAULTS.width;
  const height = spec.height ?? SANDBOX_VIDEO_DEFAULTS.height;
  checkDuration(spec.key, spec.durationSec);
  for (const size of [width, height]) {
    if (!Number.isInteger(size) || size < 64 || size > 1920 || size % 2 !== 0) {
      throw badSpec(spec.key, 'width and height must be even integers in 64..1920');
    }
  }
  let previous = 0;
  for (const cut of spec.sceneCuts) {
    if (!Number.isFinite(cut) || cut - previous < 2 / fps || spec.durationSec - cut < 2 / fps) {
      throw badSpec(spec.key, 'scene cuts must ascend inside (0, duration), 2+ frames apart');
    }
    previous = cut;
  }
  for (const overlay of [...spec.overlays, ...spec.captions]) {
    if (!(overlay.end > overlay.start) || typeof overlay.text !== 'string') {
      throw badSpec(spec.key, 'overlay and caption spans need start < end and a text');
    }
  }
  return {
    key: spec.key,
    durationSec: spec.durationSec,
    sceneCuts: [...spec.sceneCuts],
    overlays: spec.overlays.map(({ start, end, text }) => ({ start, end, text })),
    // Captions are not drawn: the provider returns them as the caption track. They stay in the
    // hash so that a changed transcript never reuses a file registered for another one.
    captions: spec.captions.map(({ start, end, text }) => ({ start, end, text })),
    audio: normaliseSoundSpec({ ...spec.audio, durationSec: spec.durationSec }),
    width,
    height,
  };
}

export function normaliseSoundSpec(spec: SandboxSoundSpec): SandboxSoundSpec {
  checkDuration(spec.key, spec.durationSec);
  if (!Number.isFinite(spec.tempoBpm) || spec.tempoBpm < 30 || spec.tempoBpm > 300) {
    throw badSpec(spec.key, 'tempoBpm must be within 30..300');
  }
  if (!Number.isFinite(spec.energy) || spec.energy < 0 || spec.energy > 1) {
    throw badSpec(spec.key, 'energy must be within 0..1');
  }
  if (!['bright', 'dark', 'calm', 'tense'].includes(spec.mood)) {
    throw badSpec(spec.key, 'mood must be bright, dark, calm or tense');
  }
  return {
    key: spec.key,
    durationSec: spec.durationSec,
    tempoBpm: spec.tempoBpm,
    energy: spec.energy,
    mood: spec.mood,
  };
}

function checkDuration(key: string, durationSec: number): void {
  if (!Number.isFinite(durationSec) || durationSec < 0.5 || durationSec > MAX_DURATION_SEC) {
    throw badSpec(key, `durationSec must be within 0.5..${MAX_DURATION_SEC}`);
  }
}

function badSpec(key: string, why: string): DomainError {
  return new DomainError('internal_error', `Invalid sandbox media spec ${key}: ${why}`);
}

function omitKey(spec: object): object {
  const { key: _key, ...rest } = spec as { key?: string };
  if ('audio' in rest && rest.audio && typeof rest.audio === 'object') {
    return { ...rest, audio: omitKey(rest.audio) };
  }
  return rest;
}

/** A file-name-safe version of a catalogue key (`network_b:123` → `network_b-123`). */
function slug(key: string): string {
  return (
    key
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'media'
  );
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
