import { type Client } from 'pg';
import request from 'supertest';
import { Clock } from '../src/common/clock/clock';
import { WatchScheduler } from '../src/watches/watch-scheduler';
import { createFundedKey } from './support/fixtures';
import { waitForValue } from './support/local-servers';
import { createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * Watches on their slots (docs/watches.md): two API instances and two workers over one
 * database tick a simulated day of hourly slots at once (every tick on every instance, as
 * several replicas of pg-boss's schedule handler would); every slot of every watch runs exactly
 * once. In the middle every instance but one API goes down for two slots; the workers that come
 * back run each watch once, for the latest slot missed, then go on. Time is each app's Clock,
 * moved together, ahead of real time.
 */

const T0 = Date.parse('2027-04-01T00:00:00Z');
const HOUR = 3_600_000;
const WATCHES = 3;
/** Hours at which the instances tick; 12 and 13 pass while they are down. */
const BEFORE = Array.from({ length: 11 }, (_, i) => i + 1);
const RESTART_AT = 13 * HOUR + 40 * 60_000;
const AFTER = Array.from({ length: 11 }, (_, i) => i + 14);

describe('watch slots with two API instances and two workers (e2e)', () => {
  let db: TestDatabase;
  let sql: Client;
  let api: TestApp;
  const running: TestApp[] = [];
  const clocks = () => running.map((instance) => instance.app.get(Clock));

  async function instance(worker: boolean): Promise<TestApp> {
    const started = await createTestApp({
      db,
      worker,
      env: { RATE_LIMIT_PER_KEY_PER_MIN: '100000' },
    });
    started.app.get(Clock).set(new Date(T0));
    running.push(started);
    return started;
  }

  async function stop(instance: TestApp): Promise<void> {
    running.splice(running.indexOf(instance), 1);
    await instance.close();
  }

  const setTime = (ms: number) => clocks().forEach((clock) => clock.set(new Date(ms)));
  const tickEverywhere = () =>
    Promise.all(running.map((instance) => instance.app.get(WatchScheduler).tick()));

  /** Every run's job has ended (bounded). */
  const allEnded = () =>
    waitForValue(
      async () => {
        const { rows } = await sql.query(
          `SELECT count(*)::int AS open FROM jobs WHERE status IN ('queued', 'running')`,
        );
        return rows[0].open === 0 ? true : undefined;
      },
      60_000,
      'the runs to end',
      100,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = await db.connect();
  });

  afterAll(async () => {
    for (const each of [...running].reverse()) await each.close();
    await sql?.end();
    await db?.drop();
  });

  it('a simulated day: every slot runs exactly once; a restart runs the missed slots once', async () => {
    api = await instance(false);
    const second = await instance(false);
    const workers = [await instance(true), await instance(true)];

    const { key } = await createFundedKey(api.app);
    const ids: string[] = [];
    for (let i = 0; i < WATCHES; i++) {
      const res = await request(api.app.getHttpServer())
        .post('/v1/watches')
        .set({ Authorization: `Bearer ${key}` })
        .send({
          query: `houseplant care tips ${i}`,
          market: 'network_a',
          limit: 3,
          interval: 'hourly',
        });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }

    for (const hour of BEFORE) {
      setTime(T0 + hour * HOUR + 30_000);
      await tickEverywhere();
      await allEnded();
    }

    // Everything but the first API goes down; two slots pass; two workers come back.
    await stop(second);
    for (const worker of workers) await stop(worker);
    setTime(T0 + RESTART_AT);
    await instance(true);
    await instance(true);
    setTime(T0 + RESTART_AT);
    await tickEverywhere();
    await allEnded();

    for (const hour of AFTER) {
      setTime(T0 + hour * HOUR + 30_000);
      await tickEverywhere();
      await allEnded();
    }

    const expected = [...BEFORE, 13, ...AFTER].map((hour) =>
      new Date(T0 + hour * HOUR).toISOString(),
    );
    for (const id of ids) {
      const { rows } = await sql.query(
        `SELECT r.slot_at, j.status, j.operation FROM watch_runs r JOIN jobs j ON j.id = r.job_id
          WHERE r.watch_id = $1 ORDER BY r.slot_at`,
        [id],
      );
      expect(rows.map((row: { slot_at: Date }) => row.slot_at.toISOString())).toEqual(expected);
      expect(new Set(rows.map((row: { status: string }) => row.status))).toEqual(
        new Set(['succeeded']),
      );
      expect(new Set(rows.map((row: { operation: string }) => row.operation))).toEqual(
        new Set(['scan']),
      );
    }
    // No job outside the recorded runs: nothing ran twice for a slot.
    const { rows: jobs } = await sql.query(`SELECT count(*)::int AS n FROM jobs`);
    expect(jobs[0].n).toBe(WATCHES * expected.length);
    const { rows: next } = await sql.query(
      `SELECT DISTINCT next_run_at FROM watches WHERE id = ANY ($1::uuid[])`,
      [ids],
    );
    expect(next.map((row: { next_run_at: Date }) => row.next_run_at.toISOString())).toEqual([
      new Date(T0 + 25 * HOUR).toISOString(),
    ]);
  }, 600_000);
});
