import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { SandboxMediaRendererService } from '../src/sandbox-media/sandbox-media.renderer';
import type { SandboxVideoSpec } from '../src/sandbox-media/sandbox-media.types';
import { PlaybookModule } from '../src/playbook/playbook.module';
import {
  appAweme,
  OPENAI_PATHS,
  startFakeOpenAI,
  startFakeProvider,
  type FakeOpenAI,
  type FakeProvider,
} from './fakes';
import { balanceOf, createFundedKey } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { FUNDS, type PlaybookBody, expectPlaybookShape } from './support/playbook-spec-shared';

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
