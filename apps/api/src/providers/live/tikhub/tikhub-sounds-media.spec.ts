import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import { EgressGuard } from '../../../egress';
import { appAweme, appMusic, chartSound, PROVIDER_PATHS } from '../../../../test/fakes';
import { mediaTempDir } from '../../http/media-download';
import { useTikhubFake } from '../../../../test/support/tikhub-fake';

describe('TikhubVideoDataProvider through the fake provider: sounds and media downloads', () => {
  const t = useTikhubFake();

  describe('sounds', () => {
    beforeAll(() => {
      t.fake.addSound(
        'network_b',
        appMusic({
          id: '7200000000000000001',
          title: '夏日来信',
          commercial: true,
          durationSec: 40,
          moods: ['Happy'],
        }),
      );
      t.fake.addSound(
        'network_b',
        appMusic({ id: '7200000000000000002', title: '晚风漫步', commercial: false }),
      );
      t.fake.setChart('network_b', 'rising', [
        appMusic({ id: '7200000000000000001', title: '夏日来信', commercial: true }),
        appMusic({ id: '7200000000000000002', title: '晚风漫步', commercial: false }),
      ]);
      t.fake.setChart('network_a', 'popular', [
        chartSound({
          clipId: '7100000000000000021',
          title: 'Up',
          author: 'A',
          durationSec: 60,
          commercial: true,
          rank: 1,
          rankDiff: 2,
          trend: [],
        }),
        chartSound({
          clipId: '7100000000000000022',
          title: 'Down',
          author: 'B',
          durationSec: 30,
          commercial: false,
          rank: 2,
          rankDiff: -1,
          trend: [],
        }),
      ]);
      t.fake.addPost(
        'network_b',
        appAweme({ id: '7401234567890125555', music: appMusic({ id: '7200000000000000001' }) }),
      );
    });

    it('gets sound detail by namespaced id; unknown → null', async () => {
      const sound = await t.adapter().getSound('network_b', 'network_b:7200000000000000001');
      expect(sound).toMatchObject({
        title: '夏日来信',
        commercial: true,
        durationSec: 40,
        moods: ['Happy'],
      });
      expect(t.fake.requests(PROVIDER_PATHS.networkBMusicDetail)[0].query.get('music_id')).toBe(
        '7200000000000000001',
      );
      expect(await t.adapter().getSound('network_b', '7200000000000000999')).toBeNull();
    });

    it('reads charts of both networks and filters to the commercial library', async () => {
      const rising = await t.adapter().soundCharts('network_b', {
        kind: 'rising',
        commercialOnly: true,
      });
      expect(rising.map((entry) => entry.id)).toEqual(['7200000000000000001']);
      const popular = await t.adapter().soundCharts('network_a', { kind: 'popular' });
      expect(popular.map((entry) => [entry.rank, entry.commercial])).toEqual([
        [1, true],
        [2, false],
      ]);
      expect(t.fake.requests(PROVIDER_PATHS.networkASoundRank)[0].query.get('rank_type')).toBe(
        'popular',
      );
    });

    it('searches sounds and lists the videos using one', async () => {
      const found = await t.adapter().searchSounds('network_b', '夏日');
      expect(found.map((sound) => sound.id)).toEqual(['7200000000000000001']);
      const videos = await t
        .adapter()
        .videosUsingSound('network_b', 'network_b:7200000000000000001');
      expect(videos.items.map((post) => post.id)).toEqual(['7401234567890125555']);
    });
  });

  describe('media downloads', () => {
    const video = Buffer.alloc(64 * 1024, 7);

    it('streams a file to a temp path under reelscout-media, without our provider key', async () => {
      const url = t.fake.setMedia('clip.mp4', video);
      const path = await t.adapter().downloadMedia(url, { maxBytes: 1024 * 1024, kind: 'video' });
      try {
        expect(path.startsWith(mediaTempDir())).toBe(true);
        expect((await readFile(path)).equals(video)).toBe(true);
        expect(t.fake.requests('/media/clip.mp4')[0].headers.authorization).toBeUndefined();
      } finally {
        await rm(path, { force: true });
      }
    });

    it('refuses a file over the size cap', async () => {
      const url = t.fake.setMedia('big.mp4', video);
      const error = await t.failure(
        t.adapter().downloadMedia(url, { maxBytes: 1024, kind: 'video' }),
      );
      expect(error.code).toBe('provider_error');
      expect(error.message).toMatch(/too large/);
    });

    it('refuses a truncated file and leaves no partial file behind', async () => {
      const url = t.fake.setMedia('cut.mp4', video);
      t.fake.setBehavior('/media/cut.mp4', { body: video, truncateAt: 1000 });
      const error = await t.failure(
        t.adapter().downloadMedia(url, { maxBytes: 1024 * 1024, kind: 'video' }),
      );
      expect(error.message).toMatch(/cut off/);
      expect(t.fake.calls('/media/cut.mp4')).toBe(2);
    });

    it('refuses media on private addresses unless allowed (the fakes are on 127.0.0.1)', async () => {
      const url = t.fake.setMedia('private.mp4', video);
      const error = await t.failure(
        t.adapter({ egress: new EgressGuard() }).downloadMedia(url, {
          maxBytes: 1e6,
          kind: 'video',
        }),
      );
      expect(error.code).toBe('provider_error');
      expect(t.fake.calls('/media/private.mp4')).toBe(0);
    });

    it('refuses a media host name that resolves to loopback, and logs the host and the reason', async () => {
      const url = t.fake.setMedia('named.mp4', video).replace('127.0.0.1', 'localhost');
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      try {
        // The strict policy (no allowance), as in production: localhost is looked up for real.
        const strict = t.adapter({ egress: new EgressGuard() });
        const error = await t.failure(strict.downloadMedia(url, { maxBytes: 1e6, kind: 'video' }));
        expect(error.code).toBe('provider_error');
        expect(error.message).toMatch(/does not connect to/);
        const logged = warn.mock.calls.map((call) => call[0] as { host?: string; reason?: string });
        expect(logged).toContainEqual({
          host: new URL(url).host,
          reason: expect.stringMatching(/resolves to (127\.0\.0\.1|::1) \(loopback\)/),
        });
      } finally {
        warn.mockRestore();
      }
      expect(t.fake.calls('/media/named.mp4')).toBe(0);
    });

    it('refuses an answer that is not media (a block page)', async () => {
      const url = t.fake.setMedia('page.mp4', '<html>blocked</html>', 'text/html; charset=utf-8');
      const error = await t.failure(
        t.adapter().downloadMedia(url, { maxBytes: 1e6, kind: 'video' }),
      );
      expect(error.code).toBe('provider_error');
      expect(error.message).toMatch(/did not answer with a media file \(content type text\/html\)/);
    });

    it('accepts a sound served as video/mp4 (an m4a) but not a video served as audio', async () => {
      const sound = t.fake.setMedia('sound.m4a', video, 'video/mp4');
      const path = await t.adapter().downloadMedia(sound, { maxBytes: 1e6, kind: 'audio' });
      await rm(path, { force: true });
      const clip = t.fake.setMedia('clip.mp3', video, 'audio/mpeg');
      const error = await t.failure(
        t.adapter().downloadMedia(clip, { maxBytes: 1e6, kind: 'video' }),
      );
      expect(error.message).toMatch(/audio\/mpeg/);
    });

    it('downloads a cover image (kind image, asking for images), but never markup as one', async () => {
      const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), video]);
      const url = t.fake.setMedia('cover.jpg', jpeg, 'image/jpeg');
      const path = await t.adapter().downloadMedia(url, { maxBytes: 1e6, kind: 'image' });
      try {
        expect(path.endsWith('.jpg')).toBe(true);
        expect((await readFile(path)).equals(jpeg)).toBe(true);
        expect(t.fake.requests('/media/cover.jpg')[0].headers.accept).toBe('image/*,*/*;q=0.5');
      } finally {
        await rm(path, { force: true });
      }
      const webp = t.fake.setMedia('cover.webp', video, 'image/webp');
      await rm(await t.adapter().downloadMedia(webp, { maxBytes: 1e6, kind: 'image' }), {
        force: true,
      });
      for (const [name, type] of [
        ['cover.svg', 'image/svg+xml'],
        ['cover.html', 'text/html'],
        ['cover.mp4', 'video/mp4'],
      ]) {
        const refused = t.fake.setMedia(name, '<svg/>', type);
        const error = await t.failure(
          t.adapter().downloadMedia(refused, { maxBytes: 1e6, kind: 'image' }),
        );
        expect({ name, code: error.code }).toEqual({ name, code: 'provider_error' });
      }
      // A video is never accepted as an image the other way round either.
      const image = t.fake.setMedia('still.jpg', jpeg, 'image/jpeg');
      const error = await t.failure(
        t.adapter().downloadMedia(image, { maxBytes: 1e6, kind: 'video' }),
      );
      expect(error.code).toBe('provider_error');
    });

    it('follows a CDN redirect', async () => {
      const target = t.fake.setMedia('final.mp4', video);
      const url = t.fake.setMedia('hop.mp4', '');
      t.fake.setBehavior('/media/hop.mp4', { status: 302, headers: { location: target } });
      const path = await t.adapter().downloadMedia(url, { maxBytes: 1e6, kind: 'video' });
      await rm(path, { force: true });
      expect(t.fake.calls('/media/final.mp4')).toBe(1);
    });

    it('reports an expired media URL', async () => {
      const url = t.fake.setMedia('expired.mp4', video);
      t.fake.setBehavior('/media/expired.mp4', { status: 403 });
      const error = await t.failure(
        t.adapter().downloadMedia(url, { maxBytes: 1024 * 1024, kind: 'video' }),
      );
      expect(error.message).toMatch(/expired/);
      expect(existsSync(mediaTempDir())).toBe(true);
    });
  });
});
