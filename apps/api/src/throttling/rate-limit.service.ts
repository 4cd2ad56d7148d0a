import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { DomainError } from '@reelscout/domain';
import type { Response } from 'express';
import { throttlingConfig } from '../config';
import { attachInFlightSlot, InFlightSlot } from './in-flight-slot';
import { parseOverrides, type RateLimitConfig } from './rate-limit.config';
import { ResilientThrottlerStorage } from './resilient-throttler.storage';

export const THROTTLER_STORAGE = Symbol('THROTTLER_STORAGE');
const WINDOW_MS = 60_000;
/**
 * An in-flight slot whose release was lost (a crashed instance, Redis down at that moment)
 * stops counting after this: longer than the longest deadline (300 s) plus its margin.
 */
const IN_FLIGHT_TTL_MS = 6 * 60_000;

export interface Counter {
  key: string;
  limit: number;
}

interface Verdict {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * The rules of the rate ceilings. Counters come from @nestjs/throttler's storage (Redis or
 * memory); the guards decide which counters a request touches.
 */
@Injectable()
export class RateLimitService {
  readonly config: RateLimitConfig;

  constructor(
    @Inject(THROTTLER_STORAGE) readonly storage: ResilientThrottlerStorage,
    @Inject(throttlingConfig.KEY) env: ConfigType<typeof throttlingConfig>,
  ) {
    this.config = {
      defaults: {
        perKey: env.perKeyPerMin,
        perSubject: env.perSubjectPerMin,
        inFlight: env.inFlightPerKey,
      },
      overrides: parseOverrides(env.overrides),
    };
  }

  /**
   * Counts one hit on each counter; sets RateLimit-* for the tightest one; throws 429 with
   * Retry-After when any is over its ceiling.
   */
  async hit(res: Response, counters: Counter[]): Promise<void> {
    const blocked = await this.count(res, counters);
    if (blocked) throw rateLimited(blocked);
  }

  /**
   * Counts one hit on each counter where no response is at hand (work a request set off, deep in
   * a service): no RateLimit-* headers, the same 429 with Retry-After as `hit`.
   */
  async take(counters: Counter[]): Promise<void> {
    const blocked = await this.count(null, counters);
    if (blocked) throw rateLimited(blocked);
  }

  /**
   * Counts one hit on each counter and sets RateLimit-* for the tightest one (when given a
   * response), without refusing: returns the verdict of the counter that is over its ceiling
   * (the longest wait), if any.
   */
  async count(res: Response | null, counters: Counter[]): Promise<Verdict | undefined> {
    let tightest: Verdict | undefined;
    let blocked: Verdict | undefined;
    for (const counter of counters) {
      const record = await this.storage.count(counter.key, WINDOW_MS, counter.limit);
      const verdict: Verdict = {
        limit: counter.limit,
        remaining: Math.max(0, counter.limit - record.totalHits),
        resetSeconds: record.resetSeconds,
      };
      if (!tightest || verdict.remaining < tightest.remaining) tightest = verdict;
      if (record.refused && (!blocked || verdict.resetSeconds > blocked.resetSeconds)) {
        blocked = verdict;
      }
    }
    if (tightest && res) setRateLimitHeaders(res, tightest);
    return blocked;
  }

  /**
   * Takes an in-flight slot of `counterKey` (cap `cap`), or 429. The slot is tied to the
   * response: the operation that runs gives it back when it settles (see InFlightSlot), a call
   * that never reaches its operation when its response ends.
   */
  async enter(res: Response, counterKey: string, cap: number): Promise<InFlightSlot> {
    const { lease } = await this.storage.acquireInFlight(
      `inflight:${counterKey}`,
      cap,
      IN_FLIGHT_TTL_MS,
    );
    if (!lease) {
      throw new DomainError(
        'rate_limited',
        `This key already has ${cap} slow operations running; retry when one finishes.`,
        { headers: { 'Retry-After': '5' } },
      );
    }
    const slot = new InFlightSlot(() => this.storage.releaseInFlight(lease));
    attachInFlightSlot(res, slot);
    return slot;
  }
}

function rateLimited(blocked: Verdict): DomainError {
  return new DomainError(
    'rate_limited',
    'Too many requests; slow down and retry after the time in Retry-After.',
    { headers: { 'Retry-After': String(blocked.resetSeconds) } },
  );
}

function setRateLimitHeaders(res: Response, verdict: Verdict): void {
  res.setHeader('RateLimit-Limit', String(verdict.limit));
  res.setHeader('RateLimit-Remaining', String(verdict.remaining));
  res.setHeader('RateLimit-Reset', String(verdict.resetSeconds));
}
