import type { AddressInfo, Socket } from 'node:net';
import {
  Body,
  Controller,
  HttpCode,
  Injectable,
  Module,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Operation } from '@reelscout/domain';
import { IsInt, Max, Min } from 'class-validator';
import type { Request, Response } from 'express';
import request from 'supertest';
import { ApiKeyGuard } from '../src/api-keys/api-key.guard';
import { ApiKeysModule } from '../src/api-keys/api-keys.module';
import { CurrentCaller, type Caller } from '../src/request-context/caller';
import { BillingService } from '../src/money/billing.service';
import { ExecutionModule } from '../src/execution/execution.module';
import { ExecutionService } from '../src/execution/execution.service';
import { OperationCatalog } from '../src/execution/operation-catalog';
import type { OperationContract } from '../src/execution/operation.contract';
import {
  ApiRateLimitGuard,
  OperationName,
  SlowOperation,
} from '../src/throttling/api-rate-limit.guard';
import { THROTTLER_STORAGE } from '../src/throttling/rate-limit.service';
import type { ResilientThrottlerStorage } from '../src/throttling/resilient-throttler.storage';
import { balanceOf, createAccount, createFundedKey, createKey } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { V1ChargeModule } from './support/test-operations.module';
import { redisForTest, sleep, until, type LocalRedis } from './support/local-servers';

class SlowDto {
  @IsInt()
  @Min(0)
  @Max(5_000)
  delayMs: number;
}

/**
 * While a test holds slow calls (`holdSlowCalls`), their work waits until it lets them go, or
 * for `delayMs` at most; otherwise it takes `delayMs`.
 */
const slowCalls = { letGo: Promise.resolve(), release: () => undefined as void };

function holdSlowCalls(): void {
  slowCalls.letGo = new Promise((resolve) => (slowCalls.release = resolve));
}

@Injectable()
class TestSlowService {
  async run(body: SlowDto): Promise<{ ok: true }> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      slowCalls.letGo,
      new Promise((resolve) => (timer = setTimeout(resolve, body.delayMs))),
    ]);
    clearTimeout(timer);
    return { ok: true };
  }
}

/** A slow, billed operation that exists only in tests. */
const testSlowOperation: OperationContract<SlowDto, { ok: true }, TestSlowService> = {
  operation: 'test-slow' as Operation,
  deadline: 'PLAYBOOK_DEADLINE_MS',
  queue: 'heavy',
  slow: true,
  requires: [],
  hold: () => 1_000,
  charge: () => 1_000,
  docs: { summary: 'A test-only slow call', description: 'Waits, then charges 0.001000.' },
  service: TestSlowService,
  work: (service, { body }) => service.run(body),
};

/** Its route, counted as a `playbook` (a slow operation) by the ceilings and the in-flight cap. */
@Controller('v1/test-slow')
@UseGuards(ApiKeyGuard, ApiRateLimitGuard)
@OperationName('playbook')
@SlowOperation(true)
class SlowController {
  constructor(private readonly execution: ExecutionService) {}

  @Post()
  @HttpCode(200)
  run(
    @CurrentCaller() caller: Caller,
    @Body() body: SlowDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.execution.run(testSlowOperation, { caller, req, res }, body);
  }
}

@Module({
  imports: [ApiKeysModule, ExecutionModule],
  controllers: [SlowController],
  providers: [TestSlowService],
})
class SlowModule {
  constructor(catalog: OperationCatalog, service: TestSlowService) {
    catalog.register(testSlowOperation, service);
  }
}

/** The machine's Redis, read before any test app blanks REDIS_URL for its own lifetime. */
const MACHINE_REDIS_URL = process.env.REDIS_URL || undefined;
/**
 * The slow scans of the in-flight test hold their slots until this deadline: long enough that
 * the hang-ups and the third call fit in it on a busy machine.
 */
const SCAN_DEADLINE_MS = 8_000;

describe.each([['memory'], ['redis']])(
  'rate ceilings per key, per subject and in flight (%s counters, e2e)',
  (store) => {
    let t: TestApp;
    let redis: LocalRedis | undefined;
    let base: string;
    const server = () => t.app.getHttpServer();
    const storage = () => t.app.get<ResilientThrottlerStorage>(THROTTLER_STORAGE);
    /** In-flight slots the key holds, in whichever store took them. */
    const slots = async (keyId: string) => {
      const held = await storage().inFlight(`inflight:${keyId}`);
      return (held.redis ?? 0) + held.memory;
    };

    beforeAll(async () => {
      redis = store === 'redis' ? await redisForTest(MACHINE_REDIS_URL) : undefined;
      t = await createTestApp({
        extraImports: [V1ChargeModule, SlowModule],
        env: {
          RATE_LIMIT_PER_KEY_PER_MIN: '5',
          RATE_LIMIT_PER_SUBJECT_PER_MIN: '3',
          RATE_LIMIT_IN_FLIGHT_PER_KEY: '2',
          // assist: looser per key (8 > 5) and tighter per subject (2 < 3); scan: looser per
          // key, so the in-flight test below can make its calls.
          RATE_LIMIT_OVERRIDES: JSON.stringify({
            assist: { perKey: 8, perSubject: 2 },
            scan: { perKey: 30 },
          }),
          AUTH_RATE_LIMIT_PER_MIN: '3',
          SCAN_DEADLINE_MS: String(SCAN_DEADLINE_MS),
          // memory: keep these counters in this process, whatever the machine's REDIS_URL says.
          REDIS_URL: redis?.url ?? '',
        },
      });
      await t.app.listen(0, '127.0.0.1');
      base = `http://127.0.0.1:${(server().address() as AddressInfo).port}`;
      if (redis) await until(() => storage().shared, 15_000, 'Redis ready');
    });

    afterAll(async () => {
      await t?.close();
      await redis?.stop();
    });

    afterEach(() => {
      // The counters of this describe really are in the store it names.
      expect(storage().shared).toBe(store === 'redis');
    });

    const charge = (key: string, subject?: string) => {
      const req = request(server()).post('/v1/test-charge').set('Authorization', `Bearer ${key}`);
      return (subject ? req.set('x-subject', subject) : req).send({ hold: 10_000, charge: 10_000 });
    };

    const post = (key: string, path: string, body: object, subject?: string) => {
      const req = request(server()).post(path).set('Authorization', `Bearer ${key}`);
      return (subject ? req.set('x-subject', subject) : req).send(body);
    };

    it('per key: the ceiling is hit at the configured number, with RateLimit headers and Retry-After', async () => {
      const { account, key } = await createFundedKey(t.app);
      const remaining: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await charge(key);
        expect(res.status).toBe(200);
        expect(res.headers['ratelimit-limit']).toBe('5');
        remaining.push(res.headers['ratelimit-remaining']);
        expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
      }
      expect(remaining).toEqual(['4', '3', '2', '1', '0']);
      // Over the ceiling, the key stays refused until its window ends: every consecutive call
      // is 429 (the memory store once let a fresh `limit` through after a single 429).
      for (let i = 0; i < 4; i++) {
        const over = await charge(key);
        expect({ call: 6 + i, status: over.status }).toEqual({ call: 6 + i, status: 429 });
        expect(over.body.error.code).toBe('rate_limited');
        const retryAfter = Number(over.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(over.headers['ratelimit-remaining']).toBe('0');
        expect(over.headers['x-service-charged-usd']).toBeUndefined();
        await sleep(5);
      }
      // Never charged, no hold taken: 5 calls of 0.01 were charged, nothing more.
      expect(await balanceOf(t.app, account.id)).toEqual({
        balance: 9_950_000,
        held: 0,
        available: 9_950_000,
      });
      // Another key of the same account has its own ceiling.
      const other = await createKey(t.app, account.id);
      expect((await charge(other.key)).status).toBe(200);
    });

    it('per subject: two subjects under one key are limited separately', async () => {
      const { key } = await createFundedKey(t.app);
      for (let i = 0; i < 3; i++) expect((await charge(key, 'alice')).status).toBe(200);
      const aliceOver = await charge(key, 'alice');
      expect(aliceOver.status).toBe(429);
      expect(aliceOver.headers['ratelimit-limit']).toBe('3');
      const bob = await charge(key, 'bob');
      expect(bob.status).toBe(200);
      // The key's own ceiling (5) counts every call: alice 3 + 1 refused + bob 1 = 5 hits.
      expect((await charge(key, 'carol')).status).toBe(429);
    });

    it('per-operation overrides replace the default: they can loosen a ceiling as well as tighten it', async () => {
      const { key } = await createFundedKey(t.app);
      // assist: 8 a minute per key, more than the default 5, on a counter of its own.
      for (let i = 0; i < 8; i++) {
        const res = await post(key, '/v1/assist', { message: 'hello' });
        expect({ call: i + 1, status: res.status }).toEqual({ call: i + 1, status: 200 });
        expect(res.headers['ratelimit-limit']).toBe('8');
        expect(res.headers['ratelimit-remaining']).toBe(String(7 - i));
      }
      const over = await post(key, '/v1/assist', { message: 'hello' });
      expect(over.status).toBe(429);
      // The key's shared default counter (5) was not touched by those assist calls.
      for (let i = 0; i < 5; i++) expect((await charge(key)).status).toBe(200);
      expect((await charge(key)).status).toBe(429);

      // assist per subject: 2, tighter than the default 3.
      const other = await createFundedKey(t.app);
      for (let i = 0; i < 2; i++) {
        expect((await post(other.key, '/v1/assist', { message: 'hi' }, 'alice')).status).toBe(200);
      }
      const aliceOver = await post(other.key, '/v1/assist', { message: 'hi' }, 'alice');
      expect(aliceOver.status).toBe(429);
      expect(aliceOver.headers['ratelimit-limit']).toBe('2');
      // Other operations keep the default per-subject ceiling (3).
      for (let i = 0; i < 3; i++) expect((await charge(other.key, 'alice')).status).toBe(200);
      expect((await charge(other.key, 'alice')).status).toBe(429);
    });

    it('a 403 and a bad x-subject carry the key’s RateLimit headers and count against it', async () => {
      const noAccess = await createAccount(t.app, { apiAccess: false });
      const { key: refusedKey } = await createKey(t.app, noAccess.id);
      for (let i = 0; i < 6; i++) {
        const res = await charge(refusedKey);
        // Access is checked before the ceilings: still 403 past the ceiling, never 429.
        expect(res.status).toBe(403);
        expect(res.headers['ratelimit-limit']).toBe('5');
        expect(res.headers['ratelimit-remaining']).toBe(String(Math.max(0, 4 - i)));
        expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
      }
      const { key } = await createFundedKey(t.app);
      const bad = await charge(key, 'not a subject');
      expect(bad.status).toBe(400);
      expect(bad.body.error.param).toBe('x-subject');
      expect(bad.headers['ratelimit-limit']).toBe('5');
      expect(bad.headers['ratelimit-remaining']).toBe('4');
      // An operation with a per-key override reports (and counts on) its own counter.
      const badAssist = await post(key, '/v1/assist', { message: 'hi' }, 'not a subject');
      expect(badAssist.status).toBe(400);
      expect(badAssist.headers['ratelimit-limit']).toBe('8');
      expect(badAssist.headers['ratelimit-remaining']).toBe('7');
      // A 401 has no key to count against: no RateLimit headers.
      const anonymous = await request(server())
        .post('/v1/test-charge')
        .send({ hold: 1, charge: 0 });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers['ratelimit-limit']).toBeUndefined();
      expect((await charge(key)).headers['ratelimit-remaining']).toBe('3');
    });

    it('in flight: a third slow call while two run is 429; afterwards there is room again', async () => {
      const { key, keyId } = await createFundedKey(t.app);
      const slow = (delayMs: number) =>
        request(server())
          .post('/v1/test-slow')
          .set('Authorization', `Bearer ${key}`)
          .send({ delayMs });
      // The two slow calls run until this test lets them go (5 s at most).
      holdSlowCalls();
      const first = slow(5_000).then((res) => res);
      const second = slow(5_000).then((res) => res);
      try {
        await until(async () => (await slots(keyId)) === 2, 15_000, 'both slow calls running');
        const third = await slow(0);
        expect(third.status).toBe(429);
        expect(third.body.error.message).toMatch(/slow operations running/);
      } finally {
        slowCalls.release();
      }
      expect((await first).status).toBe(200);
      expect((await second).status).toBe(200);
      // Their slots are given back as their work settles (not necessarily before the response).
      await until(async () => (await slots(keyId)) === 0, 15_000, 'both slots back');
      expect((await slow(0)).status).toBe(200);
    });

    it('in flight: a slot is held until the operation settles, not until the client hangs up', async () => {
      const { account, key, keyId } = await createFundedKey(t.app);
      const scan = (query: string, signal?: AbortSignal) =>
        fetch(`${base}/v1/scan`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${key}`,
            connection: 'close',
          },
          body: JSON.stringify({ query }),
          signal,
        });

      // Calls that never reach the operation (a validation error after the guard) give their
      // slot back: three in a row with a cap of 2, and nothing is left held.
      for (let i = 0; i < 3; i++) {
        const res = await post(key, '/v1/scan', { query: 'coffee', limit: 0 });
        expect(res.status).toBe(400);
      }
      expect(await slots(keyId)).toBe(0);

      // Two slow scans (the sandbox stalls past the deadline); both clients hang up while the
      // work runs on. The server's ends of their connections show when it has seen them close.
      const scanSockets: Socket[] = [];
      const track = (socket: Socket) => scanSockets.push(socket);
      server().on('connection', track);
      const hangUps = [new AbortController(), new AbortController()];
      const calls = hangUps.map((controller) =>
        scan('sandbox-slow coffee', controller.signal).then(
          (res) => res.status,
          () => 'hung up',
        ),
      );
      try {
        await until(async () => (await slots(keyId)) === 2, 15_000, 'both slow scans running');
      } finally {
        server().off('connection', track);
      }
      for (const controller of hangUps) controller.abort();
      expect(await Promise.all(calls)).toEqual(['hung up', 'hung up']);
      await until(
        () => scanSockets.length === 2 && scanSockets.every((socket) => socket.closed),
        5_000,
        'the server to see both connections close',
      );

      const third = await scan('coffee');
      expect(third.status).toBe(429);
      expect(((await third.json()) as { error: { message: string } }).error.message).toMatch(
        /slow operations running/,
      );
      expect(await slots(keyId)).toBe(2);

      // When the work settles (504 at the deadline: voided, nothing charged), the slots come back.
      await until(async () => (await slots(keyId)) === 0, SCAN_DEADLINE_MS + 5_000, 'slots back');
      const after = await scan('coffee');
      expect(after.status).toBe(200);
      expect(await slots(keyId)).toBe(0);
      const balance = await t.app
        .get(BillingService)
        .balance({ accountId: account.id, mode: 'test' });
      expect(balance.held).toBe(0);
      expect(10_000_000 - balance.balance).toBe(
        Math.round(Number(after.headers.get('x-service-charged-usd')) * 1_000_000),
      );
    }, 30_000);

    if (store === 'memory') {
      // Per-IP counters (127.0.0.1) in a shared Redis would add up across test files and runs.
      it('the dashboard back end has its own per-IP ceiling on sign-in attempts', async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) {
          const res = await request(server())
            .post('/auth/sign-in')
            .send({ email: `nobody${i}@example.test`, password: 'wrong-password' });
          statuses.push(res.status);
        }
        expect(statuses).toEqual([401, 401, 401, 429, 429]);
      });
    }
  },
);

describe('Redis down (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      extraImports: [V1ChargeModule],
      env: {
        REDIS_URL: 'redis://127.0.0.1:1',
        RATE_LIMIT_PER_KEY_PER_MIN: '2',
      },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it('keeps serving on per-instance limits and reports itself degraded', async () => {
    const { key } = await createFundedKey(t.app, { micros: 1_000_000 });
    const call = () =>
      request(t.app.getHttpServer())
        .post('/v1/test-charge')
        .set('Authorization', `Bearer ${key}`)
        .send({ hold: 1_000, charge: 1_000 });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    // Per-instance (memory) counters refuse every call past the ceiling, not just the first.
    for (let i = 0; i < 3; i++) expect((await call()).status).toBe(429);
    const health = await request(t.app.getHttpServer()).get('/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('degraded');
    expect(health.body.checks.redis.status).toBe('down');
    expect(health.body.checks.database.status).toBe('ok');
  });
});
