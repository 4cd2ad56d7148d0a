import { spawn } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { DomainError } from '@reelscout/domain';
import { abortReason } from '../common/async/abort';
import { mediaConfig } from '../config';
import { ConcurrencyLimiter } from '../common/async/concurrency-limiter';
import {
  errorLines,
  looksLikeBadInput,
  looksLikeOurMistake,
  parseProbeJson,
  type MediaProbe,
} from './ffmpeg-output.parser';
import { resolveMediaSettings, type MediaSettings } from './media.settings';

/**
 * What a failed job means. `analyze` reads media that came from outside (a provider's video or
 * sound): a failure that is not obviously our command's fault is the media's, so `provider_error`.
 * `render` makes our own sandbox media: every failure is ours, so `internal_error`.
 */
export type FfmpegJobPurpose = 'analyze' | 'render';

export interface FfmpegJobOptions {
  purpose: FfmpegJobPurpose;
  /** Short name for logs and error messages, e.g. `scene detection`. */
  label: string;
  /** Aborting kills the process; the job then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Kill the process after this long (default: `MEDIA_JOB_TIMEOUT_MS`). */
  timeoutMs?: number;
  /** Wait for a slot of the per-instance limiter first (default true: decode/encode is CPU-heavy). */
  heavy?: boolean;
  /** Fed to the process's stdin: a buffer, or chunks written with backpressure. */
  stdin?: Buffer | AsyncIterable<Uint8Array>;
  /** Collect stdout (up to this many bytes; more is a failure). Unset: stdout is discarded. */
  stdoutMaxBytes?: number;
  /** Keep the stderr lines this accepts (all of them, up to `maxKeptLines`) for parsing. */
  keepLine?: (line: string) => boolean;
  maxKeptLines?: number;
}

export interface FfmpegJobResult {
  stdout: Buffer;
  /** The last `STDERR_TAIL_CHARS` characters of stderr (summaries are printed at the end). */
  stderrTail: string;
  /** Lines accepted by `keepLine`, plus every error-level line. */
  lines: string[];
  elapsedMs: number;
}

const STDERR_TAIL_CHARS = 64 * 1024;
const DEFAULT_MAX_KEPT_LINES = 50_000;
/**
 * The demuxers a downloaded video or sound may be read with: the containers we expect of one
 * (mp4/mov/m4a, webm/mkv, mp3, aac, ogg, wav, flac). ffmpeg otherwise picks the demuxer from the
 * bytes, so a "video" that is really an HLS or concat playlist would make it read other files of
 * this machine; such a file now fails as unreadable media (`provider_error`).
 */
export const MEDIA_FORMATS = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,mp3,aac,ogg,wav,flac';
/** The demuxers a downloaded cover image may be read with (single images, no sequences). */
export const IMAGE_FORMATS = 'jpeg_pipe,png_pipe,webp_pipe,gif,gif_pipe,bmp_pipe,tiff_pipe';

/**
 * Input options before every `-i` of media from outside: local files and pipes only (a playlist
 * cannot fetch anything), and only the expected formats.
 */
export const MEDIA_INPUT = [
  '-protocol_whitelist',
  'file,pipe',
  '-format_whitelist',
  MEDIA_FORMATS,
] as const;
/** The same for a cover image. */
export const IMAGE_INPUT = [
  '-protocol_whitelist',
  'file,pipe',
  '-format_whitelist',
  IMAGE_FORMATS,
] as const;

/** An input path as ffmpeg should see it: absolute, behind `file:` so no protocol is guessed. */
export function fileInput(path: string): string {
  return `file:${resolvePath(path)}`;
}

/**
 * Runs ffmpeg and ffprobe: argument arrays (never a shell), a timeout, kill on abort, stderr kept
 * bounded, CPU-heavy jobs behind a per-instance limiter (`MEDIA_CONCURRENCY`), and failures
 * mapped to `DomainError` (`provider_error` for unreadable media, `internal_error` for ours).
 */
@Injectable()
export class FfmpegRunner {
  private readonly logger = new Logger(FfmpegRunner.name);
  readonly settings: MediaSettings;
  readonly limiter: ConcurrencyLimiter;

  constructor(@Inject(mediaConfig.KEY) config: ConfigType<typeof mediaConfig>) {
    this.settings = resolveMediaSettings(config);
    this.limiter = new ConcurrencyLimiter(this.settings.concurrency);
  }

  /** Runs ffmpeg with `args` (the runner adds `-hide_banner -nostats -loglevel level+info`). */
  ffmpeg(args: readonly string[], options: FfmpegJobOptions): Promise<FfmpegJobResult> {
    const prefix = ['-hide_banner', '-nostats', '-loglevel', 'level+info'];
    if (options.stdin === undefined) prefix.push('-nostdin');
    return this.job(this.settings.ffmpegPath, [...prefix, ...args], options);
  }

  /** Runs ffprobe with `args` as given. */
  ffprobe(args: readonly string[], options: FfmpegJobOptions): Promise<FfmpegJobResult> {
    return this.job(this.settings.ffprobePath, args, options);
  }

  /** Duration, streams and display size of a local media file (light: not behind the limiter). */
  async probe(
    filePath: string,
    options: { signal?: AbortSignal; purpose?: FfmpegJobPurpose } = {},
  ): Promise<MediaProbe> {
    const purpose = options.purpose ?? 'analyze';
    const result = await this.ffprobe(
      [
        '-v',
        'error',
        ...MEDIA_INPUT,
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        '-i',
        fileInput(filePath),
      ],
      {
        purpose,
        label: 'probe',
        signal: options.signal,
        heavy: false,
        timeoutMs: Math.min(this.settings.jobTimeoutMs, 30_000),
        stdoutMaxBytes: 4 * 1024 * 1024,
      },
    );
    try {
      return parseProbeJson(result.stdout.toString('utf8'));
    } catch (error) {
      throw failure(purpose, 'probe', 'the media file could not be read', error);
    }
  }

  private async job(
    binary: string,
    args: readonly string[],
    options: FfmpegJobOptions,
  ): Promise<FfmpegJobResult> {
    if (options.signal?.aborted) throw abortReason(options.signal);
    const run = () => this.spawnOnce(binary, args, options);
    return options.heavy === false ? run() : this.limiter.run(run, options.signal);
  }

  private spawnOnce(
    binary: string,
    args: readonly string[],
    options: FfmpegJobOptions,
  ): Promise<FfmpegJobResult> {
    const { purpose, label, signal } = options;
    const timeoutMs = options.timeoutMs ?? this.settings.jobTimeoutMs;
    const maxKept = options.maxKeptLines ?? DEFAULT_MAX_KEPT_LINES;
    const startedAt = Date.now();

    return new Promise<FfmpegJobResult>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const child = spawn(binary, args as string[], {
        stdio: [
          options.stdin === undefined ? 'ignore' : 'pipe',
          options.stdoutMaxBytes === undefined ? 'ignore' : 'pipe',
          'pipe',
        ],
        windowsHide: true,
      });

      let settled = false;
      let stopReason: { kind: 'abort' | 'timeout' | 'stdout'; error: unknown } | null = null;
      const stdoutChunks: Buffer[] = [];
      let stdoutBytes = 0;
      let tail = '';
      let partial = '';
      const lines: string[] = [];

      const stop = (kind: 'abort' | 'timeout' | 'stdout', error: unknown) => {
        if (stopReason) return;
        stopReason = { kind, error };
        child.kill('SIGKILL');
      };
      const onAbort = () => stop('abort', abortReason(signal!));
      signal?.addEventListener('abort', onAbort, { once: true });
      const timer = setTimeout(
        () =>
          stop(
            'timeout',
            failure(
              purpose,
              label,
              `media processing (${label}) took longer than ${Math.round(timeoutMs / 1000)} s`,
            ),
          ),
        timeoutMs,
      );

      const finish = (error: unknown, result?: FfmpegJobResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (error !== undefined) reject(error);
        else resolve(result!);
      };

      const keepLine = (line: string) => {
        if (lines.length >= maxKept) return;
        if (/\[(error|fatal|panic)\]/.test(line) || options.keepLine?.(line)) lines.push(line);
      };
      child.stderr!.setEncoding('utf8');
      child.stderr!.on('data', (chunk: string) => {
        tail += chunk;
        if (tail.length > 2 * STDERR_TAIL_CHARS) tail = tail.slice(-STDERR_TAIL_CHARS);
        const text = partial + chunk;
        const parts = text.split(/\r?\n|\r/);
        partial = parts.pop() ?? '';
        if (partial.length > STDERR_TAIL_CHARS) partial = partial.slice(-STDERR_TAIL_CHARS);
        for (const line of parts) keepLine(line);
      });
      child.stdout?.on('data', (chunk: Buffer) => {
        stdoutBytes += chunk.length;
        if (stdoutBytes > (options.stdoutMaxBytes ?? 0)) {
          stop(
            'stdout',
            failure(
              purpose,
              label,
              `media processing (${label}) produced more output than expected`,
            ),
          );
          return;
        }
        stdoutChunks.push(chunk);
      });

      child.on('error', (error) => {
        clearTimeout(timer);
        this.logger.error(`${label}: could not start ${binary}: ${error.message}`);
        finish(
          new DomainError('internal_error', 'Media processing is unavailable', { cause: error }),
        );
      });

      child.on('close', (code, killSignal) => {
        if (partial) keepLine(partial);
        tail = tail.slice(-STDERR_TAIL_CHARS);
        if (stopReason) {
          finish(stopReason.error);
          return;
        }
        if (code === 0) {
          finish(undefined, {
            stdout: Buffer.concat(stdoutChunks),
            stderrTail: tail,
            lines,
            elapsedMs: Date.now() - startedAt,
          });
          return;
        }
        const detail = errorLines(lines).slice(-5).join(' | ') || tail.slice(-600);
        finish(
          this.failureFor(purpose, label, tail + '\n' + lines.join('\n'), code, killSignal, detail),
        );
      });

      if (options.stdin !== undefined) {
        const stdin = child.stdin!;
        // A process that exits early closes the pipe: EPIPE is expected and its exit code says why.
        stdin.on('error', () => undefined);
        void writeStdin(stdin, options.stdin).catch((error: unknown) => {
          stop(
            'abort',
            error instanceof DomainError ? error : failure('render', label, 'input failed', error),
          );
        });
      }
    });
  }

  private failureFor(
    purpose: FfmpegJobPurpose,
    label: string,
    stderr: string,
    code: number | null,
    killSignal: NodeJS.Signals | null,
    detail: string,
  ): DomainError {
    const why = `exit ${code ?? killSignal}: ${detail.replace(/\s+/g, ' ').slice(0, 800)}`;
    if (purpose === 'analyze' && !looksLikeOurMistake(stderr)) {
      this.logger.warn(`${label}: unreadable media (${why})`);
      const message = looksLikeBadInput(stderr)
        ? 'The media file is corrupt, truncated or in an unsupported format'
        : 'The media file could not be processed';
      return new DomainError('provider_error', message);
    }
    this.logger.error(`${label}: ffmpeg failed (${why})`);
    return new DomainError('internal_error', 'Media processing failed');
  }
}

function failure(
  purpose: FfmpegJobPurpose,
  label: string,
  message: string,
  cause?: unknown,
): DomainError {
  const code = purpose === 'analyze' ? 'provider_error' : 'internal_error';
  const text = purpose === 'analyze' ? capitalise(message) : `Media processing failed (${label})`;
  return new DomainError(code, text, cause === undefined ? {} : { cause });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

async function writeStdin(
  stdin: NodeJS.WritableStream & { destroyed?: boolean; writableEnded?: boolean },
  input: Buffer | AsyncIterable<Uint8Array>,
): Promise<void> {
  if (Buffer.isBuffer(input)) {
    stdin.end(input);
    return;
  }
  const closed = new Promise<void>((resolve) => {
    stdin.once('close', resolve);
    stdin.once('error', () => resolve());
  });
  for await (const chunk of input) {
    if (stdin.destroyed) return;
    if (!stdin.write(chunk)) {
      const drained = new Promise<void>((resolve) => stdin.once('drain', resolve));
      await Promise.race([drained, closed]);
    }
  }
  if (!stdin.destroyed) stdin.end();
}
