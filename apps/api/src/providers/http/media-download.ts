import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { anySignal, sleep, withTimeoutSignal } from '../../common/async/abort';
import {
  EgressRedirectError,
  EgressRefusedError,
  EgressTimeoutError,
  type EgressGuard,
  type EgressResponse,
} from '../../egress';
import { ProviderCallError } from './provider-call.error';
import type { MediaKind } from '../provider.types';

/** Every downloaded or copied media file lives here until its caller deletes it. */
export function mediaTempDir(): string {
  return join(tmpdir(), 'reelscout-media');
}

/** A fresh, unique path in `mediaTempDir()` (the directory is created). */
export async function newMediaTempPath(kind: MediaKind, extension?: string): Promise<string> {
  const dir = mediaTempDir();
  await mkdir(dir, { recursive: true });
  const fallback = { video: 'mp4', audio: 'm4a', image: 'jpg' }[kind];
  return join(dir, `${randomUUID()}.${extension ?? fallback}`);
}

export interface MediaDownloadOptions {
  maxBytes: number;
  kind: MediaKind;
  timeoutMs: number;
  /** Attempts after the first for 5xx and network errors. */
  retries?: number;
  signal?: AbortSignal;
  /** Every request goes through it: each hop resolved, checked and pinned. */
  egress: EgressGuard;
  /** `Cookie` for the URL's own host (a redirect to another host goes without it). */
  cookie?: string | null;
}

/** Redirects followed for one media URL (CDNs hop once or twice). */
const MAX_REDIRECTS = 3;

/**
 * Streams `url` to a new temp file and returns its path. Never sends our provider credentials
 * (media lives on the platforms' CDNs). Fails with `ProviderCallError` — and removes the partial
 * file — when the egress guard refuses a hop (`refused`), the answer is not 200, not media,
 * larger than `maxBytes`, shorter than its Content-Length, cut off, or slower than `timeoutMs`
 * in total.
 */
export async function downloadToTempFile(
  url: string,
  options: MediaDownloadOptions,
): Promise<string> {
  const retries = options.retries ?? 1;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await downloadOnce(url, options);
    } catch (error) {
      const failure =
        error instanceof ProviderCallError
          ? error
          : new ProviderCallError('network', 'download failed', undefined, { cause: error });
      if (!failure.retryable || attempt >= retries) throw failure;
      try {
        await sleep(100 * (attempt + 1), options.signal);
      } catch (abortError) {
        throw new ProviderCallError('aborted', 'the caller aborted', undefined, {
          cause: abortError,
        });
      }
    }
  }
}

function downloadOnce(url: string, options: MediaDownloadOptions): Promise<string> {
  return withTimeoutSignal(options.timeoutMs, (timedOut) => downloadWithin(url, options, timedOut));
}

/** The failure of a request the egress guard made or refused, as a provider-call failure. */
export function egressFailure(
  error: unknown,
  callerSignal: AbortSignal | undefined,
  timedOut: AbortSignal,
): ProviderCallError {
  if (error instanceof ProviderCallError) return error;
  if (error instanceof EgressRefusedError) {
    return new ProviderCallError('refused', error.message, undefined, { cause: error });
  }
  if (error instanceof EgressRedirectError) {
    return new ProviderCallError('malformed', error.message, undefined, { cause: error });
  }
  if (callerSignal?.aborted) {
    return new ProviderCallError('aborted', 'the caller aborted', undefined, { cause: error });
  }
  if (timedOut.aborted || error instanceof EgressTimeoutError) {
    return new ProviderCallError('timeout', 'download timed out', undefined, { cause: error });
  }
  return new ProviderCallError('network', 'download interrupted', undefined, { cause: error });
}

/** One download attempt, bounded by `timedOut` (this attempt's timeout) and the caller's signal. */
async function downloadWithin(
  url: string,
  options: MediaDownloadOptions,
  timedOut: AbortSignal,
): Promise<string> {
  const signal = anySignal([options.signal, timedOut]);
  const classify = (error: unknown) => egressFailure(error, options.signal, timedOut);

  let response: EgressResponse;
  try {
    response = await options.egress.request(url, {
      signal,
      timeoutMs: options.timeoutMs,
      maxRedirects: MAX_REDIRECTS,
      originHeaders: options.cookie ? { cookie: options.cookie } : undefined,
      headers: { accept: `${options.kind}/*,*/*;q=0.5` },
    });
  } catch (error) {
    throw classify(error);
  }
  if (response.status !== 200) {
    response.discard();
    const status = response.status;
    const expired = status === 403 || status === 404 || status === 410;
    throw new ProviderCallError('http', `media answered HTTP ${status}`, status, {
      media: expired ? 'expired' : undefined,
    });
  }
  const type = mediaType(response);
  if (!isMediaType(type, options.kind)) {
    response.discard();
    throw new ProviderCallError('malformed', `content type ${type || 'missing'}`, undefined, {
      media: 'not_media',
    });
  }
  const declared = headerNumber(response.header('content-length') ?? null);
  if (declared !== undefined && declared > options.maxBytes) {
    response.discard();
    throw tooLarge(options.maxBytes);
  }

  const path = await newMediaTempPath(options.kind, EXTENSIONS[type]);
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > options.maxBytes) callback(tooLarge(options.maxBytes));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(response.body, counter, createWriteStream(path), { signal });
    if (declared !== undefined && received !== declared) {
      throw new ProviderCallError('malformed', 'media file is truncated', undefined, {
        media: 'truncated',
      });
    }
    if (received === 0) {
      throw new ProviderCallError('malformed', 'media file is empty', undefined, {
        media: 'empty',
      });
    }
    return path;
  } catch (error) {
    response.discard();
    await rm(path, { force: true });
    const failure = classify(error);
    // The answer had started (200 and headers): a connection failure now cuts the file short.
    if (failure.kind === 'network') {
      throw new ProviderCallError('network', 'download cut off', undefined, {
        cause: error,
        media: 'truncated',
      });
    }
    throw failure;
  }
}

function tooLarge(maxBytes: number): ProviderCallError {
  return new ProviderCallError(
    'malformed',
    `it is larger than ${formatBytes(maxBytes)}`,
    undefined,
    {
      media: 'too_large',
    },
  );
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${bytes} bytes`;
}

function headerNumber(value: string | null): number | undefined {
  if (value === null) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/ogg': 'ogg',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

function mediaType(response: EgressResponse): string {
  return (response.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * What a CDN may answer for a video or a sound: the kind's own family (a sound is often served
 * as `video/mp4`, an m4a), the generic byte types, or no type at all (ffprobe judges the bytes).
 * A page, JSON or an image is refused: it is an error or a block page, not the file.
 */
function isMediaType(type: string, kind: MediaKind): boolean {
  if (type === '' || GENERIC_TYPES.has(type)) return true;
  // A cover is an image (never an SVG: markup, not pixels); a video or a sound never is.
  if (kind === 'image') return type.startsWith('image/') && type !== 'image/svg+xml';
  if (type.startsWith('video/')) return true;
  return kind === 'audio' && type.startsWith('audio/');
}

const GENERIC_TYPES = new Set([
  'application/octet-stream',
  'binary/octet-stream',
  'application/mp4',
  'application/x-mp4',
]);
