import request from 'supertest';
import { Clock } from '../src/common/clock/clock';
import { MusicModule } from '../src/music/music.module';
import type { TrendChartEntry } from '../src/providers/provider.types';
import { TrendHistoryService } from '../src/trend-history/trend-history.service';
import { balanceOf, createFundedKey } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * POST /v1/trends in test mode (docs/trends.md, docs/test-mode.md): the sandbox's daily charts
 * of both networks, from the app's clock. Every label is checked against the history it came
 * with, by the rule written out here again.
 */

const NOW = new Date('2027-03-10T12:00:00Z');
const MARKETS = ['network_a', 'network_b'] as const;
const KINDS = ['sounds', 'hashtags'] as const;
const STAGES = ['new', 'rising', 'steady', 'fading'] as const;

interface Item {
  id: string;
  title?: string | null;
  name?: string | null;
  stage: string;
  current: number;
  previous: number;
  growth: number | null;
  rank: number | null;
  rankChange: number | null;
  source: string;
  history: { date: string; value: number | null }[];
}

/** The rule, from the docs, on the returned history alone. */
function recompute(history: Item['history'], window: number) {
  const sum = (points: Item['history']) =>
    Math.round(points.reduce((total, point) => total + (point.value ?? 0), 0) * 1e6) / 1e6;
  const previous = sum(history.slice(0, window));
  const current = sum(history.slice(window));
  if (previous === 0) return { current, previous, growth: null, stage: 'new' };
  const growth = Math.round((current / previous) * 100) / 100;
  const stage = growth >= 1.5 ? 'rising' : growth <= 0.67 ? 'fading' : 'steady';
  return { current, previous, growth, stage };
}

function day(offset: number, from = '2027-03-10'): string {
  return new Date(Date.parse(`${from}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

jest.setTimeout(120_000);

describe('trends in test mode (sandbox)', () => {
  let t: TestApp;
  const post = (key: string, body: unknown) =>
    request(t.app.getHttpServer())
      .post('/v1/trends')
      .set('Authorization', `Bearer ${key}`)
      .send(body as object);

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get(Clock).set(NOW);
  });
  afterAll(async () => {
    await t.close();
  });

  it('every stage occurs on both networks, both kinds and both windows; each label follows the rule from its history', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    for (const market of MARKETS) {
      for (const kind of KINDS) {
        for (const window of [7, 30]) {
          for (const stage of STAGES) {
            const res = await post(key, { kind, market, window, stage: [stage], limit: 50 });
            expect(res.status).toBe(200);
            expect(res.body).toMatchObject({ market, kind, window, asOf: '2027-03-10' });
            const items = res.body.items as Item[];
            expect({ market, kind, window, stage, found: items.length > 0 }).toEqual({
              market,
              kind,
              window,
              stage,
              found: true,
            });
            for (const item of items) {
              expect(item.stage).toBe(stage);
              expect(item.history.map((point) => point.date)).toEqual(
                Array.from({ length: 2 * window }, (_, i) => day(i - 2 * window + 1)),
              );
              const { current, previous, growth, stage: judged } = recompute(item.history, window);
              expect({ id: item.id, current, previous, growth, stage: judged }).toEqual({
                id: item.id,
                current: item.current,
                previous: item.previous,
                growth: item.growth,
                stage: item.stage,
              });
              expect(item.source).toBe(market === 'network_a' ? 'curve' : 'counts');
              if (kind === 'sounds') expect(typeof item.title).toBe('string');
              else expect(typeof item.name).toBe('string');
              if (market === 'network_b') expect(item.id.startsWith('network_b:')).toBe(true);
              else expect(item.id).toMatch(/^\d+$/);
            }
          }
        }
      }
    }
  });

  it('sorts by growth (new first by current, then growth) and by volume (current); 0.050000 charged', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'test' });
    const byGrowth = await post(key, { kind: 'sounds', market: 'network_a', limit: 50 });
    expect(byGrowth.status).toBe(200);
    expect(byGrowth.headers['x-service-charged-usd']).toBe('0.050000');
    expect(byGrowth.headers['x-service-balance-usd']).toBe('9.950000');
    expect((await balanceOf(t.app, account.id)).balance).toBe(9_950_000);
    const growth = byGrowth.body.items as Item[];
    // Every sound observed in the 14 days, up to the limit.
    expect(growth.length).toBeGreaterThan(20);
    const firstOld = growth.findIndex((item) => item.stage !== 'new');
    expect(firstOld).toBeGreaterThan(0);
    expect(growth.slice(firstOld).every((item) => item.stage !== 'new')).toBe(true);
    for (let i = 1; i < growth.length; i++) {
      const [a, b] = [growth[i - 1], growth[i]];
      if (a.stage === 'new' && b.stage === 'new')
        expect(a.current).toBeGreaterThanOrEqual(b.current);
      if (a.stage !== 'new') expect(a.growth!).toBeGreaterThanOrEqual(b.growth!);
    }

    const byVolume = await post(key, {
      kind: 'hashtags',
      market: 'network_b',
      sort: 'volume',
      window: 30,
    });
    expect(byVolume.status).toBe(200);
    const volume = byVolume.body.items as Item[];
    expect(volume.length).toBe(20);
    for (let i = 1; i < volume.length; i++) {
      expect(volume[i - 1].current).toBeGreaterThanOrEqual(volume[i].current);
    }
    const usage = await t.sql.query(
      `SELECT operation, market, charged::int AS charged FROM usage_records
        WHERE account_id = $1 ORDER BY id`,
      [account.id],
    );
    expect(usage.rows).toEqual([
      { operation: 'trends', market: 'network_a', charged: 50_000 },
      { operation: 'trends', market: 'network_b', charged: 50_000 },
    ]);
  });

  it('commercialOnly keeps commercial-library sounds; a stage filter takes any of its stages', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    const res = await post(key, {
      kind: 'sounds',
      market: 'network_b',
      commercialOnly: true,
      stage: ['rising', 'fading'],
      limit: 50,
    });
    expect(res.status).toBe(200);
    const items = res.body.items as (Item & { commercial: boolean })[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.commercial === true)).toBe(true);
    expect(new Set(items.map((item) => item.stage))).toEqual(new Set(['rising', 'fading']));
  });

  it('stores at least 60 days on first use, once per day however often it is called', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    const count = async () =>
      (
        await t.sql.query(
          `SELECT count(*)::int AS n, count(DISTINCT day)::int AS days FROM trend_observations
            WHERE mode = 'test' AND market = 'network_a' AND kind = 'hashtags'`,
        )
      ).rows[0] as { n: number; days: number };
    await post(key, { kind: 'hashtags', market: 'network_a' });
    const first = await count();
    expect(first.days).toBeGreaterThanOrEqual(60);
    await post(key, { kind: 'hashtags', market: 'network_a', window: 30 });
    expect(await count()).toEqual(first);

    // The next day, the clock's new day is added and read.
    t.app.get(Clock).set(new Date(NOW.getTime() + 86_400_000));
    try {
      const next = await post(key, { kind: 'hashtags', market: 'network_a' });
      expect(next.body.asOf).toBe('2027-03-11');
      expect((await count()).days).toBe(first.days + 1);
    } finally {
      t.app.get(Clock).set(NOW);
    }
  });

  it('an empty list is 200 and free (the sandbox charts start on 2020-01-01)', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'test' });
    t.app.get(Clock).set(new Date('2019-06-01T12:00:00Z'));
    try {
      const res = await post(key, { kind: 'sounds', market: 'network_a' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        market: 'network_a',
        kind: 'sounds',
        window: 7,
        asOf: '2019-06-01',
        items: [],
        notes: [],
      });
      expect(res.headers['x-service-charged-usd']).toBe('0.000000');
      expect((await balanceOf(t.app, account.id)).balance).toBe(10_000_000);
    } finally {
      t.app.get(Clock).set(NOW);
    }
  });

  it('bad input is 400 with param, nothing charged', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'test' });
    const cases: [unknown, string][] = [
      [{ market: 'network_a' }, 'kind'],
      [{ kind: 'reels', market: 'network_a' }, 'kind'],
      [{ kind: 'sounds', market: 'auto' }, 'market'],
      [{ kind: 'sounds', market: 'network_a', window: 14 }, 'window'],
      [{ kind: 'sounds', market: 'network_a', stage: ['booming'] }, 'stage'],
      [{ kind: 'sounds', market: 'network_a', stage: [] }, 'stage'],
      [{ kind: 'sounds', market: 'network_a', sort: 'hot' }, 'sort'],
      [{ kind: 'sounds', market: 'network_a', limit: 51 }, 'limit'],
      [{ kind: 'sounds', market: 'network_a', limit: 0 }, 'limit'],
      [{ kind: 'hashtags', market: 'network_a', commercialOnly: true }, 'commercialOnly'],
      [{ kind: 'sounds', market: 'network_a', region: 'US' }, 'region'],
    ];
    for (const [body, param] of cases) {
      const res = await post(key, body);
      expect({
        body,
        status: res.status,
        code: res.body.error?.code,
        param: res.body.error?.param,
      }).toEqual({
        body,
        status: 400,
        code: 'invalid_request',
        param,
      });
    }
    expect((await balanceOf(t.app, account.id)).balance).toBe(10_000_000);
  });

  it('the store: a running total becomes the day’s gain, writes are idempotent, retention deletes old days', async () => {
    const history = t.app.get(TrendHistoryService);
    const clock = t.app.get(Clock);
    const scope = { mode: 'live', market: 'network_b', kind: 'sounds' } as const;
    const entry = (total: number, points: TrendChartEntry['points'] = null): TrendChartEntry => ({
      kind: 'sounds',
      market: 'network_b',
      id: 'network_b:7300000000000000001',
      title: 'Store test',
      author: null,
      url: null,
      coverUrl: null,
      commercial: null,
      rank: 3,
      rankChange: null,
      total,
      points,
      source: 'counts',
    });
    const rows = async () =>
      (
        await t.sql.query(
          `SELECT day::text AS day, value, rank, source FROM trend_observations
            WHERE mode = 'live' AND item_id = 'network_b:7300000000000000001' ORDER BY day`,
        )
      ).rows;
    try {
      clock.set(new Date('2027-03-01T08:00:00Z'));
      // The first total is only a base: no gain is known yet (never invented).
      expect(await history.record(scope, [entry(1_000)])).toBe(0);
      clock.set(new Date('2027-03-02T08:00:00Z'));
      expect(await history.record(scope, [entry(1_400)])).toBe(1);
      // Later the same day: the day's gain grows, still one row.
      clock.set(new Date('2027-03-02T20:00:00Z'));
      await history.record(scope, [entry(1_500)]);
      await history.record(scope, [entry(1_500)]);
      clock.set(new Date('2027-03-03T08:00:00Z'));
      await history.record(scope, [entry(1_600)]);
      expect(await rows()).toEqual([
        { day: '2027-03-02', value: 500, rank: 3, source: 'counts' },
        { day: '2027-03-03', value: 100, rank: 3, source: 'counts' },
      ]);
      // Points (a curve, or days' gains) are written as they are, none after today.
      await history.record(scope, [
        entry(0, [
          { day: '2027-02-20', value: 7 },
          { day: '2027-03-04', value: 9 },
        ]),
      ]);
      expect((await rows()).map((row) => row.day)).toEqual([
        '2027-02-20',
        '2027-03-02',
        '2027-03-03',
      ]);
      // 400 days later (the default retention), the oldest day goes.
      clock.set(new Date(Date.parse('2027-02-20T08:00:00Z') + 401 * 86_400_000));
      expect(await history.prune()).toBeGreaterThanOrEqual(1);
      expect((await rows()).map((row) => row.day)).toEqual(['2027-03-02', '2027-03-03']);
    } finally {
      clock.set(NOW);
    }
  });

  it('a new observation for today makes the next call’s ranking current (no stale ranking served)', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    const history = t.app.get(TrendHistoryService);
    const scope = { mode: 'test', market: 'network_b', kind: 'hashtags' } as const;
    const id = 'network_b:fresh-ranking-check';
    const top = async (sort: 'growth' | 'volume') => {
      const res = await post(key, { kind: 'hashtags', market: 'network_b', sort, limit: 50 });
      expect(res.status).toBe(200);
      return res.body.items as Item[];
    };
    const observe = (value: number) =>
      history.record(scope, [
        {
          kind: 'hashtags',
          market: 'network_b',
          id,
          title: 'fresh ranking check',
          author: null,
          url: null,
          coverUrl: null,
          commercial: null,
          rank: 1,
          rankChange: null,
          total: null,
          points: [{ day: '2027-03-10', value }],
          source: 'counts',
        },
      ]);
    // The day's ranking is built (by the day's collection and this call) before the new data.
    const before = await top('volume');
    expect(before.map((item) => item.id)).not.toContain(id);
    const highest = before[0].current;

    await observe(highest * 10);
    for (const sort of ['volume', 'growth'] as const) {
      const [first] = await top(sort);
      expect({ sort, id: first.id, stage: first.stage, current: first.current }).toEqual({
        sort,
        id,
        stage: 'new',
        current: highest * 10,
      });
    }

    const onlyNew = await post(key, {
      kind: 'hashtags',
      market: 'network_b',
      stage: ['new'],
      sort: 'volume',
    });
    expect((onlyNew.body.items as Item[])[0].id).toBe(id);

    // A later write of the same day (an update, not an insert) is seen as well: the item drops
    // and the former first is first again.
    await observe(0.5);
    const after = await top('volume');
    expect(after[0].id).toBe(before[0].id);
    expect(after.slice(0, 2).map((item) => item.id)).not.toContain(id);
    await t.sql.query(`DELETE FROM trend_observations WHERE item_id = $1`, [id]);
  });

  it('calls that find the ranking stale at once all answer, with one ranking, from the new data', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    const body = { kind: 'sounds', market: 'network_b', sort: 'volume', window: 30, limit: 10 };
    const warm = await post(key, body);
    expect(warm.status).toBe(200);
    const [first] = warm.body.items as Item[];
    // Raise the second's last day above the first's: only a ranking judged after this write
    // puts it first.
    const second = (warm.body.items as Item[])[1];
    const last = second.history[second.history.length - 1];
    await t.app
      .get(TrendHistoryService)
      .record({ mode: 'test', market: 'network_b', kind: 'sounds' }, [
        {
          kind: 'sounds',
          market: 'network_b',
          id: second.id,
          title: second.title ?? null,
          author: null,
          url: null,
          coverUrl: null,
          commercial: null,
          rank: null,
          rankChange: null,
          total: null,
          points: [{ day: last.date, value: (last.value ?? 0) + first.current }],
          source: 'counts',
        },
      ]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(key, body)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect((answer.body.items as Item[]).map((item) => item.id)).toEqual(
        (answers[0].body.items as Item[]).map((item) => item.id),
      );
    }
    expect((answers[0].body.items as Item[])[0].id).toBe(second.id);
    const { rows } = await t.sql.query(
      `SELECT b.revision::int AS built, r.revision::int AS now FROM trend_ranking_builds b
         JOIN trend_revisions r USING (mode, market, kind)
        WHERE b.mode = 'test' AND b.market = 'network_b' AND b.kind = 'sounds' AND b."window" = 30`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].built).toBe(rows[0].now);
  });
});

describe('music speaks the trends language in test mode', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A small pool keeps the cold sound analyses short; the stages work the same way.
    t = await createTestApp({ extraImports: [MusicModule], env: { MUSIC_MAX_CANDIDATES: '6' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a suggestion whose sound has history carries trend.stage, by the rule on its last 14 days', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    const server = t.app.getHttpServer();
    // A trends call stores the sandbox's sound chart of the day (every catalogue sound).
    const trends = await request(server)
      .post('/v1/trends')
      .set('Authorization', `Bearer ${key}`)
      .send({ kind: 'sounds', market: 'network_a' });
    expect(trends.status).toBe(200);
    const asOf = trends.body.asOf as string;

    const music = await request(server)
      .post('/v1/music')
      .set('Authorization', `Bearer ${key}`)
      .send({ url: 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792', limit: 20 });
    expect(music.status).toBe(200);
    const suggestions = music.body.suggestions as { soundId: string; trend: { stage?: string } }[];
    const staged = suggestions.filter((suggestion) => suggestion.trend.stage !== undefined);
    expect(staged.length).toBeGreaterThan(0);
    for (const suggestion of suggestions) {
      const { rows } = await t.sql.query(
        `SELECT day::text AS day, value FROM trend_observations
          WHERE mode = 'test' AND market = 'network_a' AND kind = 'sounds' AND item_id = $1
            AND day BETWEEN $2::date - 13 AND $2::date`,
        [suggestion.soundId, asOf],
      );
      const byDay = new Map(rows.map((row: { day: string; value: number }) => [row.day, row]));
      const history = Array.from({ length: 14 }, (_, i) => {
        const date = day(i - 13, asOf);
        return { date, value: byDay.get(date)?.value ?? null };
      });
      // No history in the 14 days: no stage (never invented); otherwise the rule's stage.
      expect({ soundId: suggestion.soundId, stage: suggestion.trend.stage }).toEqual({
        soundId: suggestion.soundId,
        stage: rows.length === 0 ? undefined : recompute(history, 7).stage,
      });
    }
  });
});
