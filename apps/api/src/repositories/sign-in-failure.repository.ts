import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * For `countAttempt`'s upsert: the stored count is over (its window has passed and no lock is
 * in force), so this attempt is the first of a new count. $2 is the window in seconds.
 */
const STARTS_AFRESH = `(f.first_failure_at < now() - make_interval(secs => $2)
  AND (f.locked_until IS NULL OR f.locked_until <= now()))`;

export interface AttemptCount {
  /** Attempts in the window, this one included (capped at lockAfter + 1). */
  failures: number;
  /** Seconds until the lock ends, when one is in force. */
  retryAfter: number | null;
}

/** `sign_in_failures`. Owned by AuthModule (SignInThrottle). Keyed by a hash of the e-mail. */
@Injectable()
export class SignInFailureRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Counts one attempt in one atomic statement: a new window starts afresh, the `lockAfter`-th
   * attempt starts a lock of `lockSeconds`.
   */
  async countAttempt(
    emailHash: string,
    limits: { windowSeconds: number; lockAfter: number; lockSeconds: number },
  ): Promise<AttemptCount> {
    const rows: { failures: number; retry_after: number | null }[] = await this.dataSource.query(
      `INSERT INTO sign_in_failures AS f (email_hash, failures, first_failure_at)
         VALUES ($1, 1, now())
         ON CONFLICT (email_hash) DO UPDATE SET
           failures = CASE WHEN ${STARTS_AFRESH} THEN 1 ELSE LEAST(f.failures + 1, $3 + 1) END,
           first_failure_at = CASE WHEN ${STARTS_AFRESH} THEN now() ELSE f.first_failure_at END,
           locked_until = CASE WHEN ${STARTS_AFRESH} THEN NULL
                               WHEN f.failures + 1 = $3 THEN now() + make_interval(secs => $4)
                               ELSE f.locked_until END
         RETURNING f.failures,
           CASE WHEN f.locked_until > now()
                THEN GREATEST(1, ceil(extract(epoch FROM f.locked_until - now())))::int
           END AS retry_after`,
      [emailHash, limits.windowSeconds, limits.lockAfter, limits.lockSeconds],
    );
    return { failures: rows[0].failures, retryAfter: rows[0].retry_after };
  }

  async deleteByEmailHash(
    emailHash: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(`DELETE FROM sign_in_failures WHERE email_hash = $1`, [emailHash]);
  }
}
