import { readFile } from 'node:fs/promises';
import { type Client } from 'pg';
import request from 'supertest';
import { SandboxMediaRendererService } from '../src/sandbox-media/sandbox-media.renderer';
import {
  appAweme,
  OPENAI_PATHS,
  PROVIDER_PATHS,
  startFakeOpenAI,
  startFakeProvider,
  type FakeOpenAI,
  type FakeProvider,
} from './fakes';
import type { FakeBehavior } from './fakes/fake-http';
import { balanceOf, createFundedKey } from './support/fixtures';
import { waitForValue } from './support/local-servers';
import { createTestApp, type TestApp } from './support/test-app';

/** Each fault the issue names, as the fakes produce it, with the status the caller must get. */
const FAULTS: { name: string; behavior: FakeBehavior; status: number[] }[] = [
  { name: 'latency past the deadline', behavior: { delayMs: 9_000 }, status: [504] },
  { name: 'hang', behavior: { hang: true }, status: [504] },
  { name: 'connection reset', behavior: { reset: true }, status: [502] },
  {
    name: '5xx',
    behavior: { status: 503, json: { detail: 'PROVIDER_SECRET_TEXT upstream' } },
    status: [502, 503],
  },
  {
    name: '429',
    behavior: { status: 429, json: { detail: 'PROVIDER_SECRET_TEXT slow down' } },
    status: [502, 503],
  },
  { name: 'malformed JSON', behavior: { malformed: true }, status: [502] },
  { name: 'an empty 200', behavior: { empty: true }, status: [502] },
];

const TRUNCATED = {
  name: 'a truncated media download',
  behavior: { truncateAt: 2_048 },
  status: [502],
};
const MEDIA_NAME = 'faults-video.mp4';
const VIDEO_ID = '7430000000000000777';

interface Target {
  operation: string;
  path: string;
  body: Record<string, unknown>;
  /** The healthy call may legitimately be free (music with an empty pool). */
  mayBeFree?: boolean;
  /** Where the fault is injected. */
  inject(provider: FakeProvider, openai: FakeOpenAI, behavior: FakeBehavior): void;
}

const ids = Array.from({ length: 5 }, (_, i) => `74300000000000000${i}0`);

const TARGETS: Target[] = [
  {
    operation: 'assist',
    path: '/v1/assist',
    body: { message: 'find coffee reels' },
    inject: (_p, openai, behavior) => openai.setBehavior(OPENAI_PATHS.chatCompletions, behavior),
  },
  {
    operation: 'scan (provider)',
    path: '/v1/scan',
    body: { query: 'coffee', market: 'network_a', limit: 3 },
    inject: (provider, _o, behavior) => {
      provider.setBehavior(PROVIDER_PATHS.networkASearchApp, behavior);
      provider.setBehavior(PROVIDER_PATHS.networkASearchWeb, behavior);
    },
  },
  {
    operation: 'scan (LLM planning)',
    path: '/v1/scan',
    body: { query: 'coffee', market: 'network_a', limit: 3 },
    inject: (_p, openai, behavior) => openai.setBehaviorFor('scan_plan', behavior),
  },
  {
    operation: 'playbook (post lookup)',
    path: '/v1/playbook',
    body: { url: `https://www.tiktok.com/@faults/video/${VIDEO_ID}` },
    inject: (provider, _o, behavior) => {
      provider.setBehavior(PROVIDER_PATHS.networkAPost, behavior);
      provider.setBehavior(PROVIDER_PATHS.networkAPostWeb, behavior);
    },
  },
  {
    operation: 'playbook (media download)',
    path: '/v1/playbook',
    body: { url: `https://www.tiktok.com/@faults/video/${VIDEO_ID}` },
    inject: (provider, _o, behavior) => provider.setBehavior(`/media/${MEDIA_NAME}`, behavior),
  },
  {
    operation: 'playbook (LLM document)',
    path: '/v1/playbook',
    body: { url: `https://www.tiktok.com/@faults/video/${VIDEO_ID}` },
    inject: (_p, openai, behavior) => openai.setBehaviorFor('playbook_document', behavior),
  },
  {
    operation: 'music (post lookup)',
    path: '/v1/music',
    body: { url: `https://www.tiktok.com/@faults/video/${VIDEO_ID}`, limit: 3 },
    mayBeFree: true,
    inject: (provider, _o, behavior) => {
      provider.setBehavior(PROVIDER_PATHS.networkAPost, behavior);
      provider.setBehavior(PROVIDER_PATHS.networkAPostWeb, behavior);
    },
  },
  {
    operation: 'music (media download)',
    path: '/v1/music',
    body: { url: `https://www.tiktok.com/@faults/video/${VIDEO_ID}`, limit: 3 },
    mayBeFree: true,
    inject: (provider, _o, behavior) => provider.setBehavior(`/media/${MEDIA_NAME}`, behavior),
  },
];

/** A valid version-2 document for the 6-second video (cuts at 2 and 4 s). */
const DOCUMENT = {
  version: 2,
  tier: 'full',
  overview: {
    summary: 'A short demo.',
    audience: 'Anyone.',
    analyzedSeconds: 6,
    durationSec: 6,
    clipped: false,
  },
  hook: { text: 'hello there', why: 'Greets the viewer.', start: 0, end: 2 },
  transcript: { language: null, source: 'transcription', fullText: '', segments: [] },
  scenes: [
    { start: 0, end: 2, description: 'Opening' },
    { start: 2, end: 4, description: 'Middle' },
    { start: 4, end: 6, description: 'End' },
  ],
  overlays: [],
  pacing: {
    analyzedSeconds: 6,
    sceneCount: 3,
    averageSceneSec: 2,
    cutsPerMinute: 20,
    rhythm: 'fast',
    notes: 'Quick.',
  },
  format: { name: 'Demo', description: 'Three shots.', whyItWorks: 'Short.' },
  playbook: {
    script: [{ t: 0.5, line: 'Hello there.' }],
    shotList: ['Open', 'Middle', 'End'],
    setup: { camera: 'Phone', lighting: 'Window', audio: 'Mic', props: [] },
    editingGuide: { cutEverySec: 2, captions: 'Burned in', music: 'Low', notes: [] },
    caption: 'Demo',
    cta: 'Follow.',
  },
  experiments: [{ idea: 'Shorter', why: 'Faster' }],
  caveats: ['Demo only.'],
};

describe('faults at the providers: right status, envelope, nothing charged, recoverable (e2e)', () => {
  let t: TestApp;
  let provider: FakeProvider;
  let openai: FakeOpenAI;
  let db: Client;
  let mediaFile: Buffer;

  beforeAll(async () => {
    provider = await startFakeProvider();
    openai = await startFakeOpenAI();
    t = await createTestApp({
      env: {
        // The fakes serve media on 127.0.0.1: allowed the way an operator would allow it.
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        VIDEO_PROVIDER_MAX_RETRIES: '0',
        VIDEO_PROVIDER_BREAKER_THRESHOLD: '100',
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_API_KEY: openai.apiKey,
        LLM_MAX_RETRIES: '0',
        ASSIST_DEADLINE_MS: '2500',
        SCAN_DEADLINE_MS: '2500',
        // Media operations get room for their healthy path under a loaded CI machine.
        PLAYBOOK_DEADLINE_MS: '6000',
        MUSIC_DEADLINE_MS: '6000',
        RATE_LIMIT_PER_KEY_PER_MIN: '10000',
      },
    });
    const file = await t.app.get(SandboxMediaRendererService).videoFile({
      key: 'faults-video',
      durationSec: 6,
      sceneCuts: [2, 4],
      overlays: [],
      captions: [{ start: 0.5, end: 2, text: 'hello there' }],
      audio: { key: 'faults-bed', durationSec: 6, tempoBpm: 100, energy: 0.5, mood: 'bright' },
    });
    mediaFile = await readFile(file);
    db = t.sql;
  });

  afterAll(async () => {
    await t.close();
    await Promise.all([provider.close(), openai.close()]);
  });

  function healthyFakes() {
    provider.reset();
    openai.reset();
    for (const [i, id] of ids.entries()) {
      provider.addPost(
        'network_a',
        appAweme({
          id,
          desc: `coffee ${i}`,
          handle: `f${i}`,
          plays: 100 + i,
          likes: 1,
          comments: 1,
          shares: 1,
        }),
      );
    }
    for (const phrase of ['coffee', 'espresso', 'latte'])
      provider.setSearchResults('network_a', phrase, ids);
    const mediaUrl = provider.setMedia(MEDIA_NAME, mediaFile);
    provider.addPost(
      'network_a',
      appAweme({
        id: VIDEO_ID,
        desc: 'faults #coffee',
        handle: 'faults',
        plays: 10,
        likes: 1,
        comments: 1,
        shares: 1,
        durationMs: 6_000,
        playUrl: mediaUrl,
      }),
    );
    openai.setTranscription({ segments: [{ start: 0.5, end: 2, text: 'hello there' }] });
    openai.setAnswerFor('playbook_document', DOCUMENT);
    openai.setAnswerFor('assist_intent', { intent: 'chat', reply: 'Hello!', query: null });
    openai.setAnswerFor('scan_plan', { niche: 'Coffee', phrases: ['coffee', 'espresso', 'latte'] });
    openai.setAnswerFor('scan_relevance', (body: Record<string, unknown>) => {
      const messages = body.messages as { content: string }[];
      const reels = JSON.parse(messages.at(-1)!.content.split('Reels:\n')[1]) as { id: string }[];
      return { scores: reels.map((r) => ({ id: r.id, score: 9, reason: 'coffee' })) };
    });
  }

  const cases = TARGETS.flatMap((target) =>
    [...FAULTS, ...(target.operation.includes('media') ? [TRUNCATED] : [])].map((fault) => ({
      target,
      fault,
    })),
  );

  it.each(cases.map((c) => [`${c.target.operation}: ${c.fault.name}`, c]))(
    '%s',
    async (_label, { target, fault }) => {
      healthyFakes();
      const { account, key } = await createFundedKey(t.app, { micros: 1_000_000, mode: 'live' });
      target.inject(provider, openai, fault.behavior);

      const res = await request(t.app.getHttpServer())
        .post(target.path)
        .set('Authorization', `Bearer ${key}`)
        .set('Idempotency-Key', 'fault-1')
        .send(target.body);
      expect(fault.status).toContain(res.status);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(['provider_error', 'provider_unavailable', 'timeout']).toContain(res.body.error.code);
      expect(res.body.error.requestId).toBe(res.headers['x-request-id']);
      expect(JSON.stringify(res.body)).not.toMatch(
        /PROVIDER_SECRET_TEXT|PROVIDER_BODY|tikhub|openai/i,
      );
      expect(res.headers['x-service-charged-usd']).toBeUndefined();

      // Nothing charged, the hold voided, the usage record written, the idempotency lock released.
      expect(await balanceOf(t.app, account.id, 'live')).toEqual({
        balance: 1_000_000,
        held: 0,
        available: 1_000_000,
      });
      const { rows: holds } = await db.query(`SELECT status FROM holds WHERE account_id = $1`, [
        account.id,
      ]);
      expect(holds.map((h) => h.status)).toEqual(['voided']);
      // Written after the answer (group commit): wait for it, then check there is exactly one.
      const usage = await waitForValue(
        async () => {
          const { rows } = await db.query(
            `SELECT status, charged FROM usage_records WHERE request_id = $1`,
            [res.headers['x-request-id']],
          );
          return rows.length > 0 ? rows : undefined;
        },
        10_000,
        'the usage record',
      );
      expect(usage).toEqual([{ status: res.status, charged: '0' }]);
      const { rows: locks } = await db.query(
        `SELECT state FROM idempotency_keys WHERE account_id = $1`,
        [account.id],
      );
      expect(locks.every((l) => l.state !== 'running')).toBe(true);

      // Once the fault clears, the next call succeeds.
      healthyFakes();
      const next = await request(t.app.getHttpServer())
        .post(target.path)
        .set('Authorization', `Bearer ${key}`)
        .send(target.body);
      expect(next.status).toBe(200);
      if (!target.mayBeFree)
        expect(Number(next.headers['x-service-charged-usd'])).toBeGreaterThan(0);
    },
    30_000,
  );
});
