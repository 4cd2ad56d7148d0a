import request from 'supertest';
import { DataSource } from 'typeorm';
import { AccountsService } from '../src/accounts/accounts.service';
import { ApiKeysService } from '../src/api-keys/api-keys.service';
import { Clock } from '../src/common/clock/clock';
import { BillingService } from '../src/money/billing.service';
import { WatchScheduler } from '../src/watches/watch-scheduler';
import { createFundedKey } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Whose key a scheduled run goes under (docs/watches.md): the watch's key while it works, the
 * newest key rolled from it once it has been rolled, and none once no key of that line may run
 * scans, when the slot pauses the watch (`key_unusable`) instead of running it.
 */

const BRIEF = { query: 'houseplant care tips', market: 'network_a', limit: 3, interval: 'daily' };
const START = new Date('2027-04-01T09:00:00Z');
const DAY_MS = 86_400_000;

describe('watch runs and the watch key (e2e)', () => {
  let t: TestApp;
  let clock: Clock;
  let keys: ApiKeysService;
  let now: Date;

  beforeAll(async () => {
    t = await createTestApp({
      // No worker: pg-boss's own minute tick would race this test's ticks for the same slot
      // (it claims with SKIP LOCKED, so a read right after our tick could miss its run). The
      // runs are only queued; which key they were queued under is what is checked.
      worker: false,
      env: {
        RATE_LIMIT_PER_KEY_PER_MIN: '100000',
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '100000',
      },
    });
    clock = t.app.get(Clock);
    keys = t.app.get(ApiKeysService);
  });
  afterAll(async () => {
    clock?.set(null);
    await t?.close();
  });
  beforeEach(() => {
    now = START;
    clock.set(now);
  });

  async function watchOf(key: string): Promise<string> {
    const res = await request(t.app.getHttpServer())
      .post('/v1/watches')
      .set('Authorization', `Bearer ${key}`)
      .send(BRIEF);
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  /** Moves the clock to the watch's next slot and runs the scheduler's tick there. */
  async function nextSlot(watchId: string) {
    const [{ next_run_at }]: { next_run_at: Date }[] = await t.app
      .get(DataSource)
      .query(`SELECT next_run_at FROM watches WHERE id = $1`, [watchId]);
    now = new Date(next_run_at);
    clock.set(now);
    await t.app.get(WatchScheduler).tick();
    const [watch]: {
      status: string;
      status_reason: string | null;
      run_key: string | null;
      runs: number;
    }[] = await t.app.get(DataSource).query(
      `SELECT w.status, w.status_reason, j.key_id AS run_key,
              (SELECT count(*)::int FROM watch_runs r WHERE r.watch_id = w.id) AS runs
         FROM watches w LEFT JOIN jobs j ON j.id = w.last_job_id WHERE w.id = $1`,
      [watchId],
    );
    return watch;
  }

  it('runs under its key while that key works; a revoked key pauses it at the next slot', async () => {
    const { account, keyId, key } = await createFundedKey(t.app);
    const watch = await watchOf(key);

    expect(await nextSlot(watch)).toEqual({
      status: 'active',
      status_reason: null,
      run_key: keyId,
      runs: 1,
    });

    await keys.revoke(account.id, keyId);
    expect(await nextSlot(watch)).toMatchObject({
      status: 'paused',
      status_reason: 'key_unusable',
      runs: 1,
    });
  });

  it('an account whose API access was revoked pauses its watches at the next slot (access_revoked), nothing run', async () => {
    const { account, key } = await createFundedKey(t.app);
    const watch = await watchOf(key);
    await t.app.get(AccountsService).setApiAccess(account.email, false);

    expect(await nextSlot(watch)).toMatchObject({
      status: 'paused',
      status_reason: 'access_revoked',
      runs: 0,
    });
    const balance = await t.app
      .get(BillingService)
      .balance({ accountId: account.id, mode: 'test' });
    expect(balance.held).toBe(0);
  });

  it('a key whose scopes leave out scan pauses it', async () => {
    const { account, keyId, key } = await createFundedKey(t.app);
    const watch = await watchOf(key);
    await keys.update(account.id, keyId, { operations: ['assist'] });

    expect(await nextSlot(watch)).toMatchObject({
      status: 'paused',
      status_reason: 'key_unusable',
      runs: 0,
    });
  });

  it('a rolled key hands its watches to the new key once its grace is over; when that stops, they pause', async () => {
    const { account, keyId, key } = await createFundedKey(t.app);
    const watch = await watchOf(key);
    const rolled = await keys.roll(account.id, keyId, 3_600);

    // The first slot is a day away: the old key's hour of grace is long over.
    const first = await nextSlot(watch);
    expect(now.getTime()).toBe(START.getTime() + DAY_MS);
    expect(first).toEqual({
      status: 'active',
      status_reason: null,
      run_key: rolled.created.id,
      runs: 1,
    });

    await keys.revoke(account.id, rolled.created.id);
    expect(await nextSlot(watch)).toMatchObject({
      status: 'paused',
      status_reason: 'key_unusable',
      runs: 1,
    });
  });

  it('in the grace the newer key runs it; a newer key that may not scan leaves it to the older', async () => {
    const { account, keyId, key } = await createFundedKey(t.app);
    const watch = await watchOf(key);
    const rolled = await keys.roll(account.id, keyId, 604_800);

    expect(await nextSlot(watch)).toMatchObject({
      status: 'active',
      run_key: rolled.created.id,
      runs: 1,
    });
    await keys.update(account.id, rolled.created.id, { operations: ['assist'] });
    expect(await nextSlot(watch)).toMatchObject({ status: 'active', run_key: keyId, runs: 2 });
  });
});
