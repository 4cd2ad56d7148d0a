import type { ErrorBody } from '@reelscout/domain/errors';
import { clientTexts, fillText } from './client-texts';

/** A failed call to the API, carrying the envelope's code, message and offending field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ApiOptions {
  method?: Method;
  /** Sent as JSON; state-changing requests always carry `Content-Type: application/json`. */
  body?: unknown;
  signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is ErrorBody {
  const error = (value as ErrorBody | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/**
 * Calls the API through the dashboard's same-origin proxy (`/auth/*`, `/account/*`; lib/api-proxy.ts), so the
 * session cookie stays first-party. Resolves with the parsed JSON body; rejects with ApiError,
 * whose message is always safe to show (never a stack trace or an HTML error page).
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network', clientTexts().network);
  }
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (response.ok) return body as T;
  if (isErrorBody(body)) {
    const { code, message, param, requestId } = body.error;
    throw new ApiError(response.status, code, message, param, requestId);
  }
  throw new ApiError(
    response.status,
    'unexpected_response',
    response.status >= 500
      ? fillText(clientTexts().serverError, { status: response.status })
      : fillText(clientTexts().requestFailed, { status: response.status }),
  );
}

/** `{a: 'x', b: undefined}` → `?a=x`; empty values are left out. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Where to go after signing in: only a path on this site (no `//host` or absolute URL). */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
