import { HttpException, HttpStatus } from '@nestjs/common';
import { DomainError, ERROR_STATUS, isErrorCode, type ErrorBody } from '@reelscout/domain';
import type { Response } from 'express';

const CODE_BY_STATUS: Record<number, DomainError['code']> = {
  400: 'invalid_request',
  401: 'unauthorized',
  402: 'insufficient_credit',
  403: 'forbidden',
  404: 'not_found',
  405: 'not_found',
  409: 'idempotency_key_in_use',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'idempotency_key_reused',
  429: 'rate_limited',
  502: 'provider_error',
  503: 'provider_unavailable',
  504: 'timeout',
};

const SAFE_DEFAULT_MESSAGES: Partial<Record<DomainError['code'], string>> = {
  unauthorized: 'A valid API key is required.',
  forbidden: 'This account does not have access to this resource.',
  not_found: 'Not found.',
  rate_limited: 'Too many requests; slow down and retry after the time in Retry-After.',
  internal_error:
    'Something went wrong on our side. Retry later; quote the requestId if it persists.',
};

/**
 * Turns anything thrown into a DomainError that is safe to show.
 * Unknown exceptions become `internal_error` with a fixed message: nothing internal leaks.
 */
export function toDomainError(exception: unknown): DomainError {
  if (exception instanceof DomainError) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'invalid_request');
    const response = exception.getResponse();
    const raw =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? ((response as { message: string }).message as string)
          : undefined;
    const message = status >= 500 ? SAFE_DEFAULT_MESSAGES.internal_error! : raw;
    return new DomainError(code, message ?? SAFE_DEFAULT_MESSAGES[code] ?? 'Request failed.');
  }
  return new DomainError('internal_error', SAFE_DEFAULT_MESSAGES.internal_error!, {
    cause: exception,
  });
}

export function toErrorBody(error: DomainError, requestId: string): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.param !== undefined ? { param: error.param } : {}),
      requestId,
    },
  };
}

/** The code of the error a response answered with (null: it answered no error). */
export function errorCodeOf(res: Response): string | null {
  return (res.locals as { errorCode?: string }).errorCode ?? null;
}

/** Writes the error envelope straight onto an Express response (used by the filter and raw middleware). */
export function sendError(res: Response, error: DomainError, requestId: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  if (error.code === 'unauthorized' && !res.getHeader('WWW-Authenticate')) {
    res.setHeader('WWW-Authenticate', 'Bearer');
  }
  res.locals.errorCode = error.code;
  res.status(isErrorCode(error.code) ? ERROR_STATUS[error.code] : HttpStatus.INTERNAL_SERVER_ERROR);
  res.json(toErrorBody(error, requestId));
}
