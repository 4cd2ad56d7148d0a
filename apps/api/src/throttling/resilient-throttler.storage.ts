import { randomUUID } from 'node:crypto';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';
import { withTimeout } from '../common/redis/with-timeout';
import { WindowCounters } from './window-counters';
import { watchRedis } from '../common/observability/observe';

/** A counter call to Redis that takes longer than this falls back to memory. */
const WARN_EVERY_MS = 30_000;
const THROTTLER_NAME = 'rl';
/**
 * The ceiling handed to the Redis store: never reached, so its script never writes a block key.
 * (Its block key is what resets a counter: with a 1 ms block, a request landing on the
 * millisecond the block expires finds it with PTTL 0 and restarts the window at 1 hit.)
 */
const NEVER_BLOCK = Number.MAX_SAFE_INTEGER;

/** One counted request. */
export interface CounterVerdict {
  /** Requests counted against the ceiling in the current window (at least `limit + 1` when refused). */
  totalHits: number;
  /** Over the ceiling: this request is refused, and so is every other until the window ends. */
  refused: boolean;
  /** Seconds until the window ends (when refused: until there is room again). At least 1. */
  resetSeconds: number;
}

/** Which store holds an in-flight slot: its release goes to the same store. */
export interface InFlightLease {
  store: 'redis' | 'memory';
  key: string;
  id: string;
}

/**
 * In-flight slots in Redis: a sorted set per key, one member per running call, scored with its
 * own expiry (Redis' clock, so instances' clocks never matter). Expired members are dropped
 * before counting, so a slot whose release was lost (a crash, Redis down at that moment) stops
 * counting after `ttl` however busy the key stays. A refused attempt writes nothing.
 * KEYS[1] the set; ARGV: member, ttl ms, cap. Returns {1, count} when taken, {0, count} if not.
 */
const ACQUIRE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local count = redis.call('ZCARD', KEYS[1])
if count >= tonumber(ARGV[3]) then
  return {0, count}
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return {1, count + 1}
`;

/**
 * Rate-limit counters in Redis when REDIS_URL is set, so every instance shares one set of
 * ceilings; in memory otherwise. If Redis stops answering, the API keeps serving on
 * per-instance counters with a logged warning, and /health reports `degraded`.
 *
 * Request counters (`count`) have one semantics in both stores: a fixed window per counter
 * (starting at its first hit, `windowMs` long); every request is counted, refused ones too, so a
 * key over its ceiling stays refused until its window ends.
 * - Redis (@nest-lab/throttler-storage-redis): over the ceiling means refused until the window's
 *   key expires. The store is never asked to block (see NEVER_BLOCK).
 * - memory (WindowCounters): one number per counter, constant time per request. (Not
 *   @nestjs/throttler's memory store: it keeps every hit's time for a sliding window, so each
 *   request costs time and memory in proportion to the ceiling.)
 */
export class ResilientThrottlerStorage implements OnApplicationShutdown {
  private readonly logger = new Logger('RateLimits');
  private readonly memory = new WindowCounters();
  /** In-flight slots held in this process: key → (slot id → expiry, epoch ms). */
  private readonly localInFlight = new Map<string, Map<string, number>>();
  readonly redis?: Redis;
  private readonly redisStorage?: ThrottlerStorageRedisService;
  private lastWarning = 0;

  constructor(redisUrl?: string) {
    if (redisUrl) {
      this.redis = new Redis(redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        lazyConnect: false,
        retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      });
      this.redis.on('error', (error: Error) => this.warn(`Redis error: ${error.message}`));
      this.redisStorage = new ThrottlerStorageRedisService(this.redis);
      watchRedis('throttling', this.redis);
    }
  }

  get shared(): boolean {
    return this.redis?.status === 'ready';
  }

  /** Counts one request against `key`'s ceiling of `limit` per `windowMs`. */
  async count(key: string, windowMs: number, limit: number): Promise<CounterVerdict> {
    if (this.redisStorage && this.redis?.status === 'ready') {
      try {
        const record = await withTimeout(
          this.redisStorage.increment(key, windowMs, NEVER_BLOCK, 1, THROTTLER_NAME),
        );
        return {
          totalHits: record.totalHits,
          refused: record.totalHits > limit,
          resetSeconds: Math.max(1, record.timeToExpire),
        };
      } catch (error) {
        this.warn(`Redis counter failed (${(error as Error).message}); using per-instance limits`);
      }
    } else if (this.redisStorage) {
      this.warn('Redis is not connected; using per-instance limits');
    }
    return this.memory.count(key, windowMs, limit);
  }

  /**
   * Takes an in-flight slot for `key` unless `cap` slots are taken; the lease says which store
   * holds it, and `releaseInFlight` gives it back to that same store. A slot nobody releases
   * stops counting after `ttlMs`. Nothing is written for a refused attempt.
   */
  async acquireInFlight(
    key: string,
    cap: number,
    ttlMs: number,
  ): Promise<{ lease: InFlightLease | null; count: number }> {
    const id = randomUUID();
    const redis = this.redis;
    if (redis?.status === 'ready') {
      try {
        const result = await withTimeout(
          redis.eval(ACQUIRE_SCRIPT, 1, key, id, ttlMs, cap) as Promise<[number, number]>,
        ).catch((error: unknown) => {
          // The script may still run after we gave up on it: take its slot back (same
          // connection, so this runs after it).
          redis.zrem(key, id).catch(() => undefined);
          throw error;
        });
        const [taken, count] = result.map(Number);
        if (Number.isFinite(count)) {
          return { lease: taken === 1 ? { store: 'redis', key, id } : null, count };
        }
      } catch (error) {
        this.warn(`Redis in-flight counter failed (${(error as Error).message})`);
      }
    }
    const now = Date.now();
    const slots = this.localInFlight.get(key) ?? new Map<string, number>();
    for (const [slot, expiresAt] of slots) if (expiresAt <= now) slots.delete(slot);
    if (slots.size >= cap) {
      if (slots.size === 0) this.localInFlight.delete(key);
      return { lease: null, count: slots.size };
    }
    slots.set(id, now + ttlMs);
    this.localInFlight.set(key, slots);
    return { lease: { store: 'memory', key, id }, count: slots.size };
  }

  /** Gives a slot back to the store that holds it (never to the other one). */
  async releaseInFlight(lease: InFlightLease): Promise<void> {
    if (lease.store === 'memory') {
      const slots = this.localInFlight.get(lease.key);
      slots?.delete(lease.id);
      if (slots?.size === 0) this.localInFlight.delete(lease.key);
      return;
    }
    const redis = this.redis;
    if (!redis || redis.status !== 'ready') {
      this.warn('Redis is not connected; an in-flight slot there expires on its own');
      return;
    }
    try {
      await withTimeout(redis.zrem(lease.key, lease.id));
    } catch (error) {
      this.warn(
        `Redis in-flight release failed (${(error as Error).message}); the slot expires on its own`,
      );
    }
  }

  /** Slots held for `key` in each store right now (for tests and diagnostics). */
  async inFlight(key: string): Promise<{ redis: number | null; memory: number }> {
    const now = Date.now();
    const memory = [...(this.localInFlight.get(key)?.values() ?? [])].filter((e) => e > now).length;
    let redis: number | null = null;
    if (this.redis?.status === 'ready') {
      const time = await withTimeout(this.redis.time());
      const redisNow = Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000);
      redis = await withTimeout(this.redis.zcount(key, `(${redisNow}`, '+inf'));
    }
    return { redis, memory };
  }

  async ping(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    if (redis.status !== 'ready') {
      // Just started (or reconnecting): give the connection a moment before calling it down.
      await withTimeout(
        new Promise<void>((resolve) => redis.once('ready', () => resolve())),
        1_000,
      );
    }
    await withTimeout(redis.ping(), 1_000);
  }

  private warn(message: string): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn(message);
  }

  async onApplicationShutdown(): Promise<void> {
    this.memory.stop();
    if (this.redis) this.redis.disconnect();
  }
}
