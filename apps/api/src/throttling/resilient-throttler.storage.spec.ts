import net from 'node:net';
import { Worker } from 'node:worker_threads';
import { Logger } from '@nestjs/common';
import { withTimeout } from '../common/redis/with-timeout';
import { ResilientThrottlerStorage } from './resilient-throttler.storage';
import { sleep, startRedisServer, until, type LocalRedis } from '../../test/support/local-servers';

/** Blocks the event loop, as a GC pause or a busy CPU does. */
function stall(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
}

describe('withTimeout (Redis counter calls)', () => {
  // The echo server runs on its own thread, as Redis runs in its own process: it answers while
  // this thread's event loop is stalled. It counts the replies it has handed to the kernel in
  // `written`, which this thread can read (and wait on) while its event loop is blocked.
  let worker: Worker;
  let port: number;
  const written = new Int32Array(new SharedArrayBuffer(4));

  beforeAll(async () => {
    worker = new Worker(
      `const net = require('node:net');
       const { parentPort, workerData } = require('node:worker_threads');
       const written = new Int32Array(workerData.written);
       const server = net.createServer((socket) => {
         socket.on('error', () => undefined);
         socket.on('data', (data) =>
           socket.write(data, () => {
             Atomics.add(written, 0, 1);
             Atomics.notify(written, 0);
           }),
         );
       });
       server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));`,
      { eval: true, workerData: { written: written.buffer } },
    );
    port = await new Promise<number>((resolve) => worker.once('message', resolve));
  });

  afterAll(() => worker.terminate());

  /** Sends one line and resolves with the echo, like a Redis round trip. */
  async function roundTrip(): Promise<{ reply: Promise<string>; close: () => void }> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const reply = new Promise<string>((resolve) =>
      socket.once('data', (data) => resolve(String(data))),
    );
    socket.write('PING\r\n');
    return { reply, close: () => socket.destroy() };
  }

  it('a reply that arrived during an event-loop stall wins over the timer', async () => {
    const before = Atomics.load(written, 0);
    const call = await roundTrip();
    try {
      const result = withTimeout(call.reply, 50);
      const stalledAt = Date.now();
      // Our loop is blocked (Atomics.wait blocks this thread) until the echo server has written
      // its reply (at most 5 s), then for a margin that lets loopback deliver it, and in all
      // well past the 50 ms timeout: when the loop runs again, both the reply and the timer
      // are due.
      const replied = Atomics.wait(written, 0, before, 5_000) !== 'timed-out';
      stall(Math.max(100, stalledAt + 200 - Date.now()));
      if (!replied) {
        await result.catch(() => undefined);
        throw new Error('the echo server did not reply within 5 s');
      }
      await expect(result).resolves.toBe('PING\r\n');
    } finally {
      call.close();
    }
  });

  it('a call that gets no answer still times out', async () => {
    await expect(withTimeout(new Promise<never>(() => undefined), 30)).rejects.toThrow(
      'timed out after 30 ms',
    );
  });
});

describe('ResilientThrottlerStorage', () => {
  let redis: LocalRedis;
  const storages: ResilientThrottlerStorage[] = [];

  beforeAll(async () => {
    Logger.overrideLogger(false); // the fallback warnings are expected here
    redis = await startRedisServer();
  });

  afterAll(async () => {
    await Promise.all(storages.map((storage) => storage.onApplicationShutdown()));
    await redis.stop('SIGKILL');
  });

  async function connected(): Promise<ResilientThrottlerStorage> {
    const storage = new ResilientThrottlerStorage(redis.url);
    storages.push(storage);
    await until(() => storage.shared, 10_000, 'Redis ready');
    return storage;
  }

  function inMemory(): ResilientThrottlerStorage {
    const storage = new ResilientThrottlerStorage();
    storages.push(storage);
    return storage;
  }

  const unique = (label: string) => `${label}:${Math.random().toString(36).slice(2)}`;

  describe.each([['memory'], ['redis']])('request counters (%s)', (store) => {
    const make = () => (store === 'redis' ? connected() : Promise.resolve(inMemory()));

    it('over the ceiling stays refused until the window ends, then has room again', async () => {
      const storage = await make();
      const key = unique('key');
      const window = 1_500;
      const verdicts = [];
      const firstHitAt = Date.now();
      for (let i = 0; i < 3; i++) verdicts.push(await storage.count(key, window, 3));
      expect(verdicts.map((v) => [v.totalHits, v.refused])).toEqual([
        [1, false],
        [2, false],
        [3, false],
      ]);
      // Consecutive over-limit calls, a few ms apart (the memory store's 1 ms block used to
      // reset the counter on the call after the first refusal): every one refused.
      for (let i = 0; i < 6; i++) {
        await sleep(3);
        const over = await storage.count(key, window, 3);
        expect(over.refused).toBe(true);
        expect(over.totalHits).toBeGreaterThan(3);
        expect(over.resetSeconds).toBeGreaterThanOrEqual(1);
        expect(over.resetSeconds).toBeLessThanOrEqual(2);
      }
      // Bounded, not timed: room comes once the window has ended; a window that every refused
      // call extended would never end (polled every 25 ms). The bound is wide because a busy CI
      // machine can stall this process for a while.
      let last: unknown;
      await until(
        async () => {
          const verdict = await storage.count(key, window, 3);
          last = { ...verdict, shared: storage.shared, msSinceFirstHit: Date.now() - firstHitAt };
          return !verdict.refused;
        },
        window + 10_000,
        'room after the window',
      ).catch((error: Error) => {
        throw new Error(`${error.message}; last verdict ${JSON.stringify(last)}`);
      });
    });
  });

  describe('in-flight slots', () => {
    it('a slot goes back to the store that took it when Redis flips between down and up', async () => {
      const storage = await connected();
      const key = unique('inflight');
      const onRedis = await storage.acquireInFlight(key, 8, 60_000);
      expect(onRedis.lease?.store).toBe('redis');

      // Redis goes away: the next slot is taken in memory.
      storage.redis!.disconnect();
      await until(() => !storage.shared, 10_000, 'Redis disconnected');
      const inMemoryLease = await storage.acquireInFlight(key, 8, 60_000);
      expect(inMemoryLease.lease?.store).toBe('memory');

      // Redis is back before that call ends: its release goes to memory, not to Redis.
      await storage.redis!.connect();
      await until(() => storage.shared, 10_000, 'Redis ready again');
      expect(await storage.inFlight(key)).toEqual({ redis: 1, memory: 1 });
      await storage.releaseInFlight(inMemoryLease.lease!);
      expect(await storage.inFlight(key)).toEqual({ redis: 1, memory: 0 });

      // The Redis slot is released in Redis, once, never below zero.
      await storage.releaseInFlight(onRedis.lease!);
      await storage.releaseInFlight(onRedis.lease!);
      expect(await storage.inFlight(key)).toEqual({ redis: 0, memory: 0 });
      expect((await storage.acquireInFlight(key, 1, 60_000)).count).toBe(1);
    });

    it('a slot taken in Redis is not released into memory while Redis is down', async () => {
      const storage = await connected();
      const key = unique('inflight');
      const onRedis = await storage.acquireInFlight(key, 8, 60_000);
      storage.redis!.disconnect();
      await until(() => !storage.shared, 10_000, 'Redis disconnected');
      await storage.releaseInFlight(onRedis.lease!); // lost: Redis is down
      // Memory held nothing, and still holds nothing (no -1 there, no 0 clamped to hide it).
      expect((await storage.inFlight(key)).memory).toBe(0);
      await storage.redis!.connect();
      await until(() => storage.shared, 10_000, 'Redis ready again');
      // The lost release leaves the Redis slot until its own expiry (checked below).
      expect((await storage.inFlight(key)).redis).toBe(1);
    });

    describe.each([['memory'], ['redis']])('expiry (%s)', (store) => {
      const make = () => (store === 'redis' ? connected() : Promise.resolve(inMemory()));

      it('a slot never released stops counting after its ttl, however busy the key is', async () => {
        const storage = await make();
        const key = unique('inflight');
        const leaked = await storage.acquireInFlight(key, 2, 400);
        expect(leaked.lease).not.toBeNull();
        // The key stays busy: slots taken and given back, and refused attempts, all the time.
        const busyUntil = Date.now() + 700;
        let refusedSeen = false;
        for (let round = 0; round < 200 && Date.now() < busyUntil; round++) {
          const other = await storage.acquireInFlight(key, 2, 400);
          const refused = await storage.acquireInFlight(key, 2, 400);
          if (!refused.lease) refusedSeen = true;
          else await storage.releaseInFlight(refused.lease);
          if (other.lease) await storage.releaseInFlight(other.lease);
          await sleep(20);
        }
        expect(refusedSeen).toBe(true); // while the leaked slot counted, the cap was reached
        const total = await storage.inFlight(key);
        expect((total.redis ?? 0) + total.memory).toBe(0);
        const a = await storage.acquireInFlight(key, 2, 60_000);
        const b = await storage.acquireInFlight(key, 2, 60_000);
        expect([a.lease, b.lease].every(Boolean)).toBe(true);
      });

      it('refused attempts do not extend the slots that are taken', async () => {
        const storage = await make();
        const key = unique('inflight');
        expect((await storage.acquireInFlight(key, 1, 300)).lease).not.toBeNull();
        // Refused every 20 ms: were each refusal to extend the slot, it would never come free.
        // (The bound only ends the wait; how soon the slot frees is not asserted.)
        const deadline = Date.now() + 5_000;
        let taken = false;
        for (let attempt = 0; !taken && attempt < 250 && Date.now() < deadline; attempt++) {
          taken = (await storage.acquireInFlight(key, 1, 300)).lease !== null;
          if (!taken) await sleep(20);
        }
        expect(taken).toBe(true);
      });
    });
  });
});
