import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { ApiKeysService } from '../src/api-keys/api-keys.service';
import { Clock } from '../src/common/clock/clock';
import { SandboxCreators } from '../src/providers/sandbox/sandbox-creators';
import { WatchScheduler } from '../src/watches/watch-scheduler';
import { createAccount, createFundedKey } from './support/fixtures';
import { until, waitForValue } from './support/local-servers';
import { signatureHeaders, startReceiver, type Receiver } from './support/receiver';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Creator watches on the real app in test mode (docs/watches.md, docs/test-mode.md): the
 * sandbox's creators post daily at 09:00 UTC and every fifth post (day index % 5 === 4 from
 * 2026-01-01) is an outlier; followers grow. Time is the app's Clock.
 */

const DAY_MS = 86_400_000;
const at = (iso: string) => new Date(iso);
const FIRST_POST = Date.UTC(2026, 0, 1, 9);
const dayIndex = (postedAt: string) => Math.round((Date.parse(postedAt) - FIRST_POST) / DAY_MS);

interface PostBody {
  id: string;
  url: string;
  caption: string | null;
  postedAt: string;
  playCount: number | null;
  likeCount: number | null;
  commentCount: number | null;
  shareCount: number | null;
  multipleOfMedian: number | null;
  outlier: boolean | null;
}

const sandbox = new SandboxCreators(() => new Date());
const creatorOf = (market: string, handle: string) =>
  sandbox.all().find((c) => c.market === market && c.handle === handle)!;

const NETWORKS = [
  {
    market: 'network_a',
    handle: 'brewwithmaya',
    create: { creator: '@brewwithmaya', market: 'network_a' },
    idPattern: /^72\d{17}$/,
  },
  {
    market: 'network_b',
    handle: 'kafei_xiaoli',
    create: { creator: creatorOf('network_b', 'kafei_xiaoli').url },
    idPattern: /^network_b:72\d{17}$/,
  },
] as const;

describe('creator watches (e2e)', () => {
  let t: TestApp;
  let clock: Clock;
  const receivers: Receiver[] = [];
  const server = () => t.app.getHttpServer();
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        WEBHOOK_POLL_INTERVAL_MS: '100',
        WEBHOOK_RETRY_DELAYS_S: '0.2,0.2,0.2',
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        RATE_LIMIT_PER_KEY_PER_MIN: '100000',
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '100000',
        WATCHES_MIN_RUN_GAP_S: '0',
        WATCHES_MAX_PER_MODE: '3',
      },
    });
    clock = t.app.get(Clock);
  });

  afterAll(async () => {
    clock?.set(null);
    for (const receiver of receivers) await receiver.close();
    await t?.close();
  });

  beforeEach(() => clock.set(at('2027-03-01T10:00:00Z')));

  const create = (key: string, body: Record<string, unknown>) =>
    request(server()).post('/v1/watches').set(auth(key)).send(body);
  const run = (key: string, id: string) =>
    request(server()).post(`/v1/watches/${id}/run`).set(auth(key)).send();

  async function hookFor(key: string, events: string[]) {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const endpoint = await request(server())
      .post('/v1/webhook_endpoints')
      .set(auth(key))
      .send({ url: receiver.url, events });
    expect(endpoint.status).toBe(201);
    return { receiver, verifier: new Webhook(endpoint.body.secret as string) };
  }

  it.each(NETWORKS)(
    '$market: first run snapshots and records the known posts; each next day finds exactly the new post; outliers are notified once',
    async (network) => {
      const { key } = await createFundedKey(t.app);
      const hook = await hookFor(key, ['creator.new_posts', 'creator.outlier_post']);
      const created = await create(key, { kind: 'creator', interval: 'daily', ...network.create });
      expect(created.status).toBe(201);
      const profile = creatorOf(network.market, network.handle);
      expect(created.body).toMatchObject({
        object: 'watch',
        kind: 'creator',
        creator: { market: network.market, handle: network.handle, url: profile.url },
        outlier_multiple: 2,
        market: network.market,
        interval: 'daily',
        status: 'active',
        next_run_at: '2027-03-02T10:00:00.000Z',
        last_run: null,
      });
      const id = created.body.id as string;

      // First run: 20 posts known at once, newest first; the oldest five have no baseline.
      const first = await run(key, id);
      expect(first.status).toBe(200);
      expect(first.headers['x-job-id']).toMatch(/^job_/);
      expect(first.headers['x-service-charged-usd']).toBe('0.020000');
      expect(first.headers['x-service-balance-usd']).toBe('9.980000');
      expect(first.body.watch_id).toBe(id);
      expect(first.body.creator).toEqual(created.body.creator);
      expect(first.body.snapshot).toMatchObject({
        at: '2027-03-01T10:00:00.000Z',
        followers: expect.any(Number),
        likes: expect.any(Number),
        videos: 425,
        followersDelta: null,
        likesDelta: null,
        videosDelta: null,
      });
      const posts = first.body.posts as PostBody[];
      expect(posts).toHaveLength(20);
      expect(posts[0].postedAt).toBe('2027-03-01T09:00:00.000Z');
      expect(posts.map((p) => p.postedAt)).toEqual(
        [...posts.map((p) => p.postedAt)].sort().reverse(),
      );
      for (const post of posts) expect(post.id).toMatch(network.idPattern);
      const oldest = posts.slice(15);
      expect(oldest.every((p) => p.multipleOfMedian === null && p.outlier === null)).toBe(true);
      const judged = posts.slice(0, 15);
      expect(judged.every((p) => typeof p.multipleOfMedian === 'number')).toBe(true);
      for (const post of judged) expect(post.outlier).toBe(dayIndex(post.postedAt) % 5 === 4);
      const firstOutliers = judged.filter((p) => p.outlier).map((p) => p.id);
      expect(firstOutliers).toHaveLength(3);
      expect(posts[0].playCount).toEqual(expect.any(Number));

      // The next day: exactly the new post, judged against the 20 known; deltas from yesterday.
      clock.set(at('2027-03-02T10:00:00Z'));
      const second = await run(key, id);
      expect(second.status).toBe(200);
      expect(second.headers['x-service-charged-usd']).toBe('0.020000');
      expect(second.body.posts).toHaveLength(1);
      const [newPost] = second.body.posts as PostBody[];
      expect(newPost.postedAt).toBe('2027-03-02T09:00:00.000Z');
      expect(newPost.outlier).toBe(false);
      expect(newPost.multipleOfMedian).toBeGreaterThan(0.5);
      expect(newPost.multipleOfMedian).toBeLessThan(2);
      const snap = second.body.snapshot;
      expect(snap.videosDelta).toBe(1);
      expect(snap.followersDelta).toBe(snap.followers - first.body.snapshot.followers);
      expect(snap.followersDelta).toBeGreaterThan(0);
      expect(snap.likesDelta).toBe(snap.likes - first.body.snapshot.likes);

      // Days 3 to 6: the sixth day's post (index % 5 === 4) is an outlier.
      const later: PostBody[] = [];
      for (const day of ['03', '04', '05', '06']) {
        clock.set(at(`2027-03-${day}T10:00:00Z`));
        const ran = await run(key, id);
        expect(ran.status).toBe(200);
        expect(ran.body.posts).toHaveLength(1);
        later.push(...(ran.body.posts as PostBody[]));
      }
      expect(later.map((p) => p.outlier)).toEqual([false, false, false, true]);
      expect(later[3].multipleOfMedian).toBeGreaterThanOrEqual(2);
      // A run the same day finds nothing new and is still a run that reached the provider.
      const again = await run(key, id);
      expect(again.body.posts).toEqual([]);
      expect(again.headers['x-service-charged-usd']).toBe('0.020000');
      expect(again.headers['x-service-balance-usd']).toBe((10 - 7 * 0.02).toFixed(6));

      // Reads: posts newest first, paged; the follower history oldest first, within from/to.
      const page1 = await request(server()).get(`/v1/watches/${id}/posts?limit=3`).set(auth(key));
      expect(page1.status).toBe(200);
      expect(page1.body).toMatchObject({ object: 'list', has_more: true });
      expect(page1.body.data.map((p: PostBody) => p.id)).toEqual(
        [...later]
          .reverse()
          .slice(0, 3)
          .map((p) => p.id),
      );
      expect(page1.body.data[0]).toEqual(later[3]);
      const page2 = await request(server())
        .get(`/v1/watches/${id}/posts?limit=100&starting_after=${page1.body.data[2].id}`)
        .set(auth(key));
      expect(page2.body.has_more).toBe(false);
      expect(page2.body.data).toHaveLength(25 - 3);
      const history = await request(server())
        .get(`/v1/watches/${id}/snapshots?limit=100`)
        .set(auth(key));
      expect(history.body.data).toHaveLength(7);
      expect(history.body.data[0]).toEqual(first.body.snapshot);
      expect(history.body.data[1]).toEqual(second.body.snapshot);
      const window = await request(server())
        .get(`/v1/watches/${id}/snapshots?from=2027-03-02T00:00:00Z&to=2027-03-03T23:00:00Z`)
        .set(auth(key));
      expect(window.body.data.map((s: { at: string }) => s.at)).toEqual([
        '2027-03-02T10:00:00.000Z',
        '2027-03-03T10:00:00.000Z',
      ]);
      const got = await request(server()).get(`/v1/watches/${id}`).set(auth(key));
      expect(got.body.last_run).toMatchObject({
        job_id: again.headers['x-job-id'],
        status: 'succeeded',
        new_reels: 0,
        charged_usd: '0.020000',
      });

      // Webhooks: one creator.new_posts per run that found posts, one outlier_post per outlier.
      await until(() => hook.receiver.received.length >= 6 + 4, 20_000, 'the deliveries', 50);
      const events = hook.receiver.received.map(
        (got) =>
          hook.verifier.verify(got.body, signatureHeaders(got)) as {
            type: string;
            data: { watch_id: string; job_id: string; posts?: PostBody[]; post?: PostBody };
          },
      );
      const newPosts = events.filter((e) => e.type === 'creator.new_posts');
      expect(newPosts).toHaveLength(6);
      expect(newPosts.flatMap((e) => e.data.posts!.map((p) => p.id)).sort()).toEqual(
        [...posts, newPost, ...later].map((p) => p.id).sort(),
      );
      const outliers = events.filter((e) => e.type === 'creator.outlier_post');
      expect(outliers.map((e) => e.data.post!.id).sort()).toEqual(
        [...firstOutliers, later[3].id].sort(),
      );
      expect(outliers.every((e) => e.data.watch_id === id)).toBe(true);
      const sixth = outliers.find((e) => e.data.post!.id === later[3].id)!;
      expect(sixth.data).toMatchObject({ creator: created.body.creator, post: later[3] });
    },
  );

  it.each([
    [{ creator: '@nobody_at_all', market: 'network_a' }],
    [{ creator: '@sandbox_private', market: 'network_b' }],
    [{ creator: 'https://www.douyin.com/user/MS4wLjABAAAAnotasandboxcreator' }],
  ])('an unknown or private creator is 404 not_found, uncharged: %j', async (body) => {
    const { key } = await createFundedKey(t.app);
    const res = await create(key, { kind: 'creator', interval: 'daily', ...body });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', param: 'creator' });
    const balance = await request(server()).get('/v1/balance').set(auth(key));
    expect(balance.body).toMatchObject({ balance_usd: '10.000000', available_usd: '10.000000' });
    const list = await request(server()).get('/v1/watches').set(auth(key));
    expect(list.body.data).toEqual([]);
  });

  it.each([
    [{ kind: 'creator', creator: '@brewwithmaya' }, 'market'],
    [{ kind: 'creator' }, 'creator'],
    [{ kind: 'creator', creator: '@brewwithmaya', market: 'network_a', query: 'x' }, 'query'],
    [
      { kind: 'creator', creator: '@brewwithmaya', market: 'network_a', outlier_multiple: 1.1 },
      'outlier_multiple',
    ],
    [
      { kind: 'creator', creator: '@brewwithmaya', market: 'network_a', outlier_multiple: 21 },
      'outlier_multiple',
    ],
    [
      { kind: 'creator', creator: 'https://www.tiktok.com/@brewwithmaya', market: 'network_b' },
      'market',
    ],
    [{ kind: 'creator', creator: 'https://example.com/@brewwithmaya' }, 'creator'],
    [{ kind: 'fan', query: 'plants' }, 'kind'],
    [{ query: 'plants', creator: '@brewwithmaya' }, 'creator'],
  ])('a bad creator watch is 400 invalid_request naming the field: %j', async (body, param) => {
    const { key } = await createFundedKey(t.app);
    const res = await create(key, { interval: 'daily', ...body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param });
  });

  it('lists both kinds; patch, pause, resume and delete a creator watch; the cap counts both', async () => {
    const { key } = await createFundedKey(t.app);
    const niche = await create(key, { query: 'houseplant care tips', interval: 'daily' });
    clock.set(at('2027-03-01T10:00:01Z'));
    const creator = await create(key, {
      kind: 'creator',
      creator: 'https://www.tiktok.com/@brewwithmaya',
      interval: 'hourly',
      outlier_multiple: 3.5,
    });
    expect(creator.status).toBe(201);
    expect(creator.body).toMatchObject({ outlier_multiple: 3.5, interval: 'hourly' });
    const list = await request(server()).get('/v1/watches').set(auth(key));
    expect(list.body.data.map((w: { kind: string }) => w.kind)).toEqual(['creator', 'niche']);
    expect(list.body.data[1]).toMatchObject({
      id: niche.body.id,
      kind: 'niche',
      creator: null,
      outlier_multiple: null,
    });
    // The cap (3 here) counts both kinds: a third watch fits, a fourth of either kind does not.
    expect((await create(key, { query: 'latte art', interval: 'daily' })).status).toBe(201);
    for (const body of [
      { query: 'one too many', interval: 'daily' },
      { kind: 'creator', creator: '@coffeeatnoah', market: 'network_a', interval: 'daily' },
    ]) {
      const refused = await create(key, body);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'resource_limit_reached' });
    }
    const patch = (body: Record<string, unknown>) =>
      request(server()).patch(`/v1/watches/${creator.body.id}`).set(auth(key)).send(body);
    expect((await patch({ outlier_multiple: 1.2 })).body.outlier_multiple).toBe(1.2);
    expect((await patch({ min_outlier_score: 3 })).body.error.param).toBe('min_outlier_score');
    expect((await patch({ status: 'paused' })).body).toMatchObject({ status: 'paused' });
    expect((await patch({ status: 'active' })).body).toMatchObject({
      status: 'active',
      next_run_at: '2027-03-01T11:00:01.000Z',
    });
    const nicheSnapshots = await request(server())
      .get(`/v1/watches/${niche.body.id}/snapshots`)
      .set(auth(key));
    expect(nicheSnapshots.status).toBe(400);
    const deleted = await request(server()).delete(`/v1/watches/${creator.body.id}`).set(auth(key));
    expect(deleted.body).toEqual({ id: creator.body.id, object: 'watch', deleted: true });
    const gone = await request(server()).get(`/v1/watches/${creator.body.id}/posts`).set(auth(key));
    expect(gone.status).toBe(404);

    const counted = await t.sql.query(
      `SELECT (SELECT count(*)::int FROM creator_posts WHERE watch_id = $1)
            + (SELECT count(*)::int FROM creator_snapshots WHERE watch_id = $1) AS n`,
      [creator.body.id],
    );
    expect(counted.rows[0].n).toBe(0);
  });

  it('a creator gone private pauses its watch with creator_unavailable and watch.paused; the run is not charged', async () => {
    const { key } = await createFundedKey(t.app);
    const hook = await hookFor(key, ['watch.paused']);
    const created = await create(key, {
      kind: 'creator',
      creator: '@sandbox_goes_private',
      market: 'network_a',
      interval: 'hourly',
    });
    expect(created.status).toBe(201);
    clock.set(at('2027-03-01T12:30:00Z'));
    const ran = await run(key, created.body.id);
    expect(ran.status).toBe(404);
    expect(ran.body.error.code).toBe('not_found');
    const balance = await request(server()).get('/v1/balance').set(auth(key));
    expect(balance.body).toMatchObject({ balance_usd: '10.000000', available_usd: '10.000000' });
    const got = await request(server()).get(`/v1/watches/${created.body.id}`).set(auth(key));
    expect(got.body).toMatchObject({
      status: 'paused',
      status_reason: 'creator_unavailable',
      next_run_at: null,
    });
    await until(() => hook.receiver.received.length >= 1, 15_000, 'the watch.paused delivery', 50);
    const event = hook.verifier.verify(
      hook.receiver.received[0].body,
      signatureHeaders(hook.receiver.received[0]),
    ) as { type: string; data: { id: string; status_reason: string } };
    expect(event).toMatchObject({
      type: 'watch.paused',
      data: { id: created.body.id, status_reason: 'creator_unavailable' },
    });
  });

  it('a creator watch that cannot pay pauses at its slot (insufficient_credit)', async () => {
    const broke = await createAccount(t.app);
    const key = (await t.app.get(ApiKeysService).create(broke.id, { name: 'b', mode: 'test' })).key;
    const created = await create(key, {
      kind: 'creator',
      creator: '@brewwithmaya',
      market: 'network_a',
      interval: 'daily',
    });
    expect(created.status).toBe(201);
    clock.set(at(created.body.next_run_at));
    await t.app.get(WatchScheduler).tick();
    const got = await waitForValue(
      async () => {
        const res = await request(server()).get(`/v1/watches/${created.body.id}`).set(auth(key));
        return res.body.status === 'paused' ? res : undefined;
      },
      10_000,
      'the watch to pause',
      100,
    );
    expect(got.body).toMatchObject({ status_reason: 'insufficient_credit', last_run: null });
  });

  it('a niche watch stored before creator watches existed runs unchanged', async () => {
    const { account, keyId, key } = await createFundedKey(t.app);
    const id = randomUUID();
    // The row as the watches table held it before the kind columns: none of them named.
    await t.sql.query(
      `INSERT INTO watches (id, account_id, mode, key_id, source, subject, query, market,
         reel_limit, run_interval, status, next_run_at, created_at, updated_at)
       VALUES ($1, $2, 'test', $3, 'api', null, 'houseplant care tips', 'network_a', 5, 'daily',
         'active', $4, $5, $5)`,
      [id, account.id, keyId, at('2027-03-02T10:00:00Z'), at('2027-03-01T10:00:00Z')],
    );
    const got = await request(server()).get(`/v1/watches/${id}`).set(auth(key));
    expect(got.body).toMatchObject({
      kind: 'niche',
      creator: null,
      outlier_multiple: null,
      query: 'houseplant care tips',
      limit: 5,
    });
    const ran = await run(key, id);
    expect(ran.status).toBe(200);
    expect(ran.body.watch_id).toBe(id);
    expect(ran.body.reels).toHaveLength(5);
    expect(ran.headers['x-service-charged-usd']).toBe((5 * 0.0075).toFixed(6));
    const job = await t.sql.query(
      `SELECT request FROM jobs WHERE id = (SELECT last_job_id FROM watches WHERE id = $1)`,
      [id],
    );
    expect(job.rows[0].request.kind).toBeUndefined();
  });
});
