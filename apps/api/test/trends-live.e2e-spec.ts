import request from 'supertest';
import { Clock } from '../src/common/clock/clock';
import { TrendSchedule } from '../src/trends/trend-schedule';
import {
  appMusic,
  chartSound,
  contractFor,
  PROVIDER_PATHS,
  startFakeProvider,
  validateRequest,
  type FakeProvider,
} from './fakes';
import { balanceOf, createFundedKey } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Trends in live mode against the provider's contract fake (docs/trends.md): the daily
 * collection reads the contract's chart and hashtag endpoints with valid parameters (the fake
 * answers 422 otherwise), stores once per day however often it runs, and a trends call
 * afterwards makes no provider call. A fresh store's first call collects first and waits.
 */

const DAY = 86_400_000;
const T0 = Date.parse('2027-05-10T06:00:00Z');
const unix = (iso: string) => Date.parse(`${iso}T12:00:00Z`) / 1000;
const TREND_PATHS = [
  PROVIDER_PATHS.networkASoundRank,
  PROVIDER_PATHS.networkAHashtagList,
  PROVIDER_PATHS.networkBMusicChart,
  PROVIDER_PATHS.networkBTopicBillboard,
];

jest.setTimeout(120_000);

describe('trends in live mode (contract fake)', () => {
  let provider: FakeProvider;
  let t: TestApp;
  const clock = () => t.app.get(Clock);
  const apiCalls = () =>
    provider.requests().filter((request) => request.path.startsWith('/api/')).length;
  const post = (key: string, body: unknown) =>
    request(t.app.getHttpServer())
      .post('/v1/trends')
      .set('Authorization', `Bearer ${key}`)
      .send(body as object);
  const observations = async () =>
    (
      await t.sql.query(
        `SELECT market, kind, count(*)::int AS n FROM trend_observations WHERE mode = 'live'
          GROUP BY market, kind ORDER BY market, kind`,
      )
    ).rows as { market: string; kind: string; n: number }[];

  /** The charts of the fake on a given day (network_b's totals grow by 100 a day). */
  function setCharts(day: number) {
    const today = new Date(T0 + day * DAY).toISOString().slice(0, 10);
    const earlier = new Date(T0 + (day - 1) * DAY).toISOString().slice(0, 10);
    provider.setChart('network_a', 'popular', [
      chartSound({
        clipId: '7400000000000000101',
        title: 'Live Tune',
        author: 'Live',
        durationSec: 20,
        commercial: true,
        rank: 1,
        rankDiff: 3,
        trend: [
          { time: unix(earlier), value: 0.4 },
          { time: unix(today), value: 0.8 },
        ],
      }),
    ]);
    provider.setChart('network_a', 'rising', []);
    provider.setChart('network_b', 'popular', [
      appMusic({ id: '7500000000000000201', title: '热歌', userCount: 1_000 + 100 * day }),
    ]);
    provider.setChart('network_b', 'rising', []);
    provider.setHashtags('network_a', [
      {
        hashtag_id: '4100',
        hashtag_name: 'summer',
        trend: [{ time: unix(today), value: 1 }],
        video_views: 1_000_000,
        rank: 1,
        rank_diff: 0,
      },
    ]);
    provider.setHashtags('network_b', [
      { cid: '1650', challenge_name: '夏天', play_cnt: 500 + day },
    ]);
  }

  beforeAll(async () => {
    provider = await startFakeProvider();
    t = await createTestApp({
      // The schedule is driven by hand here: no worker, so pg-boss's own cron stays off.
      worker: false,
      env: {
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        VIDEO_PROVIDER_MAX_RETRIES: '0',
      },
    });
    clock().set(new Date(T0));
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('a fresh store: the first call collects its market and kind (bounded) and waits; an empty list is free', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'live' });
    setCharts(0);
    provider.setHashtags('network_b', []);
    const before = apiCalls();
    const res = await post(key, { kind: 'hashtags', market: 'network_b' });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.headers['x-service-charged-usd']).toBe('0.000000');
    expect((await balanceOf(t.app, account.id, 'live')).balance).toBe(10_000_000);
    // One billboard request, nothing else.
    expect(apiCalls() - before).toBe(1);
    expect(provider.requests(PROVIDER_PATHS.networkBTopicBillboard)).toHaveLength(1);
    await t.sql.query(`DELETE FROM trend_collections`);
  });

  it('the daily collection reads every chart with valid parameters, stores once a day however often it runs; a trends call then makes no provider call', async () => {
    provider.reset();
    setCharts(0);
    const schedule = t.app.get(TrendSchedule);
    const first = await schedule.run();
    expect(first.map((o) => [o.market, o.kind, o.status, o.providerCalls])).toEqual([
      ['network_a', 'sounds', 'collected', 2],
      ['network_a', 'hashtags', 'collected', 2],
      ['network_b', 'sounds', 'collected', 2],
      ['network_b', 'hashtags', 'collected', 1],
    ]);
    // Every request follows the contract (the fake answers 422 otherwise, failing a collection).
    for (const path of TREND_PATHS) {
      expect(provider.requests(path).length).toBeGreaterThan(0);
      for (const sent of provider.requests(path)) {
        expect(
          validateRequest(contractFor(path)!, {
            method: sent.method,
            query: sent.query,
            json: sent.json,
            bodyText: sent.body.toString('utf8'),
          }),
        ).toEqual([]);
      }
    }
    const stored = await observations();
    const calls = apiCalls();

    // The same day, again and again: nothing more is read or stored.
    clock().set(new Date(T0 + 5 * 3_600_000));
    for (let i = 0; i < 3; i++) {
      const again = await schedule.run();
      expect(again.every((o) => o.status === 'skipped')).toBe(true);
    }
    expect(apiCalls()).toBe(calls);
    expect(await observations()).toEqual(stored);

    // A trends call reads the store: no provider call.
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    const res = await post(key, { kind: 'sounds', market: 'network_a' });
    expect(res.status).toBe(200);
    expect(res.headers['x-service-charged-usd']).toBe('0.050000');
    expect(res.body.items.map((item: { id: string }) => item.id)).toEqual(['7400000000000000101']);
    expect(res.body.items[0]).toMatchObject({ source: 'curve', rank: 1, commercial: true });
    expect(res.body.items[0].history.slice(-2)).toEqual([
      { date: '2027-05-09', value: 0.4 },
      { date: '2027-05-10', value: 0.8 },
    ]);
    expect(apiCalls()).toBe(calls);

    // The next day: one more collection; network_b's running total becomes the day's gain.
    clock().set(new Date(T0 + DAY));
    setCharts(1);
    const next = await schedule.run();
    expect(next.every((o) => o.status === 'collected')).toBe(true);
    expect(apiCalls()).toBe(calls + 7);
    const sounds = await post(key, { kind: 'sounds', market: 'network_b' });
    expect(sounds.body.items).toHaveLength(1);
    expect(sounds.body.items[0]).toMatchObject({
      id: 'network_b:7500000000000000201',
      source: 'counts',
      current: 100,
      stage: 'new',
    });
    expect(sounds.body.items[0].history.slice(-2)).toEqual([
      { date: '2027-05-10', value: null },
      { date: '2027-05-11', value: 100 },
    ]);
    expect(apiCalls()).toBe(calls + 7);
  });
});
