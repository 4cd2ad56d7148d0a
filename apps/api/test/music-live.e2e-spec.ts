import { readFile } from 'node:fs/promises';
import { SandboxMediaRendererService } from '../src/sandbox-media/sandbox-media.renderer';
import type { SandboxSoundSpec } from '../src/sandbox-media/sandbox-media.types';
import { MusicModule } from '../src/music/music.module';
import { SANDBOX_MAGIC_IDS } from '../src/providers/sandbox/sandbox-magic';
import {
  appAweme,
  appMusic,
  chartSound,
  PROVIDER_BODY_MARKER,
  PROVIDER_PATHS,
  startFakeProvider,
  type FakeProvider,
} from './fakes';
import { balanceOf, createFundedKey } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { magicA, type Suggestion, poster } from './support/music-spec-shared';

jest.setTimeout(120_000);

describe('music deadline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extraImports: [MusicModule],
      env: { MUSIC_DEADLINE_MS: '1500', SANDBOX_SLOW_DELAY_MS: '5000' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a stalled provider is 504 at the deadline, the hold voided and nothing charged', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'test' });
    const res = await poster(() => t.app)(key, {
      url: magicA(SANDBOX_MAGIC_IDS.network_a.slowProvider),
    });
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe('timeout');
    expect(await balanceOf(t.app, account.id)).toEqual({
      balance: 10_000_000,
      held: 0,
      available: 10_000_000,
    });
  });
});

describe('music in live mode (fake provider, real media)', () => {
  let t: TestApp;
  let provider: FakeProvider;
  const post = poster(() => t.app);
  const VIDEO_ID = '7410000000000000001';
  const MATCHED = '7390000000000000001';
  const MISMATCHED = '7390000000000000002';
  const NO_PREVIEW = '7390000000000000003';
  const BROKEN = '7390000000000000004';

  const weekly = (values: number[]) =>
    values.map((value, week) => ({ time: 1_760_000_000 + week * 604_800, value }));

  beforeAll(async () => {
    provider = await startFakeProvider();
    t = await createTestApp({
      extraImports: [MusicModule],
      env: {
        // The fakes serve media on 127.0.0.1: allowed the way an operator would allow it.
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        VIDEO_PROVIDER_MAX_RETRIES: '0',
      },
    });
    // Real media, rendered by the media module: a 12 s video with a cut every 2.4 s (25 a
    // minute); one sound at 100 BPM (4 beats a cut), one at 140 BPM (off the cuts).
    const renderer = t.app.get(SandboxMediaRendererService);
    const bed: SandboxSoundSpec = {
      key: 'live-bed',
      durationSec: 12,
      tempoBpm: 100,
      energy: 0.6,
      mood: 'bright',
    };
    const videoFile = await renderer.videoFile({
      key: 'live-music-video',
      durationSec: 12,
      sceneCuts: [2.4, 4.8, 7.2, 9.6],
      overlays: [],
      captions: [],
      audio: bed,
    });
    const sound = (key: string, tempoBpm: number) =>
      renderer.soundFile({ key, durationSec: 20, tempoBpm, energy: 0.6, mood: 'bright' });
    const videoUrl = provider.setMedia('video.mp4', await readFile(videoFile));
    const matchedUrl = provider.setMedia(
      'matched.m4a',
      await readFile(await sound('live-matched', 100)),
      'audio/mp4',
    );
    const mismatchedUrl = provider.setMedia(
      'mismatched.m4a',
      await readFile(await sound('live-mismatched', 140)),
      'audio/mp4',
    );

    provider.addPost(
      'network_a',
      appAweme({
        id: VIDEO_ID,
        desc: 'Latte art at home #latteart',
        hashtags: ['latteart'],
        handle: 'barista',
        durationMs: 12_000,
        plays: 1000,
        likes: 10,
        playUrl: videoUrl,
        music: appMusic({ id: MATCHED, title: 'Slow Pour', author: 'Mira Vale' }),
      }),
    );
    provider.addSound(
      'network_a',
      appMusic({
        id: MATCHED,
        title: 'Slow Pour',
        author: 'Mira Vale',
        durationSec: 20,
        shootDurationSec: 15,
        playUrl: matchedUrl,
        commercial: true,
        userCount: 2_000,
      }),
    );
    provider.addSound(
      'network_a',
      appMusic({
        id: MISMATCHED,
        title: 'Hype Train',
        author: 'DJ Marlo',
        durationSec: 20,
        shootDurationSec: 20,
        playUrl: mismatchedUrl,
        commercial: false,
        userCount: 5_000_000,
      }),
    );
    provider.addSound(
      'network_a',
      appMusic({
        id: BROKEN,
        title: 'Gone Track',
        author: 'Nobody',
        durationSec: 30,
        shootDurationSec: 30,
        playUrl: `${provider.url}/media/missing.m4a`,
        commercial: true,
        userCount: 100,
      }),
    );
    provider.setChart('network_a', 'popular', [
      chartSound({
        clipId: MATCHED,
        title: 'Slow Pour',
        author: 'Mira Vale',
        durationSec: 20,
        commercial: true,
        rank: 2,
        rankDiff: -4,
        trend: weekly([900, 800, 600, 500, 400, 300, 250, 200]),
      }),
      chartSound({
        clipId: NO_PREVIEW,
        title: 'Unknown Detail',
        author: 'Somebody',
        durationSec: 40,
        commercial: false,
        rank: 3,
        rankDiff: 0,
        trend: weekly([5, 5, 5, 5, 5, 5, 5, 5]),
      }),
      chartSound({
        clipId: BROKEN,
        title: 'Gone Track',
        author: 'Nobody',
        durationSec: 30,
        commercial: true,
        rank: 4,
        rankDiff: 1,
        trend: weekly([10, 10, 10, 10, 10, 10, 10, 10]),
      }),
    ]);
    provider.setChart('network_a', 'rising', [
      chartSound({
        clipId: MISMATCHED,
        title: 'Hype Train',
        author: 'DJ Marlo',
        durationSec: 20,
        commercial: false,
        rank: 1,
        rankDiff: 30,
        trend: weekly([100, 200, 400, 800, 1600, 3200, 6400, 12800]),
      }),
    ]);
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('maps charts, sound details and audio: the tempo match ranks above a rising sound that drifts', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    const res = await post(key, { url: `https://www.tiktok.com/@barista/video/${VIDEO_ID}` });
    expect(res.status).toBe(200);
    expect(res.body.market).toBe('network_a');
    expect(res.body.video).toEqual({
      id: VIDEO_ID,
      url: `https://www.tiktok.com/@barista/video/${VIDEO_ID}`,
      durationSec: 12,
    });
    const [first, second] = res.body.suggestions as Suggestion[];
    expect(res.body.suggestions).toHaveLength(2);
    expect(res.body.considered).toBe(2);

    expect(first).toMatchObject({
      soundId: MATCHED,
      title: 'Slow Pour',
      author: 'Mira Vale',
      previewUrl: `${provider.url}/media/matched.m4a`,
      tiktokUrl: `https://www.tiktok.com/music/Slow-Pour-${MATCHED}`,
      durationSec: 20,
      shootDurationSec: 15,
      commercial: { inCommercialLibrary: true, clearedForBrandUse: true, originalSound: false },
      trend: { direction: 'fading', usageCount: 2_000, basis: 'usage_history' },
    });
    expect(first.fit.parts.tempo).toBeGreaterThan(0.8);
    // 100 BPM (the analyzer may read double time): a cut every 4 (or 8) beats at 25 cuts a minute.
    expect(first.fit.why).toMatch(/a cut every [48] beats matches the video's pace \(25 cuts/);
    expect(first.fit.why).toMatch(/already uses/);
    expect(first.warnings.join(' ')).toMatch(/Fading/);

    expect(second).toMatchObject({
      soundId: MISMATCHED,
      commercial: { inCommercialLibrary: false, clearedForBrandUse: false },
      trend: { direction: 'rising', usageCount: 5_000_000 },
    });
    expect(second.trend.strength).toBeGreaterThan(first.trend.strength);
    expect(second.fit.parts.tempo).toBeLessThan(0.2);
    expect(second.warnings.join(' ')).toMatch(/not cleared for brand/);
    expect(first.finalScore).toBeGreaterThan(second.finalScore);

    expect(res.body.notes).toEqual(
      expect.arrayContaining([
        '1 sound was left out: the audio could not be downloaded or analyzed.',
        '1 sound was left out: no playable preview to analyze.',
        expect.stringMatching(/^Thin pool: only 2 sounds/),
      ]),
    );
    expect(provider.calls(PROVIDER_PATHS.networkASoundRank)).toBe(2);
    expect(res.headers['x-service-charged-usd']).toBe('0.250000');
  });

  it("every sound's audio failing (the CDN is down) is 502 provider_error, free; one failing is a note", async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'live' });
    const CDN_VIDEO = '7410000000000000003';
    const OWN = '7390000000000000011';
    const CHARTED = '7390000000000000012';
    const renderer = t.app.get(SandboxMediaRendererService);
    const audio = async (key: string, tempoBpm: number) =>
      readFile(
        await renderer.soundFile({ key, durationSec: 20, tempoBpm, energy: 0.5, mood: 'calm' }),
      );
    const ownUrl = provider.setMedia('cdn-own.m4a', await audio('live-cdn-own', 110), 'audio/mp4');
    const chartedUrl = provider.setMedia(
      'cdn-charted.m4a',
      await audio('live-cdn-charted', 96),
      'audio/mp4',
    );
    provider.addPost(
      'network_a',
      appAweme({
        id: CDN_VIDEO,
        desc: 'Outage drill #outagedrill',
        hashtags: ['outagedrill'],
        durationMs: 12_000,
        plays: 10,
        likes: 1,
        playUrl: `${provider.url}/media/video.mp4`,
        music: appMusic({ id: OWN, title: 'Own Take', author: 'Drill Crew' }),
      }),
    );
    for (const [id, title, playUrl] of [
      [OWN, 'Own Take', ownUrl],
      [CHARTED, 'Chart Take', chartedUrl],
    ]) {
      provider.addSound(
        'network_a',
        appMusic({
          id,
          title,
          author: 'Drill Crew',
          durationSec: 20,
          shootDurationSec: 20,
          playUrl,
          commercial: true,
          userCount: 1_000,
        }),
      );
    }
    // Nothing similar is found; the charts hold one sound.
    provider.setSearchResults('network_a', 'unrelated phrase', []);
    provider.setChart('network_a', 'popular', [
      chartSound({
        clipId: CHARTED,
        title: 'Chart Take',
        author: 'Drill Crew',
        durationSec: 20,
        commercial: true,
        rank: 1,
        rankDiff: 0,
        trend: weekly([10, 10, 10, 10, 10, 10, 10, 10]),
      }),
    ]);
    provider.setChart('network_a', 'rising', []);
    provider.setBehavior('/media/cdn-own.m4a', { status: 503 });
    provider.setBehavior('/media/cdn-charted.m4a', { status: 503 });
    const url = `https://www.tiktok.com/@drill/video/${CDN_VIDEO}`;

    const down = await post(key, { url });
    expect(down.status).toBe(502);
    expect(down.body.error.code).toBe('provider_error');
    expect(JSON.stringify(down.body)).not.toContain(PROVIDER_BODY_MARKER);
    expect(await balanceOf(t.app, account.id, 'live')).toEqual({
      balance: 10_000_000,
      held: 0,
      available: 10_000_000,
    });

    // The charted sound's audio is back: the call succeeds, the other sound is a note.
    provider.setBehavior('/media/cdn-charted.m4a', { status: 503 }, { times: 0 });
    const partial = await post(key, { url });
    expect(partial.status).toBe(200);
    expect((partial.body.suggestions as Suggestion[]).map((s) => s.soundId)).toEqual([CHARTED]);
    expect(partial.body.notes).toContain(
      '1 sound was left out: the audio could not be downloaded or analyzed.',
    );
    expect(partial.headers['x-service-charged-usd']).toBe('0.250000');
  });

  it('a video with an empty pool is 200 with suggestions [] and free', async () => {
    const { account, key } = await createFundedKey(t.app, { mode: 'live' });
    const EMPTY_ID = '7410000000000000002';
    provider.addPost(
      'network_a',
      appAweme({
        id: EMPTY_ID,
        desc: 'Nothing to hear here #zzqq',
        hashtags: ['zzqq'],
        durationMs: 12_000,
        plays: 10,
        likes: 1,
        playUrl: `${provider.url}/media/video.mp4`,
      }),
    );
    provider.setSearchResults('network_a', 'unrelated phrase', []);
    provider.setChart('network_a', 'popular', []);
    provider.setChart('network_a', 'rising', []);
    const res = await post(key, { url: `https://www.tiktok.com/@x/video/${EMPTY_ID}` });
    expect(res.status).toBe(200);
    expect(res.body.suggestions).toEqual([]);
    expect(res.body.considered).toBe(0);
    expect(res.body.notes[0]).toBe(
      'No usable sound was found for this video; nothing was charged.',
    );
    expect(res.headers['x-service-charged-usd']).toBe('0.000000');
    expect(await balanceOf(t.app, account.id, 'live')).toEqual({
      balance: 10_000_000,
      held: 0,
      available: 10_000_000,
    });
  });
});
