import request from 'supertest';
import { Clock } from '../src/common/clock/clock';
import {
  appAweme,
  startFakeOpenAI,
  startFakeProvider,
  type FakeOpenAI,
  type FakeProvider,
} from './fakes';
import { balanceOf, createFundedKey } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const T0 = Date.parse('2027-05-03T09:00:00Z');
const GAP_S = 900;
const BRIEF = { query: 'home coffee', market: 'network_a', limit: 5, interval: 'daily' };

/**
 * A watch's run asked for by hand within `WATCHES_MIN_RUN_GAP_S` of its previous run
 * (docs/watches.md): 429 `rate_limited` with `Retry-After` (the seconds left of the gap), nothing
 * held or charged, no job, and no request to the video provider (a fake speaking its format, so
 * every call the run makes is seen). Once the gap has passed (the app's Clock moved), it runs.
 */
describe('the gap between runs of a watch asked for by hand (e2e, live mode)', () => {
  let t: TestApp;
  let provider: FakeProvider;
  let openai: FakeOpenAI;
  let clock: Clock;
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  beforeAll(async () => {
    provider = await startFakeProvider();
    openai = await startFakeOpenAI();
    t = await createTestApp({
      env: {
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_API_KEY: openai.apiKey,
        VIDEO_PROVIDER_MAX_RETRIES: '0',
        LLM_MAX_RETRIES: '0',
        WATCHES_MIN_RUN_GAP_S: String(GAP_S),
      },
    });
    clock = t.app.get(Clock);
    const ids = Array.from({ length: 4 }, (_, i) => `742000000000000000${i}`);
    ids.forEach((id, i) =>
      provider.addPost(
        'network_a',
        appAweme({
          id,
          desc: `coffee reel ${i}`,
          handle: `c${i}`,
          nickname: `Coffee ${i}`,
          coverUrl: `https://cdn.example/coffee-${i}.jpg`,
          durationMs: 20_000,
          createTime: 1_764_000_000 + i,
          plays: 1_000 * (i + 1),
          likes: 10,
          comments: 2,
          shares: 1,
        }),
      ),
    );
    const phrases = ['coffee', 'espresso', 'latte art'];
    for (const phrase of phrases) provider.setSearchResults('network_a', phrase, ids);
    openai.setAnswerFor('scan_plan', { niche: 'Home coffee', phrases });
    openai.setAnswerFor('scan_relevance', (body: Record<string, unknown>) => {
      const messages = body.messages as { content: string }[];
      const reels = JSON.parse(messages.at(-1)!.content.split('Reels:\n')[1]) as { id: string }[];
      return { scores: reels.map((r) => ({ id: r.id, score: 8, reason: 'coffee' })) };
    });
  });

  afterAll(async () => {
    clock?.set(null);
    await t?.close();
    await Promise.all([provider?.close(), openai?.close()]);
  });

  it('a second run within the gap is 429 with Retry-After, uncharged, with no provider call; after the gap it runs', async () => {
    clock.set(new Date(T0));
    const { account, key } = await createFundedKey(t.app, { mode: 'live' });
    const created = await request(t.app.getHttpServer())
      .post('/v1/watches')
      .set(auth(key))
      .send(BRIEF);
    expect(created.status).toBe(201);
    const run = () =>
      request(t.app.getHttpServer()).post(`/v1/watches/${created.body.id}/run`).set(auth(key));

    const first = await run().send();
    expect(first.status).toBe(200);
    expect(first.body.reels).toHaveLength(4);
    const searched = provider.requests().length;
    expect(searched).toBeGreaterThan(0);
    const paid = await balanceOf(t.app, account.id, 'live');
    expect(paid.held).toBe(0);
    const jobs = async () =>
      (await request(t.app.getHttpServer()).get('/v1/jobs?limit=10').set(auth(key))).body
        .data as unknown[];
    expect(await jobs()).toHaveLength(1);

    clock.set(new Date(T0 + 60_000));
    const soon = await run().send();
    expect(soon.status).toBe(429);
    expect(soon.body.error.code).toBe('rate_limited');
    expect(soon.body.error.param).toBeUndefined();
    expect(soon.headers['retry-after']).toBe(String(GAP_S - 60));
    expect(await balanceOf(t.app, account.id, 'live')).toEqual(paid);
    expect(provider.requests().length).toBe(searched);
    expect(await jobs()).toHaveLength(1);

    // Asked for at once under respond-async: refused the same way, nothing queued.
    const queued = await run().set('Prefer', 'respond-async').send();
    expect(queued.status).toBe(429);
    expect(await jobs()).toHaveLength(1);

    clock.set(new Date(T0 + GAP_S * 1000));
    const after = await run().send();
    expect(after.status).toBe(200);
    expect(after.body.reels).toEqual([]);
    expect(provider.requests().length).toBeGreaterThan(searched);
    expect(await jobs()).toHaveLength(2);
  });

  it('a run refused before its job (402) gives its gap back: the next run is not held off', async () => {
    clock.set(new Date(T0 + 3_600_000));
    const { account, key } = await createFundedKey(t.app, { mode: 'live', micros: 0 });
    const created = await request(t.app.getHttpServer())
      .post('/v1/watches')
      .set(auth(key))
      .send(BRIEF);
    const run = () =>
      request(t.app.getHttpServer()).post(`/v1/watches/${created.body.id}/run`).set(auth(key));
    const searched = provider.requests().length;
    const broke = await run().send();
    expect(broke.status).toBe(402);
    const again = await run().send();
    expect(again.status).toBe(402);
    expect(provider.requests().length).toBe(searched);
    expect(await balanceOf(t.app, account.id, 'live')).toEqual({
      balance: 0,
      held: 0,
      available: 0,
    });
  });
});
