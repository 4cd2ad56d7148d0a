import { createHash, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { abortReason, sleep } from '../../common/async/abort';
import { withTimeout } from '../../common/redis/with-timeout';
import { watchRedis } from '../../common/observability/observe';

/** Redis keys of the shared logs: this prefix, then a hash of the provider key (never the key). */
export const PROVIDER_RATE_KEY_PREFIX = 'reelscout:provider-rate:';

const WINDOW_MS = 1_000;
/** After a failed Redis call, this instance uses its own log for a while instead of Redis. */
const REDIS_PAUSE_AFTER_FAILURE_MS = 1_000;
/** How long the first acquire waits for the initial Redis connection before using memory. */
const FIRST_CONNECT_WAIT_MS = 1_000;
const WARN_EVERY_MS = 30_000;
/** Added to a wait Redis prescribes, so instances waiting on the same slot do not retry at once. */
const MAX_JITTER_MS = 10;

/**
 * A sliding-window log in Redis: a sorted set per provider key, one member per send, scored with
 * Redis' clock in microseconds (so instances' clocks never matter). Entries a full window old
 * are dropped before counting; a refused attempt writes nothing.
 * KEYS[1] the set; ARGV: member, window µs, limit.
 * Returns {1, now µs} when a slot was taken, {0, µs until one frees} when not. (Numbers go out
 * through string.format: Lua's tostring keeps 14 digits, and these have 16.)
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%d', now - window))
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], string.format('%d', now), ARGV[1])
  redis.call('PEXPIRE', KEYS[1], string.format('%d', math.ceil(window / 1000)))
  return {1, string.format('%d', now)}
end
local blocking = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
return {0, string.format('%d', tonumber(blocking[2]) + window - now)}
`;

export interface ProviderRateLimiter {
  /** Resolves when this caller may send one request; rejects with signal.reason if aborted first. */
  acquire(signal?: AbortSignal): Promise<void>;
  /** Rejects the callers still waiting, and closes the Redis connection. */
  close(): Promise<void>;
}

/** One slot handed out: which log holds it, and when it was taken on that log's clock. */
export interface ProviderRateGrant {
  store: 'redis' | 'memory';
  /** Milliseconds: Redis' clock (epoch, µs precision) for `redis`, `now()` for `memory`. */
  at: number;
}

export interface ProviderRateLimiterOptions {
  /** Identifies the provider key; only its hash is kept. */
  key: string;
  /** Sends allowed in any 1000 ms window. */
  perSecond: number;
  /**
   * Extra spacing added to the 1000 ms window (default 0). Slots are counted when handed out,
   * but the provider counts arrivals: a margin absorbs the jitter between the two, so bursts
   * handed out exactly a window apart never land within one second at the provider.
   */
  marginMs?: number;
  /** Shares the budget with every instance using this Redis; in-process when unset. */
  redisUrl?: string;
  /** The in-process log's clock, in ms: must not go back. `performance.now()` by default. */
  now?: () => number;
  /** Told of every slot handed out (metrics, tests). */
  onGrant?: (grant: ProviderRateGrant) => void;
  /** Jitter source for Redis retries; `Math.random` by default. */
  random?: () => number;
}

/** The Redis key holding `providerKey`'s log: a prefix and the first 16 hex of its SHA-256. */
export function providerRateKey(providerKey: string): string {
  const digest = createHash('sha256').update(providerKey).digest('hex');
  return PROVIDER_RATE_KEY_PREFIX + digest.slice(0, 16);
}

/**
 * A limiter for outbound calls under one provider key: no 1000 ms window ever holds more than
 * `perSecond` sends (a sliding-window log, measured when each slot is handed out). Callers wait
 * their turn in FIFO order instead of collecting 429s.
 *
 * With `redisUrl`, the log is shared by every instance through Redis. If Redis is unreachable
 * (not connected, an error, no answer within 500 ms), a slot is taken from this instance's own
 * log for that attempt instead, with one logged warning per outage, so provider calls never fail
 * because Redis is down. Slots taken on Redis are also written to the instance's log, so falling
 * back does not start this instance from an empty window.
 *
 * Create one per provider key per process: two in-process limiters never share a budget.
 */
export function createProviderRateLimiter(
  options: ProviderRateLimiterOptions,
): ProviderRateLimiter {
  return new SlidingWindowRateLimiter(options);
}

/** Send times in the last window, ascending, on one clock (ms). */
class SlidingWindowLog {
  private readonly stamps: number[] = [];

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Takes a slot at `now` and returns 0, or returns the ms until one frees (> 0). */
  take(now: number): number {
    this.prune(now);
    if (this.stamps.length < this.limit) {
      this.record(now);
      return 0;
    }
    // The send that must leave the window before another fits in it.
    const blocking = this.stamps[this.stamps.length - this.limit];
    return Math.max(blocking + this.windowMs - now, Number.MIN_VALUE);
  }

  /** Counts a send at `now` (one taken elsewhere, e.g. on Redis). */
  record(now: number): void {
    this.prune(now);
    let at = this.stamps.length;
    while (at > 0 && this.stamps[at - 1] > now) at -= 1; // a clock that went back: stay sorted
    this.stamps.splice(at, 0, now);
  }

  private prune(now: number): void {
    let expired = 0;
    while (expired < this.stamps.length && now - this.stamps[expired] >= this.windowMs) {
      expired += 1;
    }
    if (expired > 0) this.stamps.splice(0, expired);
  }
}

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

type Verdict =
  | { granted: true; grant: ProviderRateGrant; release?: () => Promise<void> }
  | { granted: false; waitMs: number };

/** What `createProviderRateLimiter` returns; constructed directly by tests that need `shared`. */
export class SlidingWindowRateLimiter implements ProviderRateLimiter {
  private readonly logger = new Logger('ProviderRateLimit');
  private readonly perSecond: number;
  private readonly redisKey: string;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly onGrant?: (grant: ProviderRateGrant) => void;
  private readonly local: SlidingWindowLog;
  private readonly windowMs: number;
  private readonly redis?: Redis;
  /** Settles once the first connection attempt is over (ready, failed, or waited long enough). */
  private firstConnect?: Promise<void>;
  private firstConnectSettled = true;
  private readonly queue: Waiter[] = [];
  private pumping = false;
  private pumped: Promise<void> = Promise.resolve();
  /** Cuts the pump's sleep short (every waiter gone, or closed). */
  private wake?: AbortController;
  private closed = false;
  private closing?: Promise<void>;
  private redisPausedUntil = 0;
  private degraded = false;
  private warned = false;
  private lastWarning = -Infinity;

  constructor(options: ProviderRateLimiterOptions) {
    if (!options.key) throw new RangeError('a provider rate limiter needs a provider key');
    if (!Number.isInteger(options.perSecond) || options.perSecond < 1) {
      throw new RangeError(`perSecond must be a positive integer, not ${options.perSecond}`);
    }
    this.perSecond = options.perSecond;
    this.redisKey = providerRateKey(options.key);
    this.now = options.now ?? (() => performance.now());
    this.random = options.random ?? Math.random;
    this.onGrant = options.onGrant;
    this.windowMs = WINDOW_MS + Math.max(0, options.marginMs ?? 0);
    this.local = new SlidingWindowLog(options.perSecond, this.windowMs);
    if (options.redisUrl) {
      const redis = new Redis(options.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        // Closing a client whose socket had already failed leaves this timer behind (ioredis
        // waits for a 'close' that has been and gone): keep it short.
        disconnectTimeout: 500,
        lazyConnect: false,
        retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      });
      // Failed calls are reported where they fall back; an unhandled 'error' would crash.
      redis.on('error', (error: Error) => this.logger.debug(`Redis error: ${error.message}`));
      this.redis = redis;
      watchRedis('provider_rate', redis);
      this.firstConnectSettled = false;
      this.firstConnect = new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          redis.off('ready', done).off('error', done).off('end', done);
          this.firstConnectSettled = true;
          resolve();
        };
        const timer = setTimeout(done, FIRST_CONNECT_WAIT_MS);
        timer.unref();
        redis.once('ready', done).once('error', done).once('end', done);
      });
    }
  }

  /** Whether slots come from the shared Redis log right now (false without Redis). */
  get shared(): boolean {
    return this.redis?.status === 'ready';
  }

  acquire(signal?: AbortSignal): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the provider rate limiter is closed'));
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const at = this.queue.indexOf(waiter);
          if (at < 0) return; // already served
          this.queue.splice(at, 1);
          reject(abortReason(signal));
          if (this.queue.length === 0) this.wake?.abort();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.queue.push(waiter);
      this.kick();
    });
  }

  async close(): Promise<void> {
    if (this.closing) return this.closing;
    this.closed = true;
    const error = new Error('the provider rate limiter is closed');
    for (const waiter of this.queue.splice(0)) this.settle(waiter, () => waiter.reject(error));
    this.wake?.abort();
    this.closing = (async () => {
      await this.pumped; // a slot Redis handed out meanwhile goes back before we disconnect
      const redis = this.redis;
      if (!redis) return;
      try {
        await withTimeout(redis.quit(), 1_000);
      } catch {
        redis.disconnect();
      }
    })();
    return this.closing;
  }

  private kick(): void {
    if (this.pumping || this.closed) return;
    this.pumping = true;
    this.pumped = this.pump().catch((error: Error) => {
      this.pumping = false;
      this.logger.error(`rate limiter failed: ${error.message}`);
      const waiters = this.queue.splice(0);
      for (const waiter of waiters) this.settle(waiter, () => waiter.reject(error));
    });
  }

  /**
   * Serves the queue head first: takes a slot for it, or sleeps until the log says one frees.
   * Runs synchronously as far as it can (memory), so free slots are handed out at once.
   */
  private async pump(): Promise<void> {
    try {
      while (!this.closed && this.queue.length > 0) {
        if (!this.firstConnectSettled) await this.firstConnect;
        const verdict =
          (this.redisUsable() ? await this.takeFromRedis() : null) ?? this.takeLocal();
        if (!verdict.granted) {
          if (this.closed || this.queue.length === 0) break; // everyone left while Redis answered
          this.wake = new AbortController();
          try {
            await sleep(verdict.waitMs, this.wake.signal);
          } catch {
            // woken early: every waiter left, or closed
          } finally {
            this.wake = undefined;
          }
          continue;
        }
        // The head may have left while Redis answered: the slot goes to whoever is first now.
        const waiter = this.queue.shift();
        if (!waiter) {
          await verdict.release?.();
          continue;
        }
        if (verdict.grant.store === 'redis') this.local.record(this.now());
        this.settle(waiter, () => waiter.resolve());
        try {
          this.onGrant?.(verdict.grant);
        } catch {
          // an observer's failure is not the caller's
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  private settle(waiter: Waiter, how: () => void): void {
    if (waiter.signal && waiter.onAbort) {
      waiter.signal.removeEventListener('abort', waiter.onAbort);
    }
    how();
  }

  private takeLocal(): Verdict {
    const now = this.now();
    const waitMs = this.local.take(now);
    if (waitMs === 0) return { granted: true, grant: { store: 'memory', at: now } };
    // Timers may fire a little early: the next look re-checks, and waits again if need be.
    return { granted: false, waitMs: Math.max(1, Math.ceil(waitMs)) };
  }

  private redisUsable(): boolean {
    const redis = this.redis;
    if (!redis) return false;
    if (redis.status !== 'ready') {
      this.fallBack('Redis is not connected');
      return false;
    }
    return performance.now() >= this.redisPausedUntil;
  }

  /** A verdict from the shared log, or null when Redis did not give one. */
  private async takeFromRedis(): Promise<Verdict | null> {
    const redis = this.redis!;
    const key = this.redisKey;
    const member = randomUUID();
    const release = () =>
      withTimeout(redis.zrem(key, member)).then(
        () => undefined,
        () => undefined, // the slot then frees itself when the window passes
      );
    try {
      const reply: unknown = await withTimeout(
        redis.eval(TAKE_SCRIPT, 1, key, member, this.windowMs * 1_000, this.perSecond),
      ).catch((error: unknown) => {
        // The script may still run after we gave up on it: take its slot back (same
        // connection, so this runs after it).
        void release();
        throw error;
      });
      if (!Array.isArray(reply) || reply.length !== 2) throw new Error('unexpected reply');
      const [taken, value] = reply.map(Number);
      if (!Number.isFinite(value) || value < 0) throw new Error('unexpected reply');
      this.recovered();
      if (taken === 1) {
        return { granted: true, grant: { store: 'redis', at: value / 1_000 }, release };
      }
      const jitter = this.random() * MAX_JITTER_MS;
      return { granted: false, waitMs: Math.max(1, Math.ceil(value / 1_000 + jitter)) };
    } catch (error) {
      this.redisPausedUntil = performance.now() + REDIS_PAUSE_AFTER_FAILURE_MS;
      this.fallBack(`Redis call failed (${(error as Error).message})`);
      return null;
    }
  }

  private fallBack(reason: string): void {
    if (this.degraded) return;
    this.degraded = true;
    const now = performance.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return; // flapping: one warning is enough
    this.lastWarning = now;
    this.warned = true;
    this.logger.warn(
      `${reason}: provider calls are limited to ${this.perSecond}/s per instance until Redis is back`,
    );
  }

  private recovered(): void {
    if (!this.degraded) return;
    this.degraded = false;
    if (this.warned) this.logger.log('Redis is back: the provider rate limit is shared again');
    this.warned = false;
  }
}
