/**
 * What one creator watch's run costs at the video-data provider (docs/watches.md, "Creator
 * watches"): provider requests per run, live mode, counted by the contract fake every request
 * must pass (422 otherwise), with a creator whose first page of posts is full (20). network_b
 * adds one statistics batch for the play counts its post list withholds.
 */
import request from 'supertest';
import { BillingService } from '../apps/api/src/money/billing.service';
import { appAweme, appUser, startFakeProvider, type FakeProvider } from '../apps/api/test/fakes';
import { createAccount, createKey } from '../apps/api/test/support/fixtures';
import { createTestApp, type TestApp } from '../apps/api/test/support/test-app';
import { recordFigure } from './support/figures';

describe('provider calls per creator watch run', () => {
  let t: TestApp;
  let provider: FakeProvider;
  let key: string;
  const auth = () => ({ Authorization: `Bearer ${key}` });

  beforeAll(async () => {
    provider = await startFakeProvider();
    t = await createTestApp({
      env: {
        AUTH_SECRET: 'bench-creator-secret-bench-creator-secret',
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        WATCHES_MIN_RUN_GAP_S: '0',
      },
    });
    const account = await createAccount(t.app);
    await t.app
      .get(BillingService)
      .credit({ accountId: account.id, mode: 'live' }, 100_000_000, { kind: 'grant' });
    key = (await createKey(t.app, account.id, 'live')).key;
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it.each(['network_a', 'network_b'] as const)('creator_run_provider_calls_%s', async (market) => {
    const secUid = `MS4wLjABAAAAbench${market}`;
    const ids = Array.from(
      { length: 30 },
      (_, i) =>
        `7${market === 'network_a' ? 6 : 5}00000000000000${String(30 - i).padStart(3, '0')}`,
    );
    for (const id of ids) {
      provider.addPost(market, appAweme({ id, plays: market === 'network_a' ? 500 : 0, likes: 1 }));
    }
    provider.setPlayCounts(Object.fromEntries(ids.map((id) => [id, 500])));
    provider.addCreator(
      market,
      appUser({ secUid, handle: `bench_${market}`, followers: 10, likes: 10, videos: 30 }),
      ids,
    );
    const created = await request(t.app.getHttpServer())
      .post('/v1/watches')
      .set(auth())
      .send({ kind: 'creator', creator: `@bench_${market}`, market, interval: 'daily' });
    expect(created.status).toBe(201);
    provider.reset();
    const ran = await request(t.app.getHttpServer())
      .post(`/v1/watches/${created.body.id}/run`)
      .set(auth());
    expect(ran.status).toBe(200);
    expect(ran.body.posts).toHaveLength(20);
    const calls = provider.requests().filter((r) => r.path.startsWith('/api/')).length;
    recordFigure(`creator_run_provider_calls_${market}`, {
      value: calls,
      unit: 'requests/run',
      goal: market === 'network_a' ? '2 (profile, posts)' : '3 (profile, posts, statistics)',
    });
  });
});
