import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { BillingService } from '../apps/api/src/money/billing.service';
import { PlaygroundMediaService } from '../apps/api/src/playground/playground-media.service';
import { sandboxCatalogue } from '../apps/api/src/providers';
import { createAccount } from '../apps/api/test/support/fixtures';
import { createTestApp, type TestApp } from '../apps/api/test/support/test-app';
import { QUICK, recordFigure } from './support/figures';

/**
 * The playground's frames per playbook in test mode: a playbook run from the
 * dashboard, then every scene's frame requested the way the timeline does (all at once). The
 * cold pass extracts every frame in one ffmpeg run from the cached video (the video fetched
 * from the sandbox first); the warm pass is the cache. Figures are printed, nothing asserted
 * beyond the frames being there.
 */
const ITERATIONS = QUICK ? 1 : 3;

describe('playground bench', () => {
  let t: TestApp;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'reelscout-playground-bench-'));
    t = await createTestApp({
      env: {
        AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
        PLAYGROUND_MEDIA_DIR: mediaDir,
        JOBS_HEARTBEAT_MS: '100',
        DASHBOARD_RATE_LIMIT_PER_MIN: '100000',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('frames per playbook: cold (one ffmpeg run for all scenes) and warm (cache)', async () => {
    const account = await createAccount(t.app, { apiAccess: true });
    await t.app
      .get(BillingService)
      .credit({ accountId: account.id, mode: 'test' }, 100_000_000, { kind: 'grant' });
    const agent = request.agent(t.app.getHttpServer());
    await agent.post('/auth/sign-in').send({ email: account.email, password: account.password });
    const reels = sandboxCatalogue()
      .reels('network_a')
      .filter((reel) => reel.spec.sceneCuts.length >= 4)
      .slice(0, ITERATIONS);

    const cold: number[] = [];
    const warm: number[] = [];
    const perFrame: number[] = [];
    let scenesTotal = 0;
    for (const reel of reels) {
      const run = await agent
        .post('/account/jobs?mode=test')
        .send({ operation: 'playbook', input: { url: reel.post.url } });
      expect(run.status).toBe(202);
      let job = run.body as { id: string; status: string; result: unknown };
      for (let i = 0; i < 600 && !['succeeded', 'failed', 'canceled'].includes(job.status); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = (await agent.get(`/account/jobs/${job.id}?mode=test`)).body;
      }
      expect(job.status).toBe('succeeded');
      const scenes = (job.result as { playbook: { scenes: unknown[] } }).playbook.scenes;
      const frames = () =>
        Promise.all(
          scenes.map((_, i) => agent.get(`/account/jobs/${job.id}/media/frame/${i}?mode=test`)),
        );
      let started = performance.now();
      const first = await frames();
      const coldMs = performance.now() - started;
      expect(first.every((res) => res.status === 200)).toBe(true);
      started = performance.now();
      await frames();
      const warmMs = performance.now() - started;
      cold.push(coldMs);
      warm.push(warmMs);
      perFrame.push(coldMs / scenes.length);
      scenesTotal += scenes.length;
      process.stdout.write(
        `playground: ${scenes.length} scenes, frames cold ${coldMs.toFixed(0)} ms, warm ${warmMs.toFixed(0)} ms\n`,
      );
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const stats = t.app.get(PlaygroundMediaService).stats();
    recordFigure('playground frames per playbook, cold (test mode)', {
      value: mean(cold),
      unit: 'ms',
      goal: 'printout',
    });
    recordFigure('playground frame extraction per scene, cold (test mode)', {
      value: mean(perFrame),
      unit: 'ms',
      goal: 'printout',
    });
    recordFigure('playground frames per playbook, warm (cache)', {
      value: mean(warm),
      unit: 'ms',
      goal: 'printout',
    });
    process.stdout.write(
      `playground: ${reels.length} playbooks, ${scenesTotal} scenes, ${stats.frameExtractions} ffmpeg extraction runs\n`,
    );
  }, 300_000);
});
