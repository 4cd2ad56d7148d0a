import type { StoredResponse } from '../common/http/replayed-response';
import { createHash } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DomainError } from '@reelscout/domain';
import {
  IdempotencyKeyRepository,
  type IdempotencyScope,
} from '../repositories/idempotency-key.repository';

export type { IdempotencyScope } from '../repositories/idempotency-key.repository';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Kept at least this long (docs/architecture.md §6: at least 24 h). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Statuses of the caller's own making: not stored, so a corrected retry runs. */
const NOT_STORED = new Set([400, 401, 402, 403, 409, 413, 415, 422, 429]);

export type { StoredResponse };

export type BeginResult =
  | { kind: 'proceed' }
  /** Done: its stored response. */
  | { kind: 'replay'; response: StoredResponse }
  /** The key's first request created this job (running or ended): the job answers. */
  | { kind: 'job'; jobId: string };

/** What identifies "the same request": method, path, body and subject. */
export function requestFingerprint(parts: {
  method: string;
  path: string;
  body: unknown;
  subject: string | null;
}): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        parts.method.toUpperCase(),
        parts.path,
        canonical(parts.body),
        parts.subject,
      ]),
    )
    .digest('hex');
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * A response body as a jsonb value Postgres always accepts: the body's JSON text, held as a JSON
 * string. jsonb refuses `\u0000` and unpaired surrogates, which a body can carry when it echoes
 * the caller's text; storing the body itself then failed after the charge was captured (a 500
 * for a charged call).
 */
export function toStoredBody(body: unknown): string {
  return JSON.stringify(JSON.stringify(body));
}

/** The body `toStoredBody` stored (rows stored earlier hold the body itself). */
export function fromStoredBody(stored: unknown): unknown {
  return typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored;
}

export function parseIdempotencyKey(raw: unknown): string | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) {
    throw new DomainError(
      'invalid_request',
      '`Idempotency-Key` must be 1–255 printable ASCII characters without spaces.',
      { param: 'Idempotency-Key' },
    );
  }
  return raw;
}

/**
 * Idempotency-Key handling (docs/architecture.md §6), in Postgres so every instance agrees:
 * the first request with a key runs and its response is stored; the same request again gets
 * the stored response; a different request with the key gets 422; the same key while the
 * first still runs gets 409. A crashed request's lock expires after its deadline plus a margin.
 */
@Injectable()
export class IdempotencyService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Idempotency');
  private cleaner?: NodeJS.Timeout;

  constructor(private readonly keys: IdempotencyKeyRepository) {}

  onModuleInit(): void {
    this.cleaner = setInterval(() => {
      this.deleteExpired().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'cleanup failed'),
      );
    }, 10 * 60_000);
    this.cleaner.unref();
  }

  onModuleDestroy(): void {
    if (this.cleaner) clearInterval(this.cleaner);
  }

  /**
   * Claims the key for a new request that will create job `jobId`. When the key is taken: the
   * stored response (`replay`), or the job its first request created (`job`, still running).
   */
  async begin(
    scope: IdempotencyScope,
    fingerprint: string,
    lockMs: number,
    jobId: string | null = null,
  ): Promise<BeginResult> {
    const claimed = await this.keys.claim(
      scope,
      fingerprint,
      { lockSeconds: lockMs / 1000, retentionSeconds: IDEMPOTENCY_RETENTION_MS / 1000 },
      jobId,
    );
    if (claimed) return { kind: 'proceed' };

    const row = await this.keys.get(scope);
    if (!row) return this.begin(scope, fingerprint, lockMs, jobId); // released meanwhile: try again
    if (row.request_hash !== fingerprint) {
      throw new DomainError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request.',
        { param: 'Idempotency-Key' },
      );
    }
    // A job's key is answered from the job (running or ended): its row is the stored answer.
    if (row.job_id && row.job_exists) return { kind: 'job', jobId: row.job_id };
    if (row.state === 'done') {
      return {
        kind: 'replay',
        response: {
          status: row.response_status!,
          body: fromStoredBody(row.response_body),
          headers: row.response_headers ?? {},
        },
      };
    }
    if (row.lock_expired) {
      // The first request died without finishing (before its job existed): take its place.
      const taken = await this.keys.takeOverExpiredLock(scope, lockMs / 1000, jobId);
      if (taken) return { kind: 'proceed' };
    }
    throw new DomainError(
      'idempotency_key_in_use',
      'A request with this Idempotency-Key is still running; retry after it finishes.',
      { param: 'Idempotency-Key' },
    );
  }

  /** Stores the outcome (or releases the key for statuses of the caller's own making). */
  async finish(scope: IdempotencyScope, response: StoredResponse): Promise<void> {
    if (NOT_STORED.has(response.status)) {
      await this.release(scope);
      return;
    }
    await this.keys.saveResponse(scope, {
      status: response.status,
      body: toStoredBody(response.body),
      headers: JSON.stringify(response.headers),
    });
  }

  async release(scope: IdempotencyScope): Promise<void> {
    await this.keys.deleteRunning(scope);
  }

  deleteExpired(): Promise<number> {
    return this.keys.deleteExpired();
  }
}
