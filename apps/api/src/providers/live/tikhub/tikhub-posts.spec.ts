import { appAweme, instagramMedia, PROVIDER_PATHS, youtubeVideo } from '../../../../test/fakes';
import { A1, B, useTikhubFake } from '../../../../test/support/tikhub-fake';

describe('TikhubVideoDataProvider through the fake provider: posts and links', () => {
  const t = useTikhubFake();

  describe('posts and links', () => {
    it('gets a network_a post, falling back to the web endpoint', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkAPost, { status: 400 });
      const post = await t.adapter().getPost({ platform: 'network_a', id: A1 });
      expect(post).toMatchObject({ id: A1, authorHandle: 'brewwithmaya', durationSec: 21 });
      expect(t.fake.calls(PROVIDER_PATHS.networkAPostWeb)).toBe(1);
    });

    it('answers null for a missing or deleted post', async () => {
      expect(
        await t.adapter().getPost({ platform: 'network_a', id: '7301234567890129999' }),
      ).toBeNull();
      expect(
        await t.adapter().getPost({ platform: 'network_b', id: '7401234567890129999' }),
      ).toBeNull();
      t.fake.addPost('network_a', appAweme({ id: '7301234567890128888', deleted: true }));
      expect(
        await t.adapter().getPost({ platform: 'network_a', id: '7301234567890128888' }),
      ).toBeNull();
    });

    it('reports a photo post as such', async () => {
      t.fake.addPost('network_b', appAweme({ id: '7401234567890127777', photo: true }));
      const post = await t.adapter().getPost({ platform: 'network_b', id: '7401234567890127777' });
      expect(post?.kind).toBe('photo');
    });

    it('treats an empty aweme_detail without a reason as risk control (provider_error)', async () => {
      t.fake.setBehavior(PROVIDER_PATHS.networkBPost, {
        json: { code: 200, data: { aweme_detail: null } },
      });
      t.fake.setBehavior(PROVIDER_PATHS.networkBPostWeb, { json: { code: 200, data: {} } });
      expect((await t.failure(t.adapter().getPost({ platform: 'network_b', id: B(1) }))).code).toBe(
        'provider_error',
      );
    });

    it('fetches the caption track of a post', async () => {
      const captionUrl = t.fake.setMedia(
        'captions-1.vtt',
        'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello',
        'text/vtt',
      );
      t.fake.addPost(
        'network_a',
        appAweme({ id: '7301234567890126666', handle: 'cap', captionUrl }),
      );
      const post = await t.adapter().getPost({ platform: 'network_a', id: '7301234567890126666' });
      expect(post?.captions?.segments).toEqual([{ start: 0, end: 1.5, text: 'Hello' }]);
    });

    it('resolves share links on both networks and Instagram', async () => {
      t.fake.addShareLink('https://vm.tiktok.com/ZMabc123/', 'network_a', A1);
      t.fake.addShareLink('https://v.douyin.com/iRNBho6u/', 'network_b', B(5));
      t.fake.addInstagramPost(
        'Creel42',
        instagramMedia({ code: 'Creel42', caption: 'x', username: 'ig' }),
      );
      const provider = t.adapter();
      await expect(provider.resolveShareLink('https://vm.tiktok.com/ZMabc123/')).resolves.toBe(
        `https://www.tiktok.com/@brewwithmaya/video/${A1}`,
      );
      await expect(provider.resolveShareLink('https://v.douyin.com/iRNBho6u/')).resolves.toBe(
        `https://www.douyin.com/video/${B(5)}`,
      );
      await expect(
        provider.resolveShareLink('https://www.instagram.com/share/reel/Creel42/'),
      ).resolves.toBe('https://www.instagram.com/reel/Creel42/');
      expect(
        (await t.failure(provider.resolveShareLink('https://vm.tiktok.com/ZMnothing/'))).code,
      ).toBe('not_found');
    });

    it('looks up Instagram and YouTube posts', async () => {
      t.fake.addInstagramPost(
        'Creel43',
        instagramMedia({
          code: 'Creel43',
          caption: 'Reel',
          username: 'ig',
          videoUrl: 'https://cdn.example/a.mp4',
          durationSec: 9,
        }),
      );
      t.fake.addYoutubeVideo(
        'abcdefghijk',
        youtubeVideo({
          id: 'abcdefghijk',
          title: 'Short',
          channel: 'Chan',
          lengthSeconds: 50,
          views: 10,
        }),
      );
      const provider = t.adapter();
      expect(await provider.getPost({ platform: 'instagram', id: 'Creel43' })).toMatchObject({
        durationSec: 9,
        kind: 'video',
      });
      expect(await provider.getPost({ platform: 'youtube', id: 'abcdefghijk' })).toMatchObject({
        durationSec: 50,
      });
      expect(await provider.getPost({ platform: 'youtube', id: 'zzzzzzzzzzz' })).toBeNull();
    });
  });
});
