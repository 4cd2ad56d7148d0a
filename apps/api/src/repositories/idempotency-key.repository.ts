import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Mode } from '@reelscout/domain';
import { DataSource } from 'typeorm';

/**
 * One Idempotency-Key, scoped to the account and mode, and for a key restricted to some
 * operations to its key line too (`confinedTo`): such a key can neither replay nor block another
 * key's request by sending its Idempotency-Key.
 */
export interface IdempotencyScope {
  accountId: string;
  mode: Mode;
  key: string;
  /** The restricted key's line (`api_keys.spend_owner`); null: the account's shared keys. */
  confinedTo: string | null;
}

/** `idempotency_keys.key_line` of the account's shared keys (the nil UUID: no line). */
export const SHARED_KEY_LINE = '00000000-0000-0000-0000-000000000000';

/** The primary key's values, in its column order: account, mode, key, line. */
const keyOf = (scope: IdempotencyScope): [string, Mode, string, string] => [
  scope.accountId,
  scope.mode,
  scope.key,
  scope.confinedTo ?? SHARED_KEY_LINE,
];

const WHERE_KEY = 'account_id = $1 AND mode = $2 AND key = $3 AND key_line = $4';

export interface IdempotencyKeyRow {
  request_hash: string;
  state: 'running' | 'done';
  lock_expired: boolean;
  response_status: number | null;
  response_body: unknown;
  response_headers: Record<string, string> | null;
  /** The job the key's first request created (null before it did, and for older rows). */
  job_id: string | null;
  /** Whether that job exists (its first request may have died before creating it). */
  job_exists: boolean;
}

/** `idempotency_keys`. Owned by IdempotencyModule (IdempotencyService). */
@Injectable()
export class IdempotencyKeyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Claims the key as `running` unless it exists; whether this call claimed it. */
  async claim(
    scope: IdempotencyScope,
    requestHash: string,
    times: { lockSeconds: number; retentionSeconds: number },
    jobId: string | null,
  ): Promise<boolean> {
    const claimed: unknown[] = await this.dataSource.query(
      `INSERT INTO idempotency_keys (account_id, mode, key, key_line, request_hash, state, locked_until, expires_at, job_id)
       VALUES ($1, $2, $3, $4, $5, 'running', now() + make_interval(secs => $6), now() + make_interval(secs => $7), $8)
       ON CONFLICT (account_id, mode, key, key_line) DO NOTHING
       RETURNING 1`,
      [...keyOf(scope), requestHash, times.lockSeconds, times.retentionSeconds, jobId],
    );
    return claimed.length === 1;
  }

  async get(scope: IdempotencyScope): Promise<IdempotencyKeyRow | null> {
    const rows: IdempotencyKeyRow[] = await this.dataSource.query(
      `SELECT request_hash, state, locked_until < now() AS lock_expired,
              response_status, response_body, response_headers, job_id,
              EXISTS (SELECT 1 FROM jobs WHERE jobs.id = idempotency_keys.job_id) AS job_exists
         FROM idempotency_keys WHERE ${WHERE_KEY}`,
      keyOf(scope),
    );
    return rows[0] ?? null;
  }

  /** Takes over a `running` key whose lock expired (its request died); whether it did. */
  async takeOverExpiredLock(
    scope: IdempotencyScope,
    lockSeconds: number,
    jobId: string | null,
  ): Promise<boolean> {
    const taken: unknown[] = await this.dataSource.query(
      `WITH t AS (
         UPDATE idempotency_keys SET locked_until = now() + make_interval(secs => $5), job_id = $6
          WHERE ${WHERE_KEY} AND state = 'running' AND locked_until < now()
          RETURNING 1)
       SELECT 1 FROM t`,
      [...keyOf(scope), lockSeconds, jobId],
    );
    return taken.length === 1;
  }

  /** Marks the key `done` with its response (`body` and `headers` as JSON text). */
  async saveResponse(
    scope: IdempotencyScope,
    response: { status: number; body: string; headers: string },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_keys
          SET state = 'done', response_status = $5, response_body = $6, response_headers = $7
        WHERE ${WHERE_KEY}`,
      [...keyOf(scope), response.status, response.body, response.headers],
    );
  }

  /** Releases a key that is still `running`. */
  async deleteRunning(scope: IdempotencyScope): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE ${WHERE_KEY} AND state = 'running'`,
      keyOf(scope),
    );
  }

  /** Deletes keys past their retention; how many. */
  async deleteExpired(): Promise<number> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH gone AS (DELETE FROM idempotency_keys WHERE expires_at < now() RETURNING 1) SELECT 1 FROM gone`,
    );
    return rows.length;
  }
}
