import { Logger } from '@nestjs/common';
import {
  appAweme,
  appMusic,
  appUser,
  startFakeProvider,
  type FakeProvider,
} from '../../test/fakes';
import { ENDPOINTS } from '../providers/live/tikhub-endpoints';
import { providersCheck } from './providers-check.command';

describe('npm run cli -- providers:check', () => {
  let fake: FakeProvider;
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
  };

  beforeAll(async () => {
    Logger.overrideLogger(false);
    fake = await startFakeProvider();
    const music = appMusic({ id: '7100000000000000777', title: 'Check', author: 'Ops' });
    const shareA = 'https://vm.tiktok.com/ZMcheck/';
    const shareB = 'https://v.douyin.com/check-1/';
    fake.addPost('network_a', {
      ...appAweme({ id: '7300000000000000777', desc: 'a', handle: 'checka', likes: 1, music }),
      share_url: shareA,
    });
    fake.addPost('network_b', {
      ...appAweme({ id: '7400000000000000777', desc: 'b', handle: 'checkb', likes: 1, music }),
      share_url: shareB,
    });
    // The posts' authors (appAweme's sec_uid is `MS4w-` and the id's last six digits).
    for (const [market, handle, id] of [
      ['network_a', 'checka', '7300000000000000777'],
      ['network_b', 'checkb', '7400000000000000777'],
    ] as const) {
      fake.addCreator(
        market,
        appUser({ secUid: 'MS4w-000777', handle, followers: 1, likes: 1, videos: 1 }),
        [id],
      );
    }
    fake.addShareLink(shareA, 'network_a', '7300000000000000777');
    fake.addShareLink(shareB, 'network_b', '7400000000000000777');
    fake.addShareLink(
      'https://www.douyin.com/video/7400000000000000777',
      'network_b',
      '7400000000000000777',
    );
    fake.addSound('network_a', music);
    fake.addSound('network_b', music);
    fake.setChart('network_b', 'popular', [music]);
    fake.addInstagramPost('Ccheck1', { code: 'Ccheck1', media_type: 2 });
    fake.addYoutubeVideo('yt-check', { id: 'yt-check' });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('calls every endpoint the adapter uses once and prints ok with its latency', async () => {
    const run = io();
    const code = await providersCheck(
      { instagramUrl: 'https://www.instagram.com/reel/Ccheck1/', youtubeId: 'yt-check' },
      run.io,
      { baseUrl: fake.url, apiKey: fake.apiKey },
    );
    expect(run.out.filter((line) => /^(failed|skipped)/.test(line))).toEqual([]);
    expect(code).toBe(0);
    for (const endpoint of Object.values(ENDPOINTS)) {
      expect(fake.calls(endpoint.path)).toBe(1);
      expect(run.out.join('\n')).toMatch(
        new RegExp(`^ok +\\d+ ms  ${endpoint.path.replace(/\//g, '\\/')}$`, 'm'),
      );
    }
    expect(run.out.at(-1)).toMatch(
      new RegExp(`^${Object.keys(ENDPOINTS).length} ok, 0 failed, 0 skipped in \\d+\\.\\d s$`),
    );
  });

  it('prints the failure of an endpoint and exits 1; without a public id it skips', async () => {
    fake.setBehavior(ENDPOINTS.networkBStatistics.path, { status: 401 });
    const run = io();
    const code = await providersCheck({}, run.io, { baseUrl: fake.url, apiKey: fake.apiKey });
    expect(code).toBe(1);
    const text = run.out.join('\n');
    expect(text).toMatch(
      /^failed +\d+ ms {2}\/api\/v1\/douyin\/app\/v3\/fetch_multi_video_statistics {2}HTTP 401: key refused/m,
    );
    expect(text).toMatch(/^skipped +- {2}\/api\/v1\/instagram\/v1\/fetch_post_by_url/m);
  });

  it('names the missing setting and calls nothing without credentials', async () => {
    const run = io();
    const code = await providersCheck({}, run.io, { baseUrl: undefined, apiKey: undefined });
    expect(code).toBe(2);
    expect(run.err.join('\n')).toMatch(/VIDEO_PROVIDER_BASE_URL and VIDEO_PROVIDER_API_KEY/);
    expect(fake.connections).toBe(0);
  });
});
