import { inspect } from 'node:util';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import {
  createProviderRateLimiter,
  providerRateKey,
  SlidingWindowRateLimiter,
  type ProviderRateGrant,
  type ProviderRateLimiter,
  type ProviderRateLimiterOptions,
} from './provider-rate-limiter';
import {
  redisForTest,
  sleep,
  startRedisServer,
  until,
  type LocalRedis,
} from '../../../test/support/local-servers';

/** The most sends any half-open window of `windowLength` holds (times on one clock). */
function mostInAnyWindow(times: number[], windowLength: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last] - sorted[first] >= windowLength) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** Redis grant times as whole microseconds of Redis' clock (what the script compared). */
const micros = (grants: ProviderRateGrant[]) => grants.map((grant) => Math.round(grant.at * 1_000));

/** Rejects if `promise` has not settled within `ms` (a bound on the wait, not a timing check). */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: not settled within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Settles with the outcome, never rejects: lets a test look at a promise without awaiting it. */
function track(promise: Promise<void>) {
  const state: { settled: boolean; error?: unknown } = { settled: false };
  const done = promise.then(
    () => {
      state.settled = true;
    },
    (error: unknown) => {
      state.settled = true;
      state.error = error;
    },
  );
  return { state, done };
}

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`;

describe('providerRateKey', () => {
  it('is a prefix and 16 hex of a hash: stable, distinct per key, never the key', () => {
    const secret = 'tikhub-secret-0123456789';
    const key = providerRateKey(secret);
    expect(key).toMatch(/^reelscout:provider-rate:[0-9a-f]{16}$/);
    expect(key).not.toContain(secret);
    expect(providerRateKey(secret)).toBe(key);
    expect(providerRateKey(`${secret}x`)).not.toBe(key);
  });

  it('the limiter keeps only the hash', async () => {
    const secret = 'tikhub-secret-abcdef';
    const limiter = createProviderRateLimiter({ key: secret, perSecond: 10 });
    expect(inspect(limiter, { depth: 10, showHidden: true })).not.toContain(secret);
    await limiter.close();
  });

  it('refuses a missing key and a limit that is not a positive integer', () => {
    expect(() => createProviderRateLimiter({ key: '', perSecond: 10 })).toThrow(RangeError);
    expect(() => createProviderRateLimiter({ key: 'k', perSecond: 0 })).toThrow(RangeError);
    expect(() => createProviderRateLimiter({ key: 'k', perSecond: 2.5 })).toThrow(RangeError);
  });
});

describe('in-process limiter (fake clock)', () => {
  // Jest's fake timers drive both the limiter's clock (Date.now) and its timers, so every time
  // below is exact: the limiter's own time when the caller was let through.
  const limiters: ProviderRateLimiter[] = [];
  const make = (perSecond: number, onGrant?: (grant: ProviderRateGrant) => void) => {
    const limiter = createProviderRateLimiter({
      key: unique('memory'),
      perSecond,
      now: () => Date.now(),
      onGrant,
    });
    limiters.push(limiter);
    return limiter;
  };

  beforeEach(() => {
    jest.useFakeTimers({ now: 0 });
  });

  afterEach(async () => {
    await Promise.all(limiters.splice(0).map((limiter) => limiter.close()));
    jest.useRealTimers();
  });

  /** Advances the fake clock in steps until `done()`, at most `maxMs` of fake time. */
  async function advanceUntil(done: () => boolean, maxMs: number, stepMs = 50): Promise<void> {
    for (let elapsed = 0; !done() && elapsed < maxMs; elapsed += stepMs) {
      await jest.advanceTimersByTimeAsync(stepMs);
    }
  }

  it('30 concurrent callers at 10/s go through in order, 10 per second, without idling', async () => {
    const limiter = make(10);
    const resolved: { caller: number; at: number }[] = [];
    for (let caller = 0; caller < 30; caller++) {
      void limiter.acquire().then(() => resolved.push({ caller, at: Date.now() }));
    }
    await advanceUntil(() => resolved.length === 30, 10_000);

    expect(resolved.map((r) => r.caller)).toEqual([...Array(30).keys()]); // FIFO
    expect(
      mostInAnyWindow(
        resolved.map((r) => r.at),
        1_000,
      ),
    ).toBeLessThanOrEqual(10);
    // The wait is exactly what the window requires, no more.
    expect(resolved.map((r) => r.at)).toEqual([
      ...Array<number>(10).fill(0),
      ...Array<number>(10).fill(1_000),
      ...Array<number>(10).fill(2_000),
    ]);
  });

  it('is a sliding window: no burst of 2x the limit across a second boundary', async () => {
    const limiter = make(10);
    const at: number[] = [];
    const take = (n: number) => {
      for (let i = 0; i < n; i++) void limiter.acquire().then(() => at.push(Date.now()));
    };
    take(5);
    await jest.advanceTimersByTimeAsync(900);
    take(5);
    await jest.advanceTimersByTimeAsync(50);
    take(10); // at 950
    await advanceUntil(() => at.length === 20, 10_000);

    expect(mostInAnyWindow(at, 1_000)).toBeLessThanOrEqual(10);
    // A fixed window would let all 10 through at 1000; here only the 5 sends of t=0 have left.
    expect(at).toEqual([
      ...Array<number>(5).fill(0),
      ...Array<number>(5).fill(900),
      ...Array<number>(5).fill(1_000),
      ...Array<number>(5).fill(1_900),
    ]);
  });

  it('a caller aborted while waiting is rejected at once with the reason, and takes no slot', async () => {
    const grants: ProviderRateGrant[] = [];
    const limiter = make(2, (grant) => grants.push(grant));
    await limiter.acquire(); // t=0
    await jest.advanceTimersByTimeAsync(500);
    await limiter.acquire(); // t=500: the window is full until 1000

    await jest.advanceTimersByTimeAsync(100);
    const deadline = new AbortController();
    const aborted = track(limiter.acquire(deadline.signal));
    const next = track(limiter.acquire());
    let nextAt = -1;
    void next.done.then(() => (nextAt = Date.now()));

    await jest.advanceTimersByTimeAsync(100); // t=700
    const reason = new Error('deadline exceeded');
    deadline.abort(reason);
    await aborted.done; // microtasks only: the fake clock has not moved
    expect(aborted.state.error).toBe(reason);
    expect(Date.now()).toBe(700);
    expect(next.state.settled).toBe(false);

    const later = track(limiter.acquire());
    let laterAt = -1;
    void later.done.then(() => (laterAt = Date.now()));
    await advanceUntil(() => later.state.settled, 10_000);

    // The aborted caller's turn went to the next one: the slot of t=0 at 1000, that of t=500 at
    // 1500 (had the aborted caller taken a slot, these would be 1500 and 2000).
    expect([nextAt, laterAt]).toEqual([1_000, 1_500]);
    expect(next.state.error).toBeUndefined();
    expect(grants.map((g) => g.at)).toEqual([0, 500, 1_000, 1_500]);
    expect(
      mostInAnyWindow(
        grants.map((g) => g.at),
        1_000,
      ),
    ).toBeLessThanOrEqual(2);
  });

  it('an already aborted signal is rejected with its reason and takes no slot', async () => {
    const grants: ProviderRateGrant[] = [];
    const limiter = make(1, (grant) => grants.push(grant));
    const reason = new Error('too late');
    await expect(limiter.acquire(AbortSignal.abort(reason))).rejects.toBe(reason);
    await limiter.acquire(); // the only slot is still free: no waiting at t=0
    expect(grants).toEqual([{ store: 'memory', at: 0 }]);
    // Aborting after the slot was given changes nothing.
    const late = new AbortController();
    const pending = limiter.acquire(late.signal);
    await jest.advanceTimersByTimeAsync(1_000);
    await expect(pending).resolves.toBeUndefined();
    late.abort(new Error('after the fact'));
    expect(grants.map((g) => g.at)).toEqual([0, 1_000]);
  });

  it('close rejects the callers still waiting, and any later acquire', async () => {
    const limiter = make(1);
    await limiter.acquire();
    const waiting = track(limiter.acquire());
    await limiter.close();
    await waiting.done;
    expect(String(waiting.state.error)).toContain('closed');
    await expect(limiter.acquire()).rejects.toThrow('closed');
  });
});

describe('Redis-backed limiter', () => {
  let redis: LocalRedis;
  let admin: Redis;
  const limiters: ProviderRateLimiter[] = [];

  beforeAll(async () => {
    Logger.overrideLogger(false); // the fallback warnings are expected here
    // The machine's Redis (REDIS_URL: 127.0.0.1:6379 in CI), else a throwaway redis-server.
    // Either way these tests run: a missing redis-server fails them, it never skips them.
    redis = await redisForTest(process.env.REDIS_URL || undefined);
    admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    await admin.ping();
  });

  afterEach(async () => {
    await Promise.all(limiters.splice(0).map((limiter) => limiter.close()));
    jest.restoreAllMocks();
  });

  afterAll(async () => {
    admin?.disconnect();
    await redis?.stop();
  });

  async function connected(
    options: Omit<ProviderRateLimiterOptions, 'redisUrl'>,
    url = redis.url,
  ): Promise<SlidingWindowRateLimiter> {
    const limiter = new SlidingWindowRateLimiter({ ...options, redisUrl: url });
    limiters.push(limiter);
    await until(() => limiter.shared, 10_000, 'limiter connected to Redis');
    return limiter;
  }

  it('two instances on one key share its budget: 30 callers, never 11 in a second', async () => {
    const key = unique('shared');
    const grants: ProviderRateGrant[] = [];
    const onGrant = (grant: ProviderRateGrant) => grants.push(grant);
    const a = await connected({ key, perSecond: 10, onGrant });
    const b = await connected({ key, perSecond: 10, onGrant });

    const calls: Promise<void>[] = [];
    for (let i = 0; i < 15; i++) calls.push(a.acquire(), b.acquire());
    await within(Promise.all(calls), 20_000, '30 acquires');

    expect(grants).toHaveLength(30);
    expect(grants.every((grant) => grant.store === 'redis')).toBe(true);
    expect(mostInAnyWindow(micros(grants), 1_000_000)).toBeLessThanOrEqual(10);
    // The log is under the hashed key, and expires on its own.
    const logKey = providerRateKey(key);
    expect(await admin.zcard(logKey)).toBeLessThanOrEqual(10);
    const ttl = await admin.pttl(logKey);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1_000);
  });

  it('an instance arriving late in a full window waits for the window to pass (Redis clock)', async () => {
    const key = unique('late');
    const grants: ProviderRateGrant[] = [];
    const onGrant = (grant: ProviderRateGrant) => grants.push(grant);
    const early = await connected({ key, perSecond: 10, onGrant });
    const late = await connected({ key, perSecond: 10, onGrant });
    await within(
      Promise.all(Array.from({ length: 10 }, () => early.acquire())),
      10_000,
      'filling the window',
    );
    // Asks near the end of the window (this sleep only sets up the case; if a busy machine
    // oversleeps, the window has passed and the check below holds trivially).
    await sleep(950);
    await within(late.acquire(), 10_000, 'the late acquire');
    expect(grants).toHaveLength(11);
    expect(mostInAnyWindow(micros(grants), 1_000_000)).toBeLessThanOrEqual(10);
  });

  it('different provider keys have separate budgets', async () => {
    const grantsA: ProviderRateGrant[] = [];
    const grantsB: ProviderRateGrant[] = [];
    const a = await connected({
      key: unique('key-a'),
      perSecond: 10,
      onGrant: (g) => grantsA.push(g),
    });
    const b = await connected({
      key: unique('key-b'),
      perSecond: 10,
      onGrant: (g) => grantsB.push(g),
    });
    const calls: Promise<void>[] = [];
    for (let i = 0; i < 10; i++) calls.push(a.acquire(), b.acquire());
    await within(Promise.all(calls), 20_000, '20 acquires');

    const all = [...grantsA, ...grantsB];
    expect(all.every((grant) => grant.store === 'redis')).toBe(true);
    expect(mostInAnyWindow(micros(grantsA), 1_000_000)).toBeLessThanOrEqual(10);
    expect(mostInAnyWindow(micros(grantsB), 1_000_000)).toBeLessThanOrEqual(10);
    // All 20 within one window of Redis' clock: one shared budget of 10 would never allow that.
    expect(mostInAnyWindow(micros(all), 1_000_000)).toBe(20);
  });

  it('a caller aborted while waiting is rejected at once, takes no slot, and lets no one skip the window', async () => {
    const key = unique('abort');
    const grants: ProviderRateGrant[] = [];
    const limiter = await connected({ key, perSecond: 10, onGrant: (g) => grants.push(g) });
    await within(
      Promise.all(Array.from({ length: 10 }, () => limiter.acquire())),
      10_000,
      'filling the window',
    );

    const deadline = new AbortController();
    const aborted = track(limiter.acquire(deadline.signal));
    const next = track(limiter.acquire());
    const after = track(limiter.acquire());
    await sleep(50); // the limiter is now sleeping until the window has room
    const reason = new Error('deadline exceeded');
    deadline.abort(reason);
    await within(aborted.done, 1_000, 'the aborted acquire');
    expect(aborted.state.error).toBe(reason);
    // Rejected before anyone behind it could go: the window is still full, A added nothing.
    expect(next.state.settled).toBe(false);
    expect(await admin.zcard(providerRateKey(key))).toBe(10);

    await within(Promise.all([next.done, after.done]), 10_000, 'the callers behind');
    expect([next.state.error, after.state.error]).toEqual([undefined, undefined]);
    expect(grants).toHaveLength(12);
    expect(mostInAnyWindow(micros(grants), 1_000_000)).toBeLessThanOrEqual(10);
  });

  it('a slot Redis gives an already aborted caller goes to the next one', async () => {
    const key = unique('handoff');
    const grants: ProviderRateGrant[] = [];
    const limiter = await connected({ key, perSecond: 10, onGrant: (g) => grants.push(g) });
    const deadline = new AbortController();
    const aborted = track(limiter.acquire(deadline.signal)); // its Redis call is on the wire
    const next = track(limiter.acquire());
    const reason = new Error('gone');
    deadline.abort(reason);
    await within(Promise.all([aborted.done, next.done]), 5_000, 'both acquires');
    expect(aborted.state.error).toBe(reason);
    expect(next.state.error).toBeUndefined();
    await limiter.close();
    expect(grants).toHaveLength(1);
    expect(await admin.zcard(providerRateKey(key))).toBe(1);
  });

  it('a slot Redis gives an aborted caller with no one behind it is given back', async () => {
    const key = unique('giveback');
    const grants: ProviderRateGrant[] = [];
    const limiter = await connected({ key, perSecond: 10, onGrant: (g) => grants.push(g) });
    const deadline = new AbortController();
    const aborted = track(limiter.acquire(deadline.signal)); // its Redis call is on the wire
    deadline.abort(new Error('gone'));
    await aborted.done;
    await limiter.close(); // waits for that call's answer and the give-back
    expect(grants).toHaveLength(0);
    expect(await admin.zcard(providerRateKey(key))).toBe(0);
  });

  it('Redis unreachable: callers still go through, limited in-process, with one warning', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const grants: ProviderRateGrant[] = [];
    const limiter = new SlidingWindowRateLimiter({
      key: unique('down'),
      perSecond: 10,
      redisUrl: 'redis://127.0.0.1:1', // nothing listens there
      onGrant: (g) => grants.push(g),
    });
    limiters.push(limiter);
    await within(
      Promise.all(Array.from({ length: 12 }, () => limiter.acquire())),
      10_000,
      '12 acquires',
    );
    expect(grants).toHaveLength(12);
    expect(grants.every((grant) => grant.store === 'memory')).toBe(true);
    expect(
      mostInAnyWindow(
        grants.map((g) => g.at),
        1_000,
      ),
    ).toBeLessThanOrEqual(10);
    const warnings = warn.mock.calls.filter(([message]) =>
      String(message).includes('per instance'),
    );
    expect(warnings).toHaveLength(1);
  });

  it('Redis going down mid-way: the in-process fallback counts the sends made through Redis', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const doomed = await startRedisServer(); // a throwaway server, never the shared one
    try {
      let localNow = 0; // the in-process log's clock, frozen until the test moves it
      const grants: ProviderRateGrant[] = [];
      const limiter = await connected(
        {
          key: unique('failover'),
          perSecond: 10,
          now: () => localNow,
          onGrant: (g) => grants.push(g),
        },
        doomed.url,
      );
      await within(
        Promise.all(Array.from({ length: 6 }, () => limiter.acquire())),
        10_000,
        '6 acquires on Redis',
      );
      expect(grants.map((g) => g.store)).toEqual(Array(6).fill('redis'));

      await doomed.stop('SIGKILL');
      await until(() => !limiter.shared, 10_000, 'Redis seen as down');
      const rest = Array.from({ length: 10 }, () => track(limiter.acquire()));
      await sleep(100);
      // 6 sends in this instance's last second already: 4 more now, the rest must wait.
      expect(grants.slice(6)).toEqual(Array(4).fill({ store: 'memory', at: 0 }));
      expect(rest.filter((call) => call.state.settled)).toHaveLength(4);

      localNow = 1_000; // the window has passed on the in-process clock
      await within(Promise.all(rest.map((call) => call.done)), 10_000, 'the rest');
      expect(rest.every((call) => call.state.error === undefined)).toBe(true);
      expect(grants.slice(10)).toEqual(Array(6).fill({ store: 'memory', at: 1_000 }));
      const warnings = warn.mock.calls.filter(([message]) =>
        String(message).includes('per instance'),
      );
      expect(warnings).toHaveLength(1);
    } finally {
      await doomed.stop('SIGKILL');
    }
  });
});
