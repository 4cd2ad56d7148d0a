import { type Client } from 'pg';
import { Clock } from '../src/common/clock/clock';
import { TrendSchedule } from '../src/trends/trend-schedule';
import { appMusic, chartSound, startFakeProvider, type FakeProvider } from './fakes';
import { createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * The daily trend collection with two API instances and two workers over one database
 * (docs/trends.md): every instance fires the schedule several times a day, at once, as several
 * replicas of pg-boss's handler would; each market and kind is collected exactly once per UTC
 * day, with the fixed number of provider calls. Time is each app's Clock, moved together.
 */

const T0 = Date.parse('2027-06-01T00:30:00Z');
const HOUR = 3_600_000;
const DAYS = 3;
/** Provider calls of one day's collection of both networks, both kinds. */
const CALLS_PER_DAY = 7;

describe('trend collection with two API instances and two workers (e2e)', () => {
  let db: TestDatabase;
  let sql: Client;
  let provider: FakeProvider;
  const running: TestApp[] = [];

  async function instance(worker: boolean): Promise<TestApp> {
    const started = await createTestApp({
      db,
      worker,
      env: {
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        VIDEO_PROVIDER_MAX_RETRIES: '0',
      },
    });
    started.app.get(Clock).set(new Date(T0));
    running.push(started);
    return started;
  }

  const setTime = (ms: number) => running.forEach((each) => each.app.get(Clock).set(new Date(ms)));
  const apiCalls = () =>
    provider.requests().filter((request) => request.path.startsWith('/api/')).length;

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = await db.connect();
    provider = await startFakeProvider();
    provider.setChart('network_a', 'popular', [
      chartSound({
        clipId: '7400000000000000301',
        title: 'Scale Tune',
        author: 'Scale',
        durationSec: 20,
        commercial: false,
        rank: 1,
        rankDiff: 0,
        trend: [{ time: T0 / 1000, value: 0.5 }],
      }),
    ]);
    provider.setChart('network_b', 'popular', [
      appMusic({ id: '7500000000000000301', title: '规模', userCount: 5_000 }),
    ]);
    provider.setHashtags('network_a', [
      { hashtag_id: '4200', hashtag_name: 'scale', trend: [], video_views: 10, rank: 1 },
    ]);
    provider.setHashtags('network_b', [{ cid: '1700', challenge_name: '规模', play_cnt: 9 }]);
    await instance(false);
    await instance(false);
    await instance(true);
    await instance(true);
  }, 120_000);

  afterAll(async () => {
    for (const each of [...running].reverse()) await each.close();
    await provider?.close();
    await sql?.end();
    await db?.drop();
  });

  it(`${DAYS} simulated days, every instance firing hourly at once: each market and kind collected once a day`, async () => {
    for (let day = 0; day < DAYS; day++) {
      for (const hour of [0, 1, 5, 13, 23]) {
        setTime(T0 + day * 24 * HOUR + hour * HOUR);
        await Promise.all(running.map((each) => each.app.get(TrendSchedule).run()));
      }
      const { rows } = await sql.query(
        `SELECT count(*)::int AS n, sum(provider_calls)::int AS calls FROM trend_collections
            WHERE mode = 'live' AND day = $1::date`,
        [new Date(T0 + day * 24 * HOUR).toISOString().slice(0, 10)],
      );
      expect({ day, ...rows[0] }).toEqual({ day, n: 4, calls: CALLS_PER_DAY });
      expect(apiCalls()).toBe(CALLS_PER_DAY * (day + 1));
    }
    const { rows } = await sql.query(
      `SELECT count(*)::int AS n FROM trend_observations
          WHERE mode = 'live' AND market = 'network_a' AND kind = 'hashtags'`,
    );
    // One observation a day for the one hashtag (no curve: its running views are a base, then gains).
    expect(rows[0].n).toBe(DAYS - 1);
  }, 180_000);
});
