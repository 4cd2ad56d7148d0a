import request from 'supertest';
import { SandboxMediaRendererService } from '../../src/sandbox-media/sandbox-media.renderer';
import {
  appAweme,
  startFakeOpenAI,
  startFakeProvider,
  type FakeOpenAI,
  type FakeProvider,
} from '../fakes';
import { balanceOf, createFundedKey } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Threat: a downloaded "video" whose bytes are a playlist. ffmpeg picks its demuxer from the
 * content, so an HLS or concat playlist served as `video/mp4` could make it read other files of
 * our machine (here: a real video on disk) as if they were the download. The media inputs carry
 * a format whitelist (mp4/mov/webm/m4a/mp3 and the like); such a file is unreadable media:
 * 502 `provider_error`, nothing charged. (media-analysis/media-input.spec.ts drives the
 * analyzers themselves on the same files.)
 */
describe('a playlist served as a video is refused, uncharged (e2e)', () => {
  const FUNDS = 1_000_000;
  let t: TestApp;
  let provider: FakeProvider;
  let openai: FakeOpenAI;
  let localVideo: string;

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
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_API_KEY: openai.apiKey,
        LLM_MAX_RETRIES: '0',
        PLAYBOOK_DEADLINE_MS: '20000',
      },
    });
    // A real video on this machine: what a playlist would point ffmpeg at.
    localVideo = await t.app.get(SandboxMediaRendererService).videoFile({
      key: 'media-formats-local',
      durationSec: 4,
      sceneCuts: [2],
      overlays: [],
      captions: [],
      audio: {
        key: 'media-formats-bed',
        durationSec: 4,
        tempoBpm: 100,
        energy: 0.5,
        mood: 'bright',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    await Promise.all([provider?.close(), openai?.close()]);
  });

  const playlists = (): [string, string][] => [
    [
      'an HLS playlist',
      `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nfile:${localVideo}\n#EXT-X-ENDLIST\n`,
    ],
    ['a concat list', `ffconcat version 1.0\nfile '${localVideo}'\n`],
  ];

  it.each([0, 1])('playbook: playlist %i is 502 provider_error, nothing charged', async (index) => {
    const [what, text] = playlists()[index];
    const id = `74199999999999999${index}0`;
    const mediaUrl = provider.setMedia(`playlist-${index}.mp4`, Buffer.from(text), 'video/mp4');
    provider.addPost(
      'network_a',
      appAweme({
        id,
        desc: what,
        handle: 'lister',
        plays: 10,
        likes: 1,
        comments: 1,
        shares: 1,
        durationMs: 4_000,
        playUrl: mediaUrl,
      }),
    );
    const { account, key } = await createFundedKey(t.app, { micros: FUNDS, mode: 'live' });

    const res = await request(t.app.getHttpServer())
      .post('/v1/playbook')
      .set('Authorization', `Bearer ${key}`)
      .send({ url: `https://www.tiktok.com/@lister/video/${id}` });
    expect({ what, status: res.status, code: res.body.error?.code }).toEqual({
      what,
      status: 502,
      code: 'provider_error',
    });
    expect(res.headers['x-service-charged-usd']).toBeUndefined();
    expect(await balanceOf(t.app, account.id, 'live')).toEqual({
      balance: FUNDS,
      held: 0,
      available: FUNDS,
    });
  });
});
