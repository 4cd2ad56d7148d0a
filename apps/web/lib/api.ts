import type { ErrorBody } from '@reelscout/domain/errors';
import { localizeApiError } from './api-errors';
import { clientTexts, fillText, pageLocale } from './client-texts';

export interface ApiErrorExtras {
  /** Beside the field `param` names (default: the message). */
  fieldMessage?: string;
  /** The API's own (English) message (default: the message). */
  apiMessage?: string;
}

/**
 * A failed call to the API, carrying the envelope's code, message and offending field. `message`
 * is in the page's language (lib/api-errors.ts) and always safe to show.
 */
export class ApiError extends Error {
  /** The text to show beside the form field `param` names. */
  readonly fieldMessage: string;
  /** What the API itself said, in English (for support, with `requestId`). */
  readonly apiMessage: string;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly requestId?: string,
    extras: ApiErrorExtras = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.fieldMessage = extras.fieldMessage ?? message;
    this.apiMessage = extras.apiMessage ?? message;
  }

  /** From the API's error envelope, its message in `locale` (default: the page's language). */
  static fromBody(status: number, body: ErrorBody, locale = pageLocale()): ApiError {
    const { code, message, param, requestId } = body.error;
    const text = localizeApiError(locale, { code, message, param });
    return new ApiError(status, code, text.message, param, requestId, {
      fieldMessage: text.fieldMessage,
      apiMessage: message,
    });
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
  if (isErrorBody(body)) throw ApiError.fromBody(response.status, body);
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
