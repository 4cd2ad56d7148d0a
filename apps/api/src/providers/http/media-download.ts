import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isIP } from 'node:net';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { isPublicAddress } from '@reelscout/domain';
import { anySignal, sleep, withTimeoutSignal } from '../../common/async/abort';
import { ProviderCallError } from './provider-call.error';
import type { FetchLike } from './provider-http.client';
import type { MediaKind } from '../provider.types';

/** Every downloaded or copied media file lives here until its caller deletes it. */
export function mediaTempDir(): string {
  return join(tmpdir(), 'reelscout-media');
}

/** A fresh, unique path in `mediaTempDir()` (the directory is created). */
export async function newMediaTempPath(kind: MediaKind, extension?: string): Promise<string> {
  const dir = mediaTempDir();
  await mkdir(dir, { recursive: true });
  return join(dir, `${randomUUID()}.${extension ?? (kind === 'video' ? 'mp4' : 'm4a')}`);
}

export interface MediaDownloadOptions {
  maxBytes: number;
  kind: MediaKind;
  timeoutMs: number;
  /** Attempts after the first for 5xx and network errors. */
  retries?: number;
  signal?: AbortSignal;
  fetch?: FetchLike;
  /**
   * Allow hosts that are private, loopback or link-local IP addresses (tests only: the fakes
   * listen on 127.0.0.1). Host names are not resolved here; CDN names are trusted.
   */
  allowPrivateHosts?: boolean;
  /** `Cookie` for the URL's own host (a redirect to another host goes without it). */
  cookie?: string | null;
}

/** Redirects followed for one media URL (CDNs hop once or twice). */
const MAX_REDIRECTS = 3;

/**
 * Streams `url` to a new temp file and returns its path. Never sends our provider credentials
 * (media lives on the platforms' CDNs). Fails with `ProviderCallError` — and removes the partial
 * file — when the answer is not 200, larger than `maxBytes`, shorter than its Content-Length,
 * cut off, or slower than `timeoutMs` in total.
 */
export async function downloadToTempFile(
  url: string,
  options: MediaDownloadOptions,
): Promise<string> {
  const parsed = safeMediaUrl(url, options.allowPrivateHosts);
  const retries = options.retries ?? 1;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await downloadOnce(parsed, options);
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

/** True when a provider-given media URL may be fetched (http(s), not a private IP literal). */
export function isFetchableMediaUrl(url: string, allowPrivateHosts = false): boolean {
  try {
    safeMediaUrl(url, allowPrivateHosts);
    return true;
  } catch {
    return false;
  }
}

function safeMediaUrl(url: string | URL, allowPrivateHosts = false): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ProviderCallError('malformed', 'media URL is not a URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ProviderCallError('malformed', 'media URL is not http(s)');
  }
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (
    !allowPrivateHosts &&
    (host === 'localhost' || (isIP(host) !== 0 && !isPublicAddress(host)))
  ) {
    throw new ProviderCallError('malformed', 'media URL points to a private address');
  }
  return parsed;
}

function downloadOnce(url: URL, options: MediaDownloadOptions): Promise<string> {
  return withTimeoutSignal(options.timeoutMs, (timedOut) => downloadWithin(url, options, timedOut));
}

/** One download attempt, bounded by `timedOut` (this attempt's timeout) and the caller's signal. */
async function downloadWithin(
  url: URL,
  options: MediaDownloadOptions,
  timedOut: AbortSignal,
): Promise<string> {
  const signal = anySignal([options.signal, timedOut]);
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const classify = (error: unknown): ProviderCallError => {
    if (error instanceof ProviderCallError) return error;
    if (options.signal?.aborted) {
      return new ProviderCallError('aborted', 'the caller aborted', undefined, { cause: error });
    }
    if (timedOut.aborted) {
      return new ProviderCallError('timeout', 'download timed out', undefined, { cause: error });
    }
    return new ProviderCallError('network', 'download interrupted', undefined, { cause: error });
  };

  // Redirects are followed by hand so that every hop's address is checked.
  let response: Response;
  let target = url;
  for (let hop = 0; ; hop += 1) {
    try {
      const cookie = options.cookie && target.host === url.host ? options.cookie : null;
      response = await fetchImpl(target, {
        method: 'GET',
        signal,
        redirect: 'manual',
        ...(cookie ? { headers: { Cookie: cookie } } : {}),
      });
    } catch (error) {
      throw classify(error);
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) break;
    await response.body?.cancel().catch(() => undefined);
    if (hop >= MAX_REDIRECTS) throw new ProviderCallError('malformed', 'too many media redirects');
    target = safeMediaUrl(new URL(location, target), options.allowPrivateHosts);
  }
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    const status = response.status;
    const expired = status === 403 || status === 404 || status === 410;
    throw new ProviderCallError('http', `media answered HTTP ${status}`, status, {
      media: expired ? 'expired' : undefined,
    });
  }
  const declared = headerNumber(response.headers.get('content-length'));
  if (declared !== undefined && declared > options.maxBytes) {
    await response.body.cancel().catch(() => undefined);
    throw tooLarge(options.maxBytes);
  }

  const path = await newMediaTempPath(options.kind, extensionFor(response, options.kind));
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > options.maxBytes) callback(tooLarge(options.maxBytes));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>),
      counter,
      createWriteStream(path),
      { signal },
    );
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
};

function extensionFor(response: Response, kind: MediaKind): string {
  const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  return EXTENSIONS[type] ?? (kind === 'video' ? 'mp4' : 'm4a');
}
