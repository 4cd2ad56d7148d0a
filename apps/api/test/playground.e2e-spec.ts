import { readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client } from 'pg';
import request from 'supertest';
import { FfmpegRunner } from '../src/media-analysis/ffmpeg.runner';
import { FRAMES_PER_RUN, PlaygroundMediaService } from '../src/playground/playground-media.service';
import { SandboxMediaRendererService } from '../src/sandbox-media/sandbox-media.renderer';
import { type SandboxVideoSpec } from '../src/sandbox-media/sandbox-media.types';
import {
  appAweme,
  startFakeOpenAI,
  startFakeProvider,
  type FakeOpenAI,
  type FakeProvider,
} from './fakes';
import {
  createKey,
  balanceOf,
  createAccount,
  grant,
  type AccountFixture,
} from './support/fixtures';
import { sleep } from './support/local-servers';
import { type TestApp, createTestApp } from './support/test-app';

const COFFEE_0 = 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792';
const PHOTO_POST = 'https://www.tiktok.com/@sandbox/video/7000000000000000204';
const FUNDS = 10_000_000;
const FINAL = new Set(['succeeded', 'failed', 'canceled']);

type Agent = ReturnType<typeof request.agent>;

interface Job {
  id: string;
  operation: string;
  mode: string;
  livemode: boolean;
  status: string;
  result: Record<string, unknown> | null;
  error: { error: { code: string } } | null;
  billing: { held_usd: string; charged_usd: string | null };
}

interface SignedInAccount {
  account: AccountFixture;
  agent: Agent;
  key: string;
}

const INPUTS = {
  assist: { message: 'What latte art reels are working right now?' },
  scan: { query: 'latte art at home', limit: 5 },
  playbook: { url: COFFEE_0 },
  music: { url: COFFEE_0, limit: 5 },
} as const;

const CHARGES = {
  assist: 10_000,
  scan: 37_500,
  playbook: 200_000,
  music: 250_000,
} as const;

/** The JPEG start-of-image marker. */
const isJpeg = (body: Buffer) =>
  body.length > 100 && body.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));

/** supertest reads binary bodies into a Buffer with this parser. */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/**
 * The dashboard playground's back end: runs as async jobs of the signed-in account
 * (no key, `source: dashboard`), billed like /v1 calls, and the media of their results through
 * our own cache, scoped to the account and mode. On the real database, with the worker, the
 * sandbox and ffmpeg (no mocks).
 */
describe('playground (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let mediaDir: string;
  let owner: SignedInAccount;
  let other: SignedInAccount;
  const jobs: Partial<Record<keyof typeof INPUTS, Job>> = {};
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'reelscout-playground-e2e-'));
    t = await createTestApp({
      env: {
        PLAYGROUND_MEDIA_DIR: mediaDir,
        JOBS_HEARTBEAT_MS: '100',
        DASHBOARD_RATE_LIMIT_PER_MIN: '100000',
        // The playground's plumbing is proven here, not music's ranking breadth: 8 sounds.
        MUSIC_MAX_CANDIDATES: '8',
      },
    });
    db = t.sql;
    owner = await party(FUNDS);
    other = await party(FUNDS);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  async function party(testCredit: number): Promise<SignedInAccount> {
    const account = await createAccount(t.app, { apiAccess: true });
    if (testCredit > 0) {
      await grant(t.app, account.id, testCredit);
    }
    const { key } = await createKey(t.app, account.id, 'test');
    const agent = request.agent(server());
    const signIn = await agent
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    expect(signIn.status).toBe(200);
    return { account, agent, key };
  }

  const run = (agent: Agent, body: object, mode: 'test' | 'live' = 'test') =>
    agent.post(`/account/jobs?mode=${mode}`).send(body);

  async function waitForEnd(agent: Agent, id: string, mode = 'test'): Promise<Job> {
    for (let i = 0; i < 600; i++) {
      const res = await agent.get(`/account/jobs/${id}?mode=${mode}`);
      expect(res.status).toBe(200);
      if (FINAL.has(res.body.status)) return res.body as Job;
      await sleep(100);
    }
    throw new Error(`job ${id} did not end`);
  }

  /** The usage rows of the account's dashboard runs (written once each job ended; bounded wait). */
  async function dashboardUsage(agent: Agent, count: number) {
    for (let i = 0; i < 100; i++) {
      const res = await agent.get('/account/usage?mode=test&source=dashboard&limit=200');
      expect(res.status).toBe(200);
      if (res.body.items.length >= count) return res.body.items as Record<string, unknown>[];
      await sleep(100);
    }
    throw new Error('the usage rows were not written');
  }

  const media = (agent: Agent, path: string, headers: Record<string, string> = {}) =>
    agent.get(path).set(headers).buffer(true).parse(binary) as unknown as Promise<
      request.Response & { body: Buffer }
    >;

  describe('runs', () => {
    it.each(Object.keys(INPUTS) as (keyof typeof INPUTS)[])(
      '%s in test mode: 202, then succeeded with the /v1 result, billed, usage source dashboard',
      async (operation) => {
        const before = (await balanceOf(t.app, owner.account.id)).balance;
        const res = await run(owner.agent, { operation, input: INPUTS[operation] });
        expect(res.status).toBe(202);
        expect(res.body).toEqual(
          expect.objectContaining({ object: 'job', operation, mode: 'async', livemode: false }),
        );
        expect(['queued', 'running', 'succeeded']).toContain(res.body.status);
        expect(res.headers.location).toBe(`/account/jobs/${res.body.id}?mode=test`);
        expect(res.headers['x-job-id']).toBe(res.body.id);

        const job = await waitForEnd(owner.agent, res.body.id);
        expect(job.status).toBe('succeeded');
        expect(job.billing.charged_usd).toBe((CHARGES[operation] / 1e6).toFixed(6));
        jobs[operation] = job;

        // The same call through /v1 (a key of the same account) answers the same result.
        const v1 = await request(server())
          .post(`/v1/${operation}`)
          .set('Authorization', `Bearer ${owner.key}`)
          .send(INPUTS[operation]);
        expect(v1.status).toBe(200);
        // (music's notes say how many sound analyses came from the cache: the second call's did)
        const withoutNotes = (body: Record<string, unknown> | null) =>
          operation === 'music' ? { ...body, notes: [] } : body;
        expect(withoutNotes(job.result)).toEqual(withoutNotes(v1.body));
        expect((await balanceOf(t.app, owner.account.id)).balance).toBe(
          before - 2 * CHARGES[operation],
        );

        const { rows } = await db.query(
          `SELECT key_id, source, subject, charged::bigint AS charged FROM jobs WHERE id = $1`,
          [job.id.replace(/^job_(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')],
        );
        expect(rows).toEqual([
          { key_id: null, source: 'dashboard', subject: null, charged: String(CHARGES[operation]) },
        ]);
      },
      120_000,
    );

    it('each run has one usage row: source dashboard, no key, its charge; the CSV says so too', async () => {
      const rows = await dashboardUsage(owner.agent, 4);
      expect(rows).toHaveLength(4);
      for (const operation of Object.keys(INPUTS) as (keyof typeof INPUTS)[]) {
        const row = rows.find((r) => r.operation === operation)!;
        expect(row).toEqual(
          expect.objectContaining({
            source: 'dashboard',
            keyId: null,
            status: 200,
            chargedMicros: CHARGES[operation],
            requestId: expect.any(String),
          }),
        );
      }
      const api = await owner.agent.get('/account/usage?mode=test&source=api&limit=200');
      expect(api.body.items.length).toBeGreaterThanOrEqual(4);
      expect(api.body.items.every((r: { source: string }) => r.source === 'api')).toBe(true);
      const csv = await owner.agent.get('/account/usage/export.csv?mode=test&source=dashboard');
      expect(csv.status).toBe(200);
      const lines = csv.text.trim().split('\n');
      expect(lines[0].split(',').at(-1)).toBe('source');
      expect(lines.slice(1).every((line) => line.endsWith(',dashboard'))).toBe(true);
    });

    it('validates input like /v1: same code, param pointed into input; nothing runs', async () => {
      const before = (await balanceOf(t.app, owner.account.id)).balance;
      const v1 = await request(server())
        .post('/v1/scan')
        .set('Authorization', `Bearer ${owner.key}`)
        .send({ query: 'coffee', limit: 50 });
      expect(v1.status).toBe(400);
      const cases: [object, string, string][] = [
        [
          { operation: 'scan', input: { query: 'coffee', limit: 50 } },
          'invalid_request',
          'input.limit',
        ],
        [
          { operation: 'scan', input: { query: 'coffee', extra: 1 } },
          'invalid_request',
          'input.extra',
        ],
        [
          { operation: 'playbook', input: { url: 'https://example.com/v/1' } },
          'invalid_request',
          'input.url',
        ],
        [
          { operation: 'playbook', input: { url: COFFEE_0, language: 'klingon' } },
          'invalid_request',
          'input.language',
        ],
        [{ operation: 'assist', input: {} }, 'invalid_request', 'input.message'],
        [{ operation: 'teleport', input: {} }, 'invalid_request', 'operation'],
        [{ operation: 'scan', input: 'coffee' }, 'invalid_request', 'input'],
        [
          { operation: 'scan', input: { query: 'x' }, account_id: other.account.id },
          'invalid_request',
          'account_id',
        ],
      ];
      for (const [body, code, param] of cases) {
        const res = await run(owner.agent, body);
        expect({
          body,
          status: res.status,
          code: res.body.error?.code,
          param: res.body.error?.param,
        }).toEqual({
          body,
          status: 400,
          code,
          param,
        });
      }
      const scan = await run(owner.agent, cases[0][0]);
      expect(scan.body.error.message).toBe(v1.body.error.message);
      expect(`input.${v1.body.error.param}`).toBe(scan.body.error.param);
      expect((await balanceOf(t.app, owner.account.id)).balance).toBe(before);
    });

    it('live mode: without or with a wrong confirm_price_usd → 400, nothing charged or created', async () => {
      await grant(t.app, owner.account.id, FUNDS, 'live');
      const jobsBefore = await db.query(
        `SELECT count(*)::int AS n FROM jobs WHERE account_id = $1`,
        [owner.account.id],
      );
      for (const confirm of [undefined, '0.100000', '0.150000', '1', '0.037500 ']) {
        const res = await run(
          owner.agent,
          {
            operation: 'scan',
            input: INPUTS.scan,
            ...(confirm === undefined ? {} : { confirm_price_usd: confirm }),
          },
          'live',
        );
        expect(res.status).toBe(400);
        expect(res.body.error.param).toBe('confirm_price_usd');
        if (confirm === undefined || /^\d+\.\d{6}$/.test(confirm)) {
          expect(res.body.error.code).toBe('price_confirmation_required');
          expect(res.headers['x-service-price-usd']).toBe('0.037500');
        }
      }
      // The right price passes the confirmation; no live provider is configured here: 503.
      const confirmed = await run(
        owner.agent,
        { operation: 'scan', input: INPUTS.scan, confirm_price_usd: '0.037500' },
        'live',
      );
      expect(confirmed.status).toBe(503);
      expect(confirmed.body.error.code).toBe('provider_unavailable');
      expect((await balanceOf(t.app, owner.account.id, 'live')).balance).toBe(FUNDS);
      const jobsAfter = await db.query(
        `SELECT count(*)::int AS n FROM jobs WHERE account_id = $1`,
        [owner.account.id],
      );
      expect(jobsAfter.rows[0].n).toBe(jobsBefore.rows[0].n);
      const held = await db.query(
        `SELECT count(*)::int AS n FROM holds WHERE account_id = $1 AND mode = 'live'`,
        [owner.account.id],
      );
      expect(held.rows[0].n).toBe(0);
    });

    it('test mode needs no confirmation; with no credit the run is 402 before any work', async () => {
      const broke = await party(0);
      const res = await run(broke.agent, { operation: 'playbook', input: INPUTS.playbook });
      expect(res.status).toBe(402);
      expect(res.body.error.code).toBe('insufficient_credit');
      expect(res.headers['x-service-balance-usd']).toBe('0.000000');
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM jobs WHERE account_id = $1`, [
        broke.account.id,
      ]);
      expect(rows[0].n).toBe(0);
      expect((await balanceOf(t.app, broke.account.id)).balance).toBe(0);
      // Its usage row says so: a dashboard call, refused, free.
      const usage = await dashboardUsage(broke.agent, 1);
      expect(usage[0]).toEqual(
        expect.objectContaining({
          status: 402,
          errorCode: 'insufficient_credit',
          chargedMicros: 0,
        }),
      );
    });

    it('an account without API access cannot run (403)', async () => {
      const account = await createAccount(t.app, { apiAccess: false });
      const agent = request.agent(server());
      await agent.post('/auth/sign-in').send({ email: account.email, password: account.password });
      const res = await run(agent, { operation: 'assist', input: INPUTS.assist });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    });
  });

  describe('media', () => {
    const path = (operation: keyof typeof INPUTS, rest: string, mode = 'test') =>
      `/account/jobs/${jobs[operation]!.id}/media/${rest}?mode=${mode}`;

    it('scan: each reel cover is a JPEG from our cache, private, with an ETag (304)', async () => {
      const reels = jobs.scan!.result!.reels as unknown[];
      expect(reels.length).toBe(5);
      for (let i = 0; i < reels.length; i++) {
        const res = await media(owner.agent, path('scan', `cover/${i}`));
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toBe('private, max-age=3600');
        expect(isJpeg(res.body)).toBe(true);
      }
      const first = await media(owner.agent, path('scan', 'cover/0'));
      const again = await owner.agent
        .get(path('scan', 'cover/0'))
        .set('If-None-Match', first.headers.etag as string);
      expect(again.status).toBe(304);
      const out = await owner.agent.get(path('scan', `cover/${reels.length}`));
      expect(out.status).toBe(404);
      expect(out.body.error).toEqual(
        expect.objectContaining({ code: 'not_found', param: 'index' }),
      );
    });

    it('playbook: one JPEG frame per scene, all extracted in one ffmpeg run; later requests are hits', async () => {
      const scenes = (jobs.playbook!.result!.playbook as { scenes: unknown[] }).scenes;
      expect(scenes.length).toBeGreaterThan(1);
      const stats = () => t.app.get(PlaygroundMediaService).stats();
      const before = stats();
      const frames: Buffer[] = [];
      for (let i = 0; i < scenes.length; i++) {
        const res = await media(owner.agent, path('playbook', `frame/${i}`));
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(isJpeg(res.body)).toBe(true);
        frames.push(res.body);
      }
      expect(stats().frameExtractions - before.frameExtractions).toBe(
        Math.ceil(scenes.length / FRAMES_PER_RUN),
      );
      expect(stats().framesExtracted - before.framesExtracted).toBe(scenes.length);
      // Frames differ (each scene is a different shot).
      expect(new Set(frames.map((f) => f.toString('base64'))).size).toBe(scenes.length);
      const filesBefore = readdirSync(mediaDir).length;
      const again = await media(owner.agent, path('playbook', 'frame/0'));
      expect(again.status).toBe(200);
      expect(again.body.equals(frames[0])).toBe(true);
      expect(stats().frameExtractions - before.frameExtractions).toBe(1);
      expect(readdirSync(mediaDir).length).toBe(filesBefore);

      const out = await owner.agent.get(path('playbook', `frame/${scenes.length}`));
      expect(out.status).toBe(404);
      expect(out.body.error.param).toBe('index');
      for (const bad of ['-1', '01', '1.5', 'x', '1000']) {
        const res = await owner.agent.get(path('playbook', `frame/${bad}`));
        expect({ bad, status: res.status }).toEqual({ bad, status: 404 });
      }
    }, 120_000);

    it('playbook: the video answers Range requests with 206, and has a JPEG cover', async () => {
      const full = await media(owner.agent, path('playbook', 'video'));
      expect(full.status).toBe(200);
      expect(full.headers['content-type']).toBe('video/mp4');
      expect(full.headers['accept-ranges']).toBe('bytes');
      const size = full.body.length;
      expect(size).toBeGreaterThan(10_000);
      const ranged = (await owner.agent
        .get(path('playbook', 'video'))
        .set('Range', 'bytes=100-199')
        .buffer(true)
        .parse(binary)) as unknown as request.Response & { body: Buffer };
      expect(ranged.status).toBe(206);
      expect(ranged.headers['content-range']).toBe(`bytes 100-199/${size}`);
      expect(ranged.body.equals(full.body.subarray(100, 200))).toBe(true);
      // Past the end: 416 with our JSON error, not cached, none of the file's headers.
      const unsatisfiable = await owner.agent
        .get(path('playbook', 'video'))
        .set('Range', `bytes=${size + 10}-${size + 20}`);
      expect(unsatisfiable.status).toBe(416);
      expect(unsatisfiable.headers['content-type']).toMatch(/^application\/json/);
      expect(unsatisfiable.headers['content-range']).toBe(`bytes */${size}`);
      expect(unsatisfiable.headers['cache-control']).toBe('no-store');
      expect(unsatisfiable.headers.etag).toBeUndefined();
      expect(unsatisfiable.body.error).toMatchObject({ code: 'invalid_request', param: 'Range' });
      // A write precondition does not apply to a read: the file, not a 412 or 500.
      const ifMatch = await media(owner.agent, path('playbook', 'video'), { 'If-Match': '"x"' });
      expect(ifMatch.status).toBe(200);
      const cover = await media(owner.agent, path('playbook', 'cover/0'));
      expect(cover.status).toBe(200);
      expect(isJpeg(cover.body)).toBe(true);
      expect((await owner.agent.get(path('playbook', 'cover/1'))).status).toBe(404);
    });

    it('music: each audio preview is playable audio, Range supported; no frames (never analysed)', async () => {
      const suggestions = jobs.music!.result!.suggestions as unknown[];
      expect(suggestions.length).toBeGreaterThan(0);
      const audio = await media(owner.agent, path('music', 'audio/0'));
      expect(audio.status).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/mp4');
      expect(audio.body.subarray(4, 8).toString('latin1')).toBe('ftyp');
      const ranged = await owner.agent.get(path('music', 'audio/0')).set('Range', 'bytes=0-9');
      expect(ranged.status).toBe(206);
      const video = await media(owner.agent, path('music', 'video'));
      expect(video.status).toBe(200);
      expect(video.headers['content-type']).toBe('video/mp4');
      const frame = await owner.agent.get(path('music', 'frame/0'));
      expect(frame.status).toBe(404);
      expect(frame.body.error.code).toBe('not_found');
      expect((await owner.agent.get(path('music', `audio/${suggestions.length}`))).status).toBe(
        404,
      );
    }, 120_000);

    it('a frame of a video we never analysed is 404: scan and assist jobs, a failed playbook', async () => {
      for (const operation of ['scan', 'assist'] as const) {
        const res = await owner.agent.get(path(operation, 'frame/0'));
        expect({ operation, status: res.status, code: res.body.error?.code }).toEqual({
          operation,
          status: 404,
          code: 'not_found',
        });
      }
      const failed = await run(owner.agent, { operation: 'playbook', input: { url: PHOTO_POST } });
      expect(failed.status).toBe(202);
      const ended = await waitForEnd(owner.agent, failed.body.id);
      expect(ended.status).toBe('failed');
      expect(ended.error!.error.code).toBe('not_found');
      for (const rest of ['frame/0', 'video', 'cover/0']) {
        const res = await owner.agent.get(`/account/jobs/${ended.id}/media/${rest}?mode=test`);
        expect({ rest, status: res.status }).toEqual({ rest, status: 404 });
      }
    });

    it('another account gets 404 for the run and every media route (either mode); so does the wrong mode', async () => {
      const routes = [
        ...(['scan', 'playbook', 'music'] as const).map((op) => [op, 'cover/0'] as const),
        ['playbook', 'frame/0'],
        ['playbook', 'video'],
        ['music', 'video'],
        ['music', 'audio/0'],
      ] as const;
      for (const [operation, rest] of routes) {
        for (const mode of ['test', 'live']) {
          const res = await other.agent.get(path(operation, rest, mode));
          expect({ operation, rest, mode, status: res.status, code: res.body.error?.code }).toEqual(
            {
              operation,
              rest,
              mode,
              status: 404,
              code: 'not_found',
            },
          );
        }
        // The owner, in the other mode: not found either (scoped to the mode).
        expect((await owner.agent.get(path(operation, rest, 'live'))).status).toBe(404);
      }
      for (const operation of Object.keys(INPUTS) as (keyof typeof INPUTS)[]) {
        const res = await other.agent.get(`/account/jobs/${jobs[operation]!.id}?mode=test`);
        expect(res.status).toBe(404);
      }
      // Without a session: 401.
      const anonymous = await request(server()).get(path('playbook', 'frame/0'));
      expect(anonymous.status).toBe(401);
    });
  });
});

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
