import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { FfmpegRunner } from '../src/media-analysis/ffmpeg.runner';
import { PlaygroundMediaService } from '../src/playground/playground-media.service';
import { SandboxMediaRendererService } from '../src/sandbox-media/sandbox-media.renderer';
import type { SandboxVideoSpec } from '../src/sandbox-media/sandbox-media.types';
import {
  appAweme,
  startFakeOpenAI,
  startFakeProvider,
  type FakeOpenAI,
  type FakeProvider,
} from './fakes';
import { balanceOf, createAccount, grant } from './support/fixtures';
import { sleep } from './support/local-servers';
import { createTestApp, type TestApp } from './support/test-app';
import { FUNDS, FINAL, type Job, isJpeg, binary } from './support/playground-spec-shared';

/**
 * Live mode, with fakes only at the network edge: the fake provider serves a real video and a
 * PNG cover on 127.0.0.1 (allowed the way an operator would), the fake OpenAI answers the
 * playbook. The run confirms its price; the media comes through the egress guard into our cache.
 */
describe('playground in live mode (fake provider and OpenAI)', () => {
  let t: TestApp;
  let provider: FakeProvider;
  let openai: FakeOpenAI;
  let mediaDir: string;
  const POST_ID = '7422222222222222222';
  const URL = `https://www.tiktok.com/@liveplay/video/${POST_ID}`;
  const spec: SandboxVideoSpec = {
    key: 'e2e-live-playground',
    durationSec: 8,
    sceneCuts: [2.5, 5],
    overlays: [],
    captions: [],
    audio: {
      key: 'e2e-live-playground-bed',
      durationSec: 8,
      tempoBpm: 96,
      energy: 0.5,
      mood: 'calm',
    },
  };
  /** A valid answer (the playbook e2e's shape) for the 8-second video and its three shots. */
  const document = {
    version: 2,
    tier: 'full',
    overview: {
      summary: 'An 8-second three-shot clip.',
      audience: 'Home coffee beginners.',
      analyzedSeconds: 8,
      durationSec: 8,
      clipped: false,
    },
    hook: { text: 'Watch this', why: 'Promises a payoff.', start: 0, end: 2 },
    transcript: { language: null, source: 'transcription', fullText: '', segments: [] },
    scenes: [
      { start: 0, end: 2.5, description: 'Beans close-up' },
      { start: 2.5, end: 5, description: 'Pouring in circles' },
      { start: 5, end: 8, description: 'Finished cup' },
    ],
    overlays: [{ start: 0, end: 2, text: 'Watch this', source: 'key_frame' }],
    pacing: {
      analyzedSeconds: 8,
      sceneCount: 3,
      averageSceneSec: 2.7,
      cutsPerMinute: 15,
      rhythm: 'medium',
      notes: 'One step per shot.',
    },
    format: { name: 'Step tutorial', description: 'One step per shot.', whyItWorks: 'Clear.' },
    playbook: {
      script: [
        { t: 0.2, line: 'Watch this.' },
        { t: 2.6, line: 'Pour slowly in circles.' },
        { t: 7.5, line: 'Follow for the recipe.' },
      ],
      shotList: ['Beans', 'Pour', 'Cup'],
      setup: { camera: 'Phone, tripod', lighting: 'Window', audio: 'Lav mic', props: ['Kettle'] },
      editingGuide: { cutEverySec: 2.5, captions: 'Burned in', music: 'Low bed', notes: [] },
      caption: 'Three shots #coffee',
      cta: 'Follow for more.',
    },
    experiments: [{ idea: 'Start with the cup', why: 'Payoff first' }],
    caveats: ['Your kitchen is not theirs.'],
  };

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'reelscout-playground-live-e2e-'));
    provider = await startFakeProvider();
    openai = await startFakeOpenAI();
    t = await createTestApp({
      env: {
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        PLAYGROUND_MEDIA_DIR: mediaDir,
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_API_KEY: openai.apiKey,
        VIDEO_PROVIDER_MAX_RETRIES: '0',
        LLM_MAX_RETRIES: '0',
        JOBS_HEARTBEAT_MS: '100',
      },
    });
    const video = await t.app.get(SandboxMediaRendererService).videoFile(spec);
    const png = join(mediaDir, 'cover-source.png');
    await t.app
      .get(FfmpegRunner)
      .ffmpeg(
        [
          '-f',
          'lavfi',
          '-i',
          'color=c=orange:s=96x160',
          '-frames:v',
          '1',
          '-c:v',
          'png',
          '-f',
          'image2',
          '-y',
          png,
        ],
        {
          purpose: 'render',
          label: 'test cover',
        },
      );
    provider.addPost(
      'network_a',
      appAweme({
        id: POST_ID,
        desc: 'Three shots #live',
        handle: 'liveplay',
        plays: 10,
        likes: 1,
        comments: 0,
        shares: 0,
        durationMs: 8_000,
        playUrl: provider.setMedia('live-play.mp4', await readFile(video)),
        coverUrl: provider.setMedia('live-cover.png', await readFile(png), 'image/png'),
      }),
    );
    rmSync(png);
    openai.setTranscription({ segments: [{ start: 0.2, end: 2, text: 'Watch this.' }] });
    openai.setAnswerFor('playbook_document', () => document);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await Promise.all([provider?.close(), openai?.close()]);
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('a confirmed live run is billed; its cover, frames and video come through the egress guard once', async () => {
    const account = await createAccount(t.app, { apiAccess: true });
    await grant(t.app, account.id, FUNDS, 'live');
    const agent = request.agent(t.app.getHttpServer());
    await agent.post('/auth/sign-in').send({ email: account.email, password: account.password });

    const body = { operation: 'playbook', input: { url: URL } };
    const unconfirmed = await agent.post('/account/jobs?mode=live').send(body);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error.code).toBe('price_confirmation_required');
    const res = await agent
      .post('/account/jobs?mode=live')
      .send({ ...body, confirm_price_usd: '0.200000' });
    expect(res.status).toBe(202);
    expect(res.body.livemode).toBe(true);
    let job = res.body as Job;
    for (let i = 0; i < 600 && !FINAL.has(job.status); i++) {
      await sleep(100);
      job = (await agent.get(`/account/jobs/${job.id}?mode=live`)).body as Job;
    }
    expect({ status: job.status, error: job.error }).toEqual({ status: 'succeeded', error: null });
    expect(job.billing.charged_usd).toBe('0.200000');
    expect((await balanceOf(t.app, account.id, 'live')).balance).toBe(FUNDS - 200_000);
    const videoFetchesByRun = provider.calls('/media/live-play.mp4');

    const get = (rest: string, mode = 'live') =>
      agent
        .get(`/account/jobs/${job.id}/media/${rest}?mode=${mode}`)
        .buffer(true)
        .parse(binary) as unknown as Promise<request.Response & { body: Buffer }>;
    // The provider's PNG cover, served as a JPEG of our own.
    const cover = await get('cover/0');
    expect(cover.status).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    expect(isJpeg(cover.body)).toBe(true);
    expect(provider.calls('/media/live-cover.png')).toBe(1);

    const scenes = (job.result!.playbook as { scenes: unknown[] }).scenes;
    expect(scenes).toHaveLength(3);
    for (let i = 0; i < scenes.length; i++) {
      const frame = await get(`frame/${i}`);
      expect(frame.status).toBe(200);
      expect(isJpeg(frame.body)).toBe(true);
    }
    const video = await get('video');
    expect(video.status).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    const ranged = await agent
      .get(`/account/jobs/${job.id}/media/video?mode=live`)
      .set('Range', 'bytes=0-15');
    expect(ranged.status).toBe(206);
    expect((await get('frame/1')).status).toBe(200);
    // The video was fetched once for all of that (frames, the player, a second frame request).
    expect(provider.calls('/media/live-play.mp4') - videoFetchesByRun).toBe(1);
    expect(t.app.get(PlaygroundMediaService).stats().frameExtractions).toBe(1);
    // Not in test mode: the job is live.
    expect((await agent.get(`/account/jobs/${job.id}/media/frame/0?mode=test`)).status).toBe(404);

    // Two rows: the unconfirmed attempt (400, free) and the run (200, charged).
    for (let i = 0; i < 50; i++) {
      const usage = await agent.get('/account/usage?mode=live&source=dashboard');
      if (usage.body.items.length === 2) {
        expect(usage.body.items).toEqual([
          expect.objectContaining({ status: 200, keyId: null, chargedMicros: 200_000 }),
          expect.objectContaining({
            status: 400,
            errorCode: 'price_confirmation_required',
            chargedMicros: 0,
          }),
        ]);
        return;
      }
      await sleep(100);
    }
    throw new Error('the live run left no usage row');
  }, 120_000);
});
