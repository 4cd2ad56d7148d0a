import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createAccount, grant } from '../support/fixtures';
import { sleep } from '../support/local-servers';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Threat: provider calls no ceiling counts. A playground media request that misses our cache
 * looks the media up at the provider (a paid call in live mode); the per-IP dashboard ceiling is
 * stepped around with more addresses. Each miss now counts toward the account's own dashboard
 * ceiling (DASHBOARD_RATE_LIMIT_PER_MIN per account), whatever address it comes from; cached
 * media is still served past it. Every request here comes from an address of its own.
 */
describe("playground media misses count toward the account's dashboard ceiling (e2e)", () => {
  const CEILING = 3;
  let t: TestApp;
  let mediaDir: string;
  let ip = 0;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'reelscout-media-ceiling-'));
    t = await createTestApp({
      env: {
        PLAYGROUND_MEDIA_DIR: mediaDir,
        DASHBOARD_RATE_LIMIT_PER_MIN: String(CEILING),
        TRUST_PROXY_HOPS: '1',
        JOBS_HEARTBEAT_MS: '100',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it(`past ${CEILING} misses a minute: 429 rate_limited with Retry-After; a cached cover is still served`, async () => {
    const account = await createAccount(t.app, { apiAccess: true });
    await grant(t.app, account.id, 10_000_000);
    const agent = request.agent(t.app.getHttpServer());
    const from = <T extends request.Test>(req: T): T =>
      req.set('X-Forwarded-For', `203.0.113.${++ip}`);

    const signIn = await from(agent.post('/auth/sign-in')).send({
      email: account.email,
      password: account.password,
    });
    expect(signIn.status).toBe(200);
    const run = await from(agent.post('/account/jobs?mode=test')).send({
      operation: 'scan',
      input: { query: 'latte art at home', limit: 5 },
    });
    expect(run.status).toBe(202);
    let job = run.body as { id: string; status: string; result: { reels: unknown[] } | null };
    for (let i = 0; i < 600 && !['succeeded', 'failed', 'canceled'].includes(job.status); i++) {
      await sleep(100);
      job = (await from(agent.get(`/account/jobs/${run.body.id}?mode=test`))).body;
    }
    expect(job.status).toBe('succeeded');
    expect(job.result!.reels.length).toBeGreaterThan(CEILING);

    const cover = (index: number) =>
      from(agent.get(`/account/jobs/${job.id}/media/cover/${index}?mode=test`));
    const statuses: number[] = [];
    for (let index = 0; index <= CEILING; index++) statuses.push((await cover(index)).status);
    expect(statuses).toEqual([...Array(CEILING).fill(200), 429]);

    const refused = await cover(CEILING);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A hit calls no provider: still served.
    expect((await cover(0)).status).toBe(200);
  }, 120_000);
});
