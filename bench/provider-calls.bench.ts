/**
 * What each live operation costs at the video-data provider: paid requests (answered 200; the
 * provider charges only those) per operation, counted by the contract fake that every request
 * must pass (TikHub V5.3.2 parameters, 422 otherwise). Scan plans at least 3 phrases, so the scan
 * figures are for the smallest plan (3 phrases) on each network.
 */
import { readFile } from 'node:fs/promises';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { BillingService } from '../apps/api/src/money/billing.service';
import { SandboxMediaRendererService } from '../apps/api/src/sandbox-media/sandbox-media.renderer';
import { MusicModule } from '../apps/api/src/music/music.module';
import { PlaybookModule } from '../apps/api/src/playbook/playbook.module';
import {
  appAweme,
  appMusic,
  chartSound,
  startFakeOpenAI,
  startFakeProvider,
  type FakeOpenAI,
  type FakeProvider,
} from '../apps/api/test/fakes';
import { createAccount, createKey } from '../apps/api/test/support/fixtures';
import { busiestSecond, stampingSends } from '../apps/api/test/support/provider-sends';
import { createTestApp, type TestApp } from '../apps/api/test/support/test-app';
import { QUICK, recordFigure } from './support/figures';

/**
 * Provider requests since the last reset. Nothing in this bench fails, so each one was answered
 * 200, i.e. paid.
 */
function paidCalls(provider: FakeProvider): number {
  return provider.requests().filter((r) => r.path.startsWith('/api/')).length;
}

describe('provider calls per live operation', () => {
  let t: TestApp;
  let provider: FakeProvider;
  let openai: FakeOpenAI;
  let key: string;
  const post = (path: string, body: unknown) =>
    request(t.app.getHttpServer())
      .post(path)
      .set('Authorization', `Bearer ${key}`)
      .send(body as object);

  beforeAll(async () => {
    provider = await startFakeProvider();
    openai = await startFakeOpenAI();
    t = await createTestApp({
      extraImports: [MusicModule, PlaybookModule],
      env: {
        // The fakes serve media on 127.0.0.1: allowed the way an operator would allow it.
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_API_KEY: openai.apiKey,
        LLM_MAX_RETRIES: '0',
        MUSIC_MAX_CANDIDATES: '20',
        // The burst case sends many scans on one key at once.
        RATE_LIMIT_PER_KEY_PER_MIN: '1000',
        RATE_LIMIT_IN_FLIGHT_PER_KEY: '100',
      },
    });
    const account = await createAccount(t.app);
    await t.app
      .get(BillingService)
      .credit({ accountId: account.id, mode: 'live' }, 100_000_000, { kind: 'grant' });
    key = (await createKey(t.app, account.id, 'live')).key;
    openai.setAnswerFor('scan_relevance', (body: Record<string, unknown>) => {
      const messages = body.messages as { content: string }[];
      const reels = JSON.parse(messages.at(-1)!.content.split('Reels:\n')[1]) as { id: string }[];
      return { scores: reels.map((r) => ({ id: r.id, score: 8, reason: 'fits' })) };
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await Promise.all([provider.close(), openai.close()]);
  });

  it.each(['network_a', 'network_b'] as const)(
    'provider_calls_scan_%s (3 phrases)',
    async (market) => {
      const phrases = ['alpha', 'beta', 'gamma'];
      provider.setPageSize(20);
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const id = `7${market === 'network_a' ? 7 : 8}0000000000000${String(i).padStart(3, '0')}`;
        ids.push(id);
        provider.addPost(
          market,
          appAweme({
            id,
            desc: `bench ${i}`,
            plays: market === 'network_a' ? 100 + i : 0,
            likes: 1,
            comments: 1,
            shares: 1,
          }),
        );
      }
      for (const phrase of phrases) provider.setSearchResults(market, phrase, ids);
      provider.setPlayCounts(Object.fromEntries(ids.map((id, i) => [id, 1_000 + i])));
      openai.setAnswerFor('scan_plan', { niche: 'Bench', phrases });
      provider.reset();
      const res = await post('/v1/scan', { query: 'bench', market, limit: 20 });
      expect(res.status).toBe(200);
      recordFigure(`provider_calls_scan_${market}`, {
        value: paidCalls(provider),
        unit: 'calls',
        goal: 'report',
      });
    },
    60_000,
  );

  it('provider_calls_playbook (one network_a video)', async () => {
    const VIDEO = '7700000000000000999';
    const file = await t.app.get(SandboxMediaRendererService).videoFile({
      key: 'bench-provider-calls-video',
      durationSec: 8,
      sceneCuts: [4],
      overlays: [],
      captions: [],
      audio: { key: 'bench-pc-bed', durationSec: 8, tempoBpm: 100, energy: 0.5, mood: 'calm' },
    });
    const mediaUrl = provider.setMedia('bench-video.mp4', await readFile(file));
    provider.addPost(
      'network_a',
      appAweme({
        id: VIDEO,
        desc: 'bench',
        handle: 'bench',
        likes: 1,
        durationMs: 8_000,
        playUrl: mediaUrl,
      }),
    );
    // The document itself is not what is measured: its answer may fail validation (502); the
    // provider calls happen before it, and the media download is the CDN's, not a paid call.
    openai.setAnswerFor('playbook_document', { version: 2 });
    openai.setTranscription({ segments: [] });
    provider.reset();
    await post('/v1/playbook', { url: `https://www.tiktok.com/@bench/video/${VIDEO}` });
    recordFigure('provider_calls_playbook', {
      value: paidCalls(provider),
      unit: 'calls',
      goal: 'report',
    });
  }, 120_000);

  it('provider_calls_music_cold / _warm (network_a, chart items carry music_url)', async () => {
    const renderer = t.app.get(SandboxMediaRendererService);
    const VIDEO = '7700000000000000888';
    const video = await renderer.videoFile({
      key: 'bench-pc-music-video',
      durationSec: 10,
      sceneCuts: [2.5, 5, 7.5],
      overlays: [],
      captions: [],
      audio: {
        key: 'bench-pc-music-bed',
        durationSec: 10,
        tempoBpm: 100,
        energy: 0.6,
        mood: 'bright',
      },
    });
    const videoUrl = provider.setMedia('bench-music-video.mp4', await readFile(video));
    const chart = [];
    for (let i = 0; i < 6; i++) {
      const clip = `71000000000000009${String(i).padStart(2, '0')}`;
      const audio = await renderer.soundFile({
        key: `bench-pc-sound-${i}`,
        durationSec: 15,
        tempoBpm: 90 + i * 10,
        energy: 0.5,
        mood: 'bright',
      });
      const url = provider.setMedia(`bench-sound-${i}.m4a`, await readFile(audio), 'audio/mp4');
      chart.push(
        chartSound({
          clipId: clip,
          title: `Bench ${i}`,
          author: 'Bench',
          durationSec: 15,
          commercial: true,
          rank: i + 1,
          rankDiff: 0,
          trend: [{ time: 1_740_787_200, value: 0.1 }],
          musicUrl: url,
        }),
      );
    }
    provider.setChart('network_a', 'popular', chart);
    provider.setChart('network_a', 'rising', chart.slice(3));
    const own = appMusic({
      id: '7100000000000000900',
      title: 'Bench 0',
      author: 'Bench',
      commercial: true,
      playUrl: `${provider.url}/media/bench-sound-0.m4a`,
    });
    provider.addPost(
      'network_a',
      appAweme({
        id: VIDEO,
        desc: 'bench music #bench',
        hashtags: ['bench'],
        handle: 'bench',
        likes: 1,
        durationMs: 10_000,
        playUrl: videoUrl,
        music: own,
      }),
    );
    await t.app.get(DataSource).query('DELETE FROM sound_analyses');
    const url = `https://www.tiktok.com/@bench/video/${VIDEO}`;
    provider.reset();
    const cold = await post('/v1/music', { url });
    expect(cold.status).toBe(200);
    recordFigure('provider_calls_music_cold', {
      value: paidCalls(provider),
      unit: 'calls',
      goal: 'report',
    });
    recordFigure('provider_calls_music_sound_detail', {
      value: provider.calls('/api/v1/tiktok/app/v3/fetch_music_detail'),
      unit: 'calls',
      goal: '0 with music_url',
    });
    provider.reset();
    const warm = await post('/v1/music', { url });
    expect(warm.status).toBe(200);
    recordFigure('provider_calls_music_warm', {
      value: paidCalls(provider),
      unit: 'calls',
      goal: 'report',
    });
  }, 180_000);

  // The limiter spaces sends (10 per 1.25 s); the provider counts arrivals. This shows how much
  // of that margin this machine's jitter uses: arrivals are stamped by the fake, which shares the
  // event loop, so a busy loop bunches them (docs/performance.md).
  it('provider_burst_busiest_second_sent / _arrived (concurrent scans)', async () => {
    const scans = QUICK ? 20 : 50;
    const id = '7700000000000000777';
    provider.addPost(
      'network_a',
      appAweme({ id, desc: 'burst', plays: 5, likes: 1, comments: 1, shares: 1 }),
    );
    const phrases = ['burst a', 'burst b', 'burst c'];
    for (const phrase of phrases) provider.setSearchResults('network_a', phrase, [id]);
    openai.setAnswerFor('scan_plan', { niche: 'Burst', phrases });
    provider.reset();
    const { result: responses, sends } = await stampingSends(provider.url, () =>
      Promise.all(
        Array.from({ length: scans }, () =>
          post('/v1/scan', { query: 'burst', market: 'network_a', limit: 1 }),
        ),
      ),
    );
    expect(responses.every((res) => res.status === 200)).toBe(true);
    const arrivals = provider
      .requests()
      .filter((r) => r.path.startsWith('/api/'))
      .map((r) => r.at);
    recordFigure('provider_burst_busiest_second_sent', {
      value: busiestSecond(sends),
      unit: 'requests',
      goal: '≤ 10',
    });
    recordFigure('provider_burst_busiest_second_arrived', {
      value: busiestSecond(arrivals),
      unit: 'requests',
      goal: '≤ 10 (report)',
    });
  }, 180_000);
});
