import { type Client } from 'pg';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { Clock } from '../src/common/clock/clock';
import { SandboxCreators } from '../src/providers/sandbox/sandbox-creators';
import { WatchScheduler } from '../src/watches/watch-scheduler';
import { createFundedKey } from './support/fixtures';
import { waitForValue } from './support/local-servers';
import { signatureHeaders, startReceiver, type Receiver } from './support/receiver';
import { createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * Creator watches on their slots (docs/watches.md): two API instances and two workers over one
 * database tick a simulated week of daily slots, every tick on every instance at once. Each
 * slot of each watch runs once, and each post the sandbox's creators publish (daily at 09:00
 * UTC, every fifth an outlier) is notified once: one `creator.new_posts` naming it, and one
 * `creator.outlier_post` for each outlier.
 */

const T0 = Date.parse('2027-04-01T10:00:00Z');
const DAY = 86_400_000;
const DAYS = 7;

interface Event {
  type: string;
  data: { watch_id: string; posts?: { id: string }[]; post?: { id: string; outlier: boolean } };
}

describe('creator watch slots with two API instances and two workers (e2e)', () => {
  let db: TestDatabase;
  let sql: Client;
  let receiver: Receiver;
  const running: TestApp[] = [];

  async function instance(worker: boolean): Promise<TestApp> {
    const started = await createTestApp({
      db,
      worker,
      env: {
        RATE_LIMIT_PER_KEY_PER_MIN: '100000',
        WEBHOOK_POLL_INTERVAL_MS: '100',
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
      },
    });
    started.app.get(Clock).set(new Date(T0));
    running.push(started);
    return started;
  }

  const setTime = (ms: number) => running.forEach((each) => each.app.get(Clock).set(new Date(ms)));
  const tickEverywhere = () =>
    Promise.all(running.map((each) => each.app.get(WatchScheduler).tick()));
  const settled = (what: string, query: string) =>
    waitForValue(
      async () => ((await sql.query(query)).rows[0].open === 0 ? true : undefined),
      60_000,
      what,
      100,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = await db.connect();
    receiver = await startReceiver();
  });

  afterAll(async () => {
    for (const each of [...running].reverse()) await each.close();
    await receiver?.close();
    await sql?.end();
    await db?.drop();
  });

  it('a simulated week: each slot ran once, each post notified once', async () => {
    const api = await instance(false);
    await instance(false);
    await instance(true);
    await instance(true);
    const server = api.app.getHttpServer();
    const { key } = await createFundedKey(api.app);
    const auth = { Authorization: `Bearer ${key}` };
    const endpoint = await request(server)
      .post('/v1/webhook_endpoints')
      .set(auth)
      .send({ url: receiver.url, events: ['creator.new_posts', 'creator.outlier_post'] });
    expect(endpoint.status).toBe(201);
    const douyin = new SandboxCreators(() => new Date(T0))
      .all()
      .find((c) => c.market === 'network_b' && c.handle === 'kafei_xiaoli')!;
    const ids: string[] = [];
    for (const creator of [
      { creator: '@brewwithmaya', market: 'network_a' },
      { creator: douyin.url },
    ]) {
      const res = await request(server)
        .post('/v1/watches')
        .set(auth)
        .send({ kind: 'creator', interval: 'daily', ...creator });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }

    for (let day = 1; day <= DAYS; day++) {
      setTime(T0 + day * DAY + 30_000);
      await tickEverywhere();
      // A second round of ticks in the same slot finds nothing due.
      await tickEverywhere();
      await settled(
        'the runs to end',
        `SELECT count(*)::int AS open FROM jobs WHERE status IN ('queued', 'running')`,
      );
    }
    // A run's events become deliveries after it ends (the events publisher, in one transaction
    // that also clears the job's events_pending): wait for both, or the last day's post can be
    // asserted before its event exists.
    await settled(
      'the events and their deliveries',
      `SELECT (SELECT count(*) FROM jobs WHERE events_pending)::int
            + (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')::int AS open`,
    );

    const slots = Array.from({ length: DAYS }, (_, i) =>
      new Date(T0 + (i + 1) * DAY).toISOString(),
    );
    for (const id of ids) {
      const { rows } = await sql.query(
        `SELECT r.slot_at, j.status FROM watch_runs r JOIN jobs j ON j.id = r.job_id
          WHERE r.watch_id = $1 ORDER BY r.slot_at`,
        [id],
      );
      expect(rows.map((row: { slot_at: Date }) => row.slot_at.toISOString())).toEqual(slots);
      expect(rows.every((row: { status: string }) => row.status === 'succeeded')).toBe(true);
      const { rows: counts } = await sql.query(
        `SELECT (SELECT count(*)::int FROM creator_posts WHERE watch_id = $1) AS posts,
                (SELECT count(*)::int FROM creator_snapshots WHERE watch_id = $1) AS snapshots`,
        [id],
      );
      // The first slot knows the newest 20 posts; each later day adds the day's post.
      expect(counts[0]).toEqual({ posts: 20 + DAYS - 1, snapshots: DAYS });
    }
    const { rows: jobs } = await sql.query(`SELECT count(*)::int AS n FROM jobs`);
    expect(jobs[0].n).toBe(ids.length * DAYS);

    // Each delivery once (a redelivery keeps its webhook-id), each post in one new_posts event.
    const verifier = new Webhook(endpoint.body.secret as string);
    const byMessage = new Map<string, Event>();
    for (const got of receiver.received) {
      const event = verifier.verify(got.body, signatureHeaders(got)) as Event;
      byMessage.set(String(got.headers['webhook-id']), event);
    }
    const events = [...byMessage.values()];
    for (const id of ids) {
      const { rows } = await sql.query(
        `SELECT post_id, outlier FROM creator_posts WHERE watch_id = $1`,
        [id],
      );
      const notified = events
        .filter((e) => e.type === 'creator.new_posts' && e.data.watch_id === id)
        .flatMap((e) => e.data.posts!.map((p) => p.id.replace(/^network_b:/, '')));
      expect(notified.sort()).toEqual(rows.map((r: { post_id: string }) => r.post_id).sort());
      const outliers = events
        .filter((e) => e.type === 'creator.outlier_post' && e.data.watch_id === id)
        .map((e) => e.data.post!.id.replace(/^network_b:/, ''));
      const expected = rows
        .filter((r: { outlier: boolean | null }) => r.outlier === true)
        .map((r: { post_id: string }) => r.post_id);
      expect(outliers.sort()).toEqual(expected.sort());
      expect(expected.length).toBeGreaterThanOrEqual(4);
    }
  }, 600_000);
});
