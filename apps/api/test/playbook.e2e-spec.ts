import { Logger } from '@nestjs/common';
import { dominantScript, scriptEvidence } from '@reelscout/domain';
import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import request from 'supertest';
import { PlaybookModule } from '../src/playbook/playbook.module';
import { sandboxCatalogue } from '../src/providers';
import { SandboxMediaRendererService } from '../src/sandbox-media/sandbox-media.renderer';
import { type SandboxVideoSpec } from '../src/sandbox-media/sandbox-media.types';
import {
  appAweme,
  OPENAI_PATHS,
  startFakeOpenAI,
  startFakeProvider,
  type FakeOpenAI,
  type FakeProvider,
} from './fakes';
import { balanceOf, createFundedKey } from './support/fixtures';
import { securitySuite } from './support/security-suite';
import { type TestApp, createTestApp } from './support/test-app';

const FUNDS = 10_000_000;

interface Timed {
  start: number;
  end: number;
  text?: string;
}

interface PlaybookBody {
  reel: Record<string, unknown>;
  language: string;
  analyzedSeconds: number;
  playbook: {
    version: number;
    tier: string;
    overview: Record<string, unknown>;
    hook: Timed & { text: string; why: string };
    transcript: { language: string | null; source: string; fullText: string; segments: Timed[] };
    scenes: (Timed & { description: string })[];
    overlays: (Timed & { text: string; source: string })[];
    pacing: Record<string, unknown>;
    playbook: {
      script: { t: number; line: string }[];
      shotList: string[];
      caption: string;
      cta: string;
    };
    experiments: unknown[];
    caveats: string[];
  };
}

/** Every timing a playbook document holds. */
function timingsOf(body: PlaybookBody): number[] {
  const doc = body.playbook;
  return [
    doc.hook.start,
    doc.hook.end,
    ...[...doc.scenes, ...doc.overlays, ...doc.transcript.segments].flatMap((s) => [
      s.start,
      s.end,
    ]),
    ...doc.playbook.script.map((beat) => beat.t),
  ];
}

/** The public contract: every field docs/playbook.md names, with its type. */
function expectPlaybookShape(body: PlaybookBody): void {
  expect(Object.keys(body).sort()).toEqual(['analyzedSeconds', 'language', 'playbook', 'reel']);
  expect(Object.keys(body.reel).sort()).toEqual(
    ['authorHandle', 'caption', 'durationSec', 'id', 'market', 'url'].sort(),
  );
  const doc = body.playbook;
  expect(Object.keys(doc).sort()).toEqual(
    [
      'version',
      'tier',
      'overview',
      'hook',
      'transcript',
      'scenes',
      'overlays',
      'pacing',
      'format',
      'playbook',
      'experiments',
      'caveats',
    ].sort(),
  );
  expect(doc.version).toBe(2);
  expect(doc.tier).toBe('full');
  expect(doc.hook.text.length).toBeGreaterThan(0);
  expect(doc.hook.why.length).toBeGreaterThan(0);
  expect(doc.scenes.length).toBeGreaterThan(0);
  expect(doc.scenes[0].start).toBe(0);
  expect(doc.scenes.at(-1)!.end).toBe(body.analyzedSeconds);
  doc.scenes.forEach((scene, i) => {
    expect(scene.start).toBeLessThan(scene.end);
    expect(scene.description.length).toBeGreaterThan(0);
    if (i > 0) expect(scene.start).toBe(doc.scenes[i - 1].end);
  });
  expect(doc.playbook.script.length).toBeGreaterThan(0);
  for (const beat of doc.playbook.script) expect(typeof beat.line).toBe('string');
  expect(doc.playbook.shotList.every((shot) => typeof shot === 'string')).toBe(true);
  expect(typeof doc.playbook.caption).toBe('string');
  expect(typeof doc.playbook.cta).toBe('string');
  expect(Array.isArray(doc.experiments)).toBe(true);
  expect(Array.isArray(doc.caveats)).toBe(true);
  for (const t of timingsOf(body)) {
    expect(t).toBeGreaterThanOrEqual(0);
    expect(t).toBeLessThanOrEqual(body.analyzedSeconds);
  }
}

describe('playbook in test mode (sandbox)', () => {
  let t: TestApp;
  const catalogue = sandboxCatalogue();
  const post = (key: string, body: unknown, headers: Record<string, string> = {}) => {
    let req = request(t.app.getHttpServer())
      .post('/v1/playbook')
      .set('Authorization', `Bearer ${key}`);
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    return req.send(body as object);
  };

  beforeAll(async () => {
    t = await createTestApp({ extraImports: [PlaybookModule] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('clips the 200-second video to 120 s: scenes on its known cuts, transcript = its caption track, 0.200000, replayable', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'test' });
    const magic = catalogue.magicReel('network_a', 'longVideo')!;
    const url = 'https://www.tiktok.com/@sandbox/video/7000000000000000200';
    const res = await post(key, { url }, { 'Idempotency-Key': 'playbook-long-1' });
    expect(res.status).toBe(200);
    const body = res.body as PlaybookBody;
    expectPlaybookShape(body);
    expect(body.analyzedSeconds).toBe(120);
    expect(body.language).toBe('en');
    expect(body.reel).toEqual({
      id: '7000000000000000200',
      url: magic.post.url,
      market: 'network_a',
      authorHandle: magic.post.authorHandle,
      caption: magic.post.caption,
      durationSec: 200,
    });
    expect(body.playbook.overview).toEqual(
      expect.objectContaining({ analyzedSeconds: 120, durationSec: expect.any(Number) }),
    );
    expect(body.playbook.caveats.some((c) => c.includes('120'))).toBe(true);

    // Nothing beyond 120 s: every timing inside the span, and the closing overlay (197.5 s) absent.
    expect(Math.max(...timingsOf(body))).toBeLessThanOrEqual(120);
    expect(body.playbook.overlays.map((o) => o.text)).toEqual([magic.spec.overlays[0].text]);

    // Scene boundaries are the video's known cuts (±0.5 s), as measured by ffmpeg.
    const knownCuts = magic.spec.sceneCuts.filter((cut) => cut < 120 - 0.25);
    const measuredCuts = body.playbook.scenes.slice(1).map((scene) => scene.start);
    expect(measuredCuts).toHaveLength(knownCuts.length);
    measuredCuts.forEach((cut, i) => expect(Math.abs(cut - knownCuts[i])).toBeLessThanOrEqual(0.5));
    expect(body.playbook.pacing.sceneCount).toBe(knownCuts.length + 1);

    // The transcript is the caption track, clipped to the span.
    const track = magic.spec.captions
      .filter((line) => line.start < 120)
      .map((line) => ({ ...line, end: Math.min(120, line.end) }));
    expect(body.playbook.transcript.source).toBe('platform_captions');
    expect(body.playbook.transcript.segments).toEqual(track);
    expect(body.playbook.transcript.fullText).toBe(track.map((line) => line.text).join(' '));
    expect(body.playbook.hook).toEqual(
      expect.objectContaining({ text: magic.spec.overlays[0].text, start: 0 }),
    );

    expect(res.headers['x-service-charged-usd']).toBe('0.200000');
    expect(res.headers['x-service-balance-usd']).toBe('9.800000');

    const again = await post(key, { url }, { 'Idempotency-Key': 'playbook-long-1' });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['x-service-charged-usd']).toBe('0.200000');
    expect(again.body).toEqual(res.body);
    expect(await balanceOf(t.app, account.id)).toEqual({
      balance: FUNDS - 200_000,
      held: 0,
      available: FUNDS - 200_000,
    });
  });

  it('a network_b share text in `traditional` gives zh-Hant with Traditional characters throughout', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    const reel = catalogue.reelAt('network_b', 'home-coffee', 0)!;
    const shareText = `7.43 pda:/ 在家做咖啡 https://v.douyin.com/sandbox1/ 复制此链接，打开Dou音搜索，直接观看视频！`;
    const res = await post(key, { url: shareText, language: 'traditional' });
    expect(res.status).toBe(200);
    const body = res.body as PlaybookBody;
    expectPlaybookShape(body);
    expect(body.language).toBe('zh-Hant');
    expect(body.reel.id).toBe(reel.post.namespacedId);
    expect(body.reel.id).toMatch(/^network_b:\d{19}$/);
    expect(body.reel.market).toBe('network_b');

    const evidence = scriptEvidence(JSON.stringify(body.playbook));
    expect(evidence.simplified).toBe(0);
    expect(dominantScript(evidence)).toBe('traditional');
    // The same speech, timed as the caption track, in Traditional characters.
    expect(body.playbook.transcript.language).toBe('zh-Hant');
    expect(body.playbook.transcript.segments.map(({ start, end }) => ({ start, end }))).toEqual(
      reel.spec.captions.map(({ start, end }) => ({ start, end })),
    );
    expect(body.playbook.transcript.segments[0].text).toBe('先把新鮮咖啡豆現磨好。');
    // The video's on-screen text, exactly timed, once each (not again as a key-frame reading).
    expect(body.playbook.overlays).toEqual([
      { start: 0, end: 2.5, text: '別再花冤枉錢買拿鐵了', source: 'sandbox_spec' },
      { start: 29.5, end: 32, text: '關注我看下期', source: 'sandbox_spec' },
    ]);
  });

  it('defaults to zh-Hans for network_b and en for network_a', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    const reel = catalogue.reelAt('network_b', 'home-coffee', 0)!;
    const zh = await post(key, { url: reel.post.url });
    expect(zh.status).toBe(200);
    expect(zh.body.language).toBe('zh-Hans');
    expect(zh.body.playbook.transcript.segments).toEqual(reel.spec.captions);
    const en = await post(key, { url: 'https://vm.tiktok.com/ZMsandbox1/', language: 'ZH-cn' });
    expect(en.status).toBe(200);
    expect(en.body.language).toBe('zh-Hans');
    expect(en.body.reel.id).toBe(catalogue.reelAt('network_a', 'home-coffee', 0)!.post.id);
    expect(en.body.reel.market).toBe('network_a');
  });

  it.each([
    ['an Instagram reel', 'https://www.instagram.com/reel/SANDBOXreel1/', 'instagram:SANDBOXreel1'],
    ['a YouTube short', 'https://www.youtube.com/shorts/sandboxYT02', 'youtube:sandboxYT02'],
  ])('%s resolves to a namespaced id on network_a', async (_label, url, id) => {
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    const res = await post(key, { url });
    expect(res.status).toBe(200);
    expectPlaybookShape(res.body as PlaybookBody);
    expect(res.body.reel.id).toBe(id);
    expect(res.body.reel.market).toBe('network_a');
    expect(res.body.language).toBe('en');
    expect(res.headers['x-service-charged-usd']).toBe('0.200000');
  });

  it.each([
    ['photo post', 'https://www.tiktok.com/@sandbox/video/7000000000000000204'],
    ['deleted post', 'https://www.douyin.com/video/7100000000000000410'],
    ['short link to a photo post', 'https://vm.tiktok.com/ZMsandboxP/'],
  ])('a %s is 404 not_found, free', async (_label, url) => {
    const { account, key } = await createFundedKey(t.app, { mode: 'test' });
    const res = await post(key, { url });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(res.headers['x-service-charged-usd']).toBeUndefined();
    expect(await balanceOf(t.app, account.id)).toEqual({
      balance: FUNDS,
      held: 0,
      available: FUNDS,
    });
  });

  it.each([
    ['url', { url: 'https://example.com/watch?v=1' }],
    ['url', { url: 'https://www.tiktok.com/@maya' }],
    ['url', { url: 42 }],
    ['url', {}],
    ['language', { url: 'https://www.tiktok.com/@a/video/7400000443622845792', language: 'fr' }],
    ['tier', { url: 'https://www.tiktok.com/@a/video/7400000443622845792', tier: 'lite' }],
  ])('refuses a bad request with 400 naming %s (#%#), free', async (param, body) => {
    const { account, key } = await createFundedKey(t.app, { mode: 'test' });
    const res = await post(key, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.objectContaining({ code: 'invalid_request', param }));
    expect((await balanceOf(t.app, account.id)).balance).toBe(FUNDS);
  });

  it('a failing provider is 502 provider_error, free', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'test' });
    const res = await post(key, { url: 'https://www.douyin.com/video/7100000000000000502' });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('provider_error');
    expect(await balanceOf(t.app, account.id)).toEqual({
      balance: FUNDS,
      held: 0,
      available: FUNDS,
    });
  });

  it('documents request, response and errors in the OpenAPI document', async () => {
    const res = await request(t.app.getHttpServer()).get('/openapi.json');
    expect(res.status).toBe(200);
    const operation = res.body.paths['/v1/playbook'].post;
    expect(operation.requestBody.content['application/json'].schema.$ref).toMatch(
      /PlaybookRequestDto$/,
    );
    expect(operation.responses['200'].content['application/json'].schema.$ref).toMatch(
      /PlaybookResponseDto$/,
    );
    for (const status of ['400', '401', '402', '403', '404', '429', '502', '503', '504']) {
      expect(operation.responses[status]).toBeDefined();
    }
    const schemas = res.body.components.schemas;
    expect(schemas.PlaybookRequestDto.required).toEqual(['url']);
    expect(Object.keys(schemas.PlaybookRequestDto.properties).sort()).toEqual(['language', 'url']);
    expect(Object.keys(schemas.PlaybookDocumentDto.properties)).toHaveLength(12);
    expect(schemas.PlaybookPlanDto.properties.script.items.$ref).toMatch(/PlaybookScriptLineDto$/);
  });

  describe('shared security suite', () => {
    securitySuite(() => t.app, {
      method: 'post',
      path: '/v1/playbook',
      body: { url: 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792' },
    });
  });
});

describe('playbook deadline', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: { PLAYBOOK_DEADLINE_MS: '1000', SANDBOX_SLOW_DELAY_MS: '5000' },
      extraImports: [PlaybookModule],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a stalled provider is 504 timeout at the deadline, the hold voided', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'test' });
    const res = await request(t.app.getHttpServer())
      .post('/v1/playbook')
      .set('Authorization', `Bearer ${key}`)
      .send({ url: 'https://www.tiktok.com/@sandbox/video/7000000000000000504' });
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe('timeout');
    expect(await balanceOf(t.app, account.id)).toEqual({
      balance: FUNDS,
      held: 0,
      available: FUNDS,
    });
  });
});

describe('playbook in live mode (fake provider serving a real video, fake OpenAI)', () => {
  let t: TestApp;
  let provider: FakeProvider;
  let openai: FakeOpenAI;
  const POST_ID = '7411111111111111111';
  const URL = `https://www.tiktok.com/@livemaya/video/${POST_ID}`;
  /** A 12-second video with hard cuts at 3, 6.5 and 9 s and a music bed, no caption track. */
  const spec: SandboxVideoSpec = {
    key: 'e2e-live-playbook',
    durationSec: 12,
    sceneCuts: [3, 6.5, 9],
    overlays: [{ start: 0, end: 2, text: 'Cafe coffee at home' }],
    captions: [],
    audio: {
      key: 'e2e-live-playbook-bed',
      durationSec: 12,
      tempoBpm: 100,
      energy: 0.6,
      mood: 'bright',
    },
  };
  const spoken = [
    { start: 0.5, end: 2.8, text: 'Grind the beans right before you brew.' },
    { start: 3.2, end: 6.1, text: 'Pour in slow circles from the centre.' },
    { start: 6.8, end: 11.5, text: 'Wait thirty seconds, then pour the rest.' },
  ];
  const post = (key: string, body: unknown) =>
    request(t.app.getHttpServer())
      .post('/v1/playbook')
      .set('Authorization', `Bearer ${key}`)
      .send(body as object);

  /** A valid answer whose timings are deliberately a little off: anchoring must correct them. */
  const validDocument = () => ({
    version: 2,
    tier: 'full',
    overview: {
      summary: 'A 12-second pour-over tutorial.',
      audience: 'Home coffee beginners.',
      analyzedSeconds: 12,
      durationSec: 12,
      clipped: false,
    },
    hook: { text: 'Cafe coffee at home', why: 'Promises a saving up front.', start: 0, end: 2.5 },
    transcript: { language: null, source: 'transcription', fullText: '', segments: [] },
    scenes: [
      { start: 0, end: 3.3, description: 'Beans close-up' },
      { start: 3.3, end: 6.2, description: 'Pouring in circles' },
      { start: 6.2, end: 9.4, description: 'Timer on the scale' },
      { start: 9.4, end: 12, description: 'Finished cup' },
    ],
    overlays: [
      { start: 0, end: 2, text: 'Cafe coffee at home', source: 'key_frame' },
      { start: 7, end: 8, text: '30 s bloom', source: 'key_frame' },
    ],
    pacing: {
      analyzedSeconds: 12,
      sceneCount: 4,
      averageSceneSec: 3,
      cutsPerMinute: 15,
      rhythm: 'medium',
      notes: 'One step per shot.',
    },
    format: { name: 'Step tutorial', description: 'One step per shot.', whyItWorks: 'Clear.' },
    playbook: {
      script: [
        { t: 0.2, line: 'Cafe coffee, at home, in 12 seconds.' },
        { t: 3.4, line: 'Pour slowly in circles.' },
        { t: 11.9, line: 'Follow for the recipe.' },
      ],
      shotList: ['Beans', 'Pour', 'Timer', 'Cup'],
      setup: { camera: 'Phone, tripod', lighting: 'Window', audio: 'Lav mic', props: ['Kettle'] },
      editingGuide: { cutEverySec: 3, captions: 'Burned in', music: 'Low bed', notes: [] },
      caption: 'Cafe coffee at home #coffee',
      cta: 'Follow for more.',
    },
    experiments: [{ idea: 'Start with the cup', why: 'Payoff first' }],
    caveats: ['Your kitchen is not theirs.'],
  });
  /** Violates the schema's rules: a scene running past the 12 s the video lasts. */
  const invalidDocument = () => {
    const doc = validDocument();
    doc.scenes[3] = { start: 9.4, end: 15, description: 'Beyond the end' };
    return doc;
  };

  beforeAll(async () => {
    provider = await startFakeProvider();
    openai = await startFakeOpenAI();
    t = await createTestApp({
      env: {
        // The fakes serve media on 127.0.0.1: allowed the way an operator would allow it.
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_API_KEY: openai.apiKey,
        VIDEO_PROVIDER_MAX_RETRIES: '0',
        LLM_MAX_RETRIES: '0',
      },
      extraImports: [PlaybookModule],
    });
    const file = await t.app.get(SandboxMediaRendererService).videoFile(spec);
    const mediaUrl = provider.setMedia('live-playbook.mp4', await readFile(file));
    provider.addPost(
      'network_a',
      appAweme({
        id: POST_ID,
        desc: 'Cafe coffee at home #coffee',
        handle: 'livemaya',
        plays: 1000,
        likes: 100,
        comments: 5,
        shares: 3,
        durationMs: 12_000,
        playUrl: mediaUrl,
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([provider.close(), openai.close()]);
  });
  beforeEach(() => {
    provider.reset();
    openai.reset();
    openai.setTranscription({ segments: spoken });
  });

  it('an empty balance is 402 before any work: no provider or model call', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live', micros: 0 });
    const res = await post(key, { url: URL });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('insufficient_credit');
    expect(res.headers['x-service-balance-usd']).toBe('0.000000');
    expect(provider.connections).toBe(0);
    expect(openai.connections).toBe(0);
  });

  it('a document that breaks the rules once is asked for again: 2 calls, 200, timings anchored', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    let calls = 0;
    openai.setAnswerFor('playbook_document', () =>
      (calls += 1) === 1 ? invalidDocument() : validDocument(),
    );
    const res = await post(key, { url: URL });
    expect(res.status).toBe(200);
    expect(openai.callsFor('playbook_document')).toBe(2);
    expect(res.headers['x-service-charged-usd']).toBe('0.200000');
    const body = res.body as PlaybookBody;
    expectPlaybookShape(body);
    expect(body.reel).toEqual(
      expect.objectContaining({ id: POST_ID, market: 'network_a', authorHandle: 'livemaya' }),
    );
    expect(Math.abs(body.analyzedSeconds - 12)).toBeLessThan(0.1);

    // Scenes: our measured cuts (3, 6.5, 9 ± a frame), the model's descriptions.
    const cuts = body.playbook.scenes.slice(1).map((scene) => scene.start);
    expect(cuts).toHaveLength(3);
    [3, 6.5, 9].forEach((cut, i) => expect(Math.abs(cuts[i] - cut)).toBeLessThanOrEqual(0.1));
    expect(body.playbook.scenes.map((scene) => scene.description)).toEqual([
      'Beans close-up',
      'Pouring in circles',
      'Timer on the scale',
      'Finished cup',
    ]);
    // Transcript: the transcription (the post has no caption track), not the model's copy.
    expect(body.playbook.transcript.source).toBe('transcription');
    expect(body.playbook.transcript.segments).toEqual(spoken);
    expect(openai.calls(OPENAI_PATHS.transcriptions)).toBe(1);
    // Script beats snapped onto measured events (cuts and spoken lines) inside the span.
    const events = [...body.playbook.scenes.map((s) => s.start), ...spoken.map((s) => s.start)];
    expect(body.playbook.playbook.script.map((beat) => beat.t)).toEqual([
      0,
      3.2,
      expect.any(Number),
    ]);
    for (const beat of body.playbook.playbook.script.slice(0, 2)) {
      expect(events).toContainEqual(beat.t);
    }
    // Key-frame text spans its scene; no live overlay metadata exists.
    expect(body.playbook.overlays).toEqual([
      expect.objectContaining({ text: 'Cafe coffee at home', source: 'key_frame', start: 0 }),
      expect.objectContaining({
        text: '30 s bloom',
        source: 'key_frame',
        start: body.playbook.scenes[2].start,
        end: body.playbook.scenes[2].end,
      }),
    ]);

    const chat = openai.chatRequests().at(-1) as {
      response_format: { json_schema: { name: string; strict: boolean } };
      messages: { role: string; content: unknown }[];
    };
    expect(chat.response_format.json_schema).toEqual(
      expect.objectContaining({ name: 'playbook_document', strict: true }),
    );
    const parts = chat.messages.find((m) => m.role === 'user')!.content as { type: string }[];
    expect(parts.filter((part) => part.type === 'image_url')).toHaveLength(4);
  });

  it('a document that breaks the rules twice is 502 provider_error, nothing charged', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'live' });
    openai.setAnswerFor('playbook_document', () => invalidDocument());
    const res = await post(key, { url: URL });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('provider_error');
    expect(openai.callsFor('playbook_document')).toBe(2);
    expect(res.headers['x-service-charged-usd']).toBeUndefined();
    expect(await balanceOf(t.app, account.id, 'live')).toEqual({
      balance: FUNDS,
      held: 0,
      available: FUNDS,
    });
  });

  describe('media URLs the egress guard refuses (OUTBOUND_ALLOW_PRIVATE_HOSTS=127.0.0.1)', () => {
    let sentinel: Server;
    let sentinelConnections = 0;
    let nextId = 7411111111111200000n;
    beforeAll(async () => {
      // 127.0.0.2 is loopback too, but not in the allowance: nothing may connect to it.
      sentinel = createServer((socket) => {
        sentinelConnections += 1;
        socket.destroy();
      });
      await new Promise<void>((resolve) => sentinel.listen(0, '127.0.0.2', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => sentinel.close(() => resolve())));

    it.each([
      [
        'another loopback address',
        () => `http://127.0.0.2:${(sentinel.address() as AddressInfo).port}/v.mp4`,
        '127.0.0.2',
      ],
      [
        'the cloud metadata address',
        () => 'http://169.254.169.254/latest/meta-data/v.mp4',
        '169.254.169.254',
      ],
      [
        'a credentialed URL',
        () => 'https://user:pw@v16-webapp.tiktokcdn.example/v.mp4',
        'v16-webapp.tiktokcdn.example',
      ],
    ])(
      '%s: 502 provider_error, nothing charged, the host and reason logged',
      async (_case, mediaUrl, host) => {
        const id = String((nextId += 1n));
        provider.addPost(
          'network_a',
          appAweme({
            id,
            desc: 'refused media',
            handle: 'livemaya',
            comments: 1,
            shares: 1,
            playUrl: mediaUrl(),
          }),
        );
        const { account, key } = await createFundedKey(t.app, { mode: 'live' });
        const warn = jest.spyOn(Logger.prototype, 'warn');
        try {
          const res = await post(key, { url: `https://www.tiktok.com/@livemaya/video/${id}` });
          expect(res.status).toBe(502);
          expect(res.body.error.code).toBe('provider_error');
          expect(res.body.error.message).toMatch(/does not connect to/);
          expect(res.headers['x-service-charged-usd']).toBeUndefined();
          const logged = warn.mock.calls.map(
            (call) => call[0] as { host?: string; reason?: string },
          );
          expect(logged).toContainEqual({
            host: expect.stringContaining(host),
            reason: expect.any(String),
          });
        } finally {
          warn.mockRestore();
        }
        expect(await balanceOf(t.app, account.id, 'live')).toEqual({
          balance: FUNDS,
          held: 0,
          available: FUNDS,
        });
        expect(sentinelConnections).toBe(0);
        expect(openai.connections).toBe(0);
      },
    );
  });
});
