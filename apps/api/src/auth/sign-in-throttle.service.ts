import { Injectable } from '@nestjs/common';
import { DomainError } from '@reelscout/domain';
import type { EntityManager } from 'typeorm';
import { normaliseEmail } from '../accounts/accounts.service';
import { sha256Hex } from '../common/crypto/tokens';
import { SignInFailureRepository } from '../repositories/sign-in-failure.repository';

/** Failures counted within this window. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures before each further attempt is slowed down. */
export const SLOW_DOWN_AFTER = 3;
/** Failures after which the e-mail is locked for LOCK_MS, whatever the password. */
export const LOCK_AFTER = 10;
export const LOCK_MS = 15 * 60_000;
const MAX_DELAY_MS = 2_000;

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
  constructor(private readonly failures: SignInFailureRepository) {}

  private key(email: string): string {
    return sha256Hex(`sign-in:${normaliseEmail(email)}`);
  }

  /**
   * Counts this attempt, then throws 429 if it is over the cap (refused before any password
   * check, and not counted further) or waits a little more for each earlier recent failure.
   * The LOCK_AFTER-th attempt starts the lock; `recordSuccess` lifts it if its password is right.
   */
  async beforeAttempt(email: string): Promise<void> {
    const { failures, retryAfter } = await this.failures.countAttempt(this.key(email), {
      windowSeconds: FAILURE_WINDOW_MS / 1000,
      lockAfter: LOCK_AFTER,
      lockSeconds: LOCK_MS / 1000,
    });
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
    await this.reset(email);
  }

  /** Clears the e-mail's count and lock (inside the caller's transaction, when given). */
  async reset(email: string, manager?: EntityManager): Promise<void> {
    await this.failures.deleteByEmailHash(this.key(email), manager);
  }
}
