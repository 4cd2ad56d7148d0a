import { dominantScript, scriptEvidence } from '@reelscout/domain';
import request from 'supertest';
import { PlaybookModule } from '../src/playbook/playbook.module';
import { sandboxCatalogue } from '../src/providers';
import { balanceOf, createFundedKey } from './support/fixtures';
import { securitySuite } from './support/security-suite';
import { createTestApp, type TestApp } from './support/test-app';
import {
  FUNDS,
  type PlaybookBody,
  timingsOf,
  expectPlaybookShape,
} from './support/playbook-spec-shared';

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
