import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError } from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { normaliseEmail } from '../accounts/accounts.service';
import { sha256Hex } from '../common/crypto/tokens';

/** Failures counted within this window. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures before each further attempt is slowed down. */
export const SLOW_DOWN_AFTER = 3;
/** Failures after which the e-mail is locked for LOCK_MS, whatever the password. */
export const LOCK_AFTER = 10;
export const LOCK_MS = 15 * 60_000;
const MAX_DELAY_MS = 2_000;

/**
 * For `beforeAttempt`'s upsert: the stored count is over (its window has passed and no lock is
 * in force), so this attempt is the first of a new count. $2 is the window in seconds.
 */
const STARTS_AFRESH = `(f.first_failure_at < now() - make_interval(secs => $2)
  AND (f.locked_until IS NULL OR f.locked_until <= now()))`;

/**
 * Repeated failed sign-ins for one e-mail slow down, then lock it for a while. Kept in Postgres
 * (keyed by a hash of the e-mail) so every instance enforces the same limit.
 *
 * Each attempt is counted before its password is checked, in one atomic statement, and counts
 * as a failure until `recordSuccess` clears the counter. So parallel attempts cannot all pass a
 * check made before any of them was recorded: at most LOCK_AFTER passwords are tried per
 * e-mail and window, however many requests arrive at once.
 */
@Injectable()
export class SignInThrottle {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private key(email: string): string {
    return sha256Hex(`sign-in:${normaliseEmail(email)}`);
  }

  /**
   * Counts this attempt, then throws 429 if it is over the cap (refused before any password
   * check, and not counted further) or waits a little more for each earlier recent failure.
   * The LOCK_AFTER-th attempt starts the lock; `recordSuccess` lifts it if its password is right.
   */
  async beforeAttempt(email: string): Promise<void> {
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
      [this.key(email), FAILURE_WINDOW_MS / 1000, LOCK_AFTER, LOCK_MS / 1000],
    );
    const { failures, retry_after: retryAfter } = rows[0];
    if (failures > LOCK_AFTER) {
      throw new DomainError(
        'rate_limited',
        'Too many failed sign-ins for this e-mail. Try again later or reset the password.',
        { headers: { 'Retry-After': String(retryAfter ?? Math.ceil(LOCK_MS / 1000)) } },
      );
    }
    const earlier = failures - 1;
    if (earlier >= SLOW_DOWN_AFTER) {
      const delay = Math.min(MAX_DELAY_MS, 250 * 2 ** (earlier - SLOW_DOWN_AFTER));
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  /** A correct password clears the e-mail's count (and a lock it just reached). */
  async recordSuccess(email: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM sign_in_failures WHERE email_hash = $1`, [
      this.key(email),
    ]);
  }
}
