import { readFile, rm } from 'node:fs/promises';
import { parseVideoLink, POST_ID_PATTERN, type VideoRef } from '@reelscout/domain';
import { createStubSandboxRenderer, type StubSandboxRenderer } from '../../../test/fakes';
import { MarketsService } from '../../link-resolution/markets.service';
import { mediaTempDir } from '../http/media-download';
import { SandboxCatalogue } from './sandbox-catalogue';
import type { CallOptions } from '../provider.types';
import { SANDBOX_MAGIC_IDS } from './sandbox-magic';
import { SandboxMediaRegistry } from './sandbox-media-registry';
import { SandboxVideoDataProvider } from './sandbox-video-data.provider';
import { hasHan } from './sandbox-text';
import { failure } from '../../../test/support/failures';

let renderer: StubSandboxRenderer;

function sandbox(options: { slowDelayMs?: number; registry?: SandboxMediaRegistry } = {}) {
  return new SandboxVideoDataProvider({
    renderer,
    slowDelayMs: options.slowDelayMs ?? 10,
    registry: options.registry,
    // A fresh catalogue each time: the determinism tests compare independent instances.
    catalogue: new SandboxCatalogue(),
  });
}

beforeAll(async () => {
  renderer = await createStubSandboxRenderer();
});

afterAll(() => renderer.dispose());

describe('SandboxVideoDataProvider', () => {
  let provider: SandboxVideoDataProvider;

  beforeAll(() => {
    provider = sandbox();
  });

  describe('search', () => {
    it('gives the same reels for the same query across fresh instances (restarts)', async () => {
      const first = await sandbox().searchVideos('network_a', 'home coffee latte');
      const second = await sandbox().searchVideos('network_a', 'home coffee latte');
      expect(first.items.length).toBeGreaterThan(0);
      expect(second).toEqual(first);
    });

    it('maps a phrase to its niche in either language, and pages deterministically', async () => {
      const english = await provider.searchVideos('network_b', 'pour over coffee');
      const chinese = await provider.searchVideos('network_b', '手冲咖啡');
      expect(english.items.every((post) => /咖啡|拿铁|拉花/.test(post.caption ?? ''))).toBe(true);
      expect(chinese.items.every((post) => /咖啡|拿铁|拉花/.test(post.caption ?? ''))).toBe(true);

      const seen = new Set<string>();
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await provider.searchVideos('network_b', '手冲咖啡', cursor);
        page.items.forEach((post) => seen.add(post.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== null);
      expect(seen.size).toBe(36);
      expect(pages).toBe(4);
    });

    it('never mixes networks: a network_b search returns only network_b reels', async () => {
      const b = await provider.searchVideos('network_b', 'coffee');
      expect(b.items.length).toBeGreaterThan(0);
      for (const post of b.items) {
        expect(post.market).toBe('network_b');
        expect(post.platform).toBe('network_b');
        expect(post.namespacedId).toBe(`network_b:${post.id}`);
        expect(hasHan(post.caption ?? '')).toBe(true);
      }
      const a = await provider.searchVideos('network_a', 'coffee');
      const aIds = new Set(a.items.map((post) => post.id));
      expect(b.items.some((post) => aIds.has(post.id))).toBe(false);
    });

    it('leaves network_b play counts to batchPlayCounts, like the live provider', async () => {
      const page = await provider.searchVideos('network_b', '健身');
      expect(page.items.every((post) => post.stats.playCount === null)).toBe(true);
      const counts = await provider.batchPlayCounts(page.items.map((post) => post.namespacedId));
      expect(counts.size).toBe(page.items.length);
      expect([...counts.values()].every((plays) => plays > 0)).toBe(true);
      expect((await provider.batchPlayCounts(['7999999999999999999'])).size).toBe(0);
    });

    it("finds a competitor's reels by @handle", async () => {
      const page = await provider.searchVideos('network_a', '@brewwithmaya');
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((post) => post.authorHandle === 'brewwithmaya')).toBe(true);
    });

    it('answers nothing for unrelated phrases and for the empty magic phrase', async () => {
      expect((await provider.searchVideos('network_a', 'quantum chromodynamics')).items).toEqual(
        [],
      );
      expect(await provider.searchVideos('network_a', 'coffee sandbox-empty')).toEqual({
        items: [],
        nextCursor: null,
      });
    });

    it('fails with 502 for the failing magic phrase', async () => {
      expect((await failure(provider.searchVideos('network_a', 'coffee sandbox-fail'))).code).toBe(
        'provider_error',
      );
    });

    it('stalls for the slow magic phrase until the caller’s deadline: timeout', async () => {
      const slow = sandbox({ slowDelayMs: 60_000 });
      const error = await failure(
        slow.searchVideos('network_a', 'coffee sandbox-slow', null, {
          signal: AbortSignal.timeout(20),
        }),
      );
      expect(error.code).toBe('timeout');
      const quick = await sandbox({ slowDelayMs: 1 }).searchVideos(
        'network_a',
        'coffee sandbox-slow',
      );
      expect(quick.items.length).toBeGreaterThan(0);
    });
  });

  describe('posts and magic ids', () => {
    const ref = (link: string): VideoRef => {
      const parsed = parseVideoLink(link);
      if (parsed.kind !== 'video') throw new Error('not a video link');
      return parsed.ref;
    };

    it('returns a catalogue post with a 19-digit id and its caption track', async () => {
      const [first] = (await provider.searchVideos('network_a', 'skincare')).items;
      const post = await provider.getPost(ref(first.url));
      expect(post).toEqual(first);
      expect(POST_ID_PATTERN.test(post!.id)).toBe(true);
      expect(post!.captions?.segments?.length).toBeGreaterThan(0);
    });

    it('does not find a network_a id on network_b', async () => {
      const [first] = (await provider.searchVideos('network_a', 'skincare')).items;
      expect(await provider.getPost({ platform: 'network_b', id: first.id })).toBeNull();
    });

    it('serves the magic posts', async () => {
      const magic = SANDBOX_MAGIC_IDS.network_b;
      const long = await provider.getPost({ platform: 'network_b', id: magic.longVideo });
      expect(long?.durationSec).toBe(200);
      expect((await provider.getPost({ platform: 'network_b', id: magic.photoPost }))?.kind).toBe(
        'photo',
      );
      expect(await provider.getPost({ platform: 'network_b', id: magic.deletedPost })).toBeNull();
      expect(
        (await failure(provider.getPost({ platform: 'network_b', id: magic.failingProvider })))
          .code,
      ).toBe('provider_error');
      const slow = sandbox({ slowDelayMs: 60_000 });
      const error = await failure(
        slow.getPost(
          { platform: 'network_a', id: SANDBOX_MAGIC_IDS.network_a.slowProvider },
          { signal: AbortSignal.timeout(20) },
        ),
      );
      expect(error.code).toBe('timeout');
    });

    it('resolves the magic short links through the markets service', async () => {
      const markets = new MarketsService();
      const resolver = { resolve: (url: string) => provider.resolveShareLink(url) };
      const video = await markets.resolveVideo(
        '看看 https://vm.tiktok.com/ZMsandbox1/ 复制',
        resolver,
      );
      expect(video.market).toBe('network_a');
      expect(await provider.getPost(video)).not.toBeNull();
      const long = await markets.resolveVideo('https://v.douyin.com/sandbox2/', resolver);
      expect(long.id).toBe(SANDBOX_MAGIC_IDS.network_b.longVideo);
      expect(
        (await failure(markets.resolveVideo('https://vm.tiktok.com/ZMsandboxP/', resolver))).code,
      ).toBe('not_found');
      const reel = await markets.resolveVideo(
        'https://www.instagram.com/share/reel/SANDBOXshare1/',
        resolver,
      );
      expect(reel.namespacedId).toBe('instagram:SANDBOXreel1');
      expect(
        (await failure(markets.resolveVideo('https://vm.tiktok.com/ZMunknown9/', resolver))).code,
      ).toBe('not_found');
    });

    it('knows a few Instagram and YouTube posts, on network_a', async () => {
      const post = await provider.getPost({ platform: 'youtube', id: 'sandboxYT01' });
      expect(post).toMatchObject({ market: 'network_a', namespacedId: 'youtube:sandboxYT01' });
      expect(await provider.getPost({ platform: 'instagram', id: 'NOTKNOWN1' })).toBeNull();
    });
  });

  describe('sounds', () => {
    it('serves charts: popular by usage, rising by growth, commercial filter honoured', async () => {
      const popular = await provider.soundCharts('network_b', { kind: 'popular' });
      expect(popular.length).toBeGreaterThan(10);
      expect(popular.map((s) => s.rank)).toEqual(popular.map((_, i) => i + 1));
      const usage = popular.map((s) => s.usageCount!);
      expect(usage).toEqual([...usage].sort((x, y) => y - x));
      expect(popular.every((s) => s.namespacedId.startsWith('network_b:'))).toBe(true);
      const commercial = await provider.soundCharts('network_a', {
        kind: 'rising',
        commercialOnly: true,
      });
      expect(commercial.length).toBeGreaterThan(0);
      expect(commercial.every((s) => s.commercial === true)).toBe(true);
    });

    it("answers the no-sound magic video's pool calls with nothing, and only its own", async () => {
      for (const [market, forVideo] of [
        ['network_a', SANDBOX_MAGIC_IDS.network_a.noSounds],
        ['network_b', `network_b:${SANDBOX_MAGIC_IDS.network_b.noSounds}`],
      ] as const) {
        const video = await provider.getPost({
          platform: market,
          id: forVideo.replace(/^network_b:/, ''),
        });
        expect(video).toMatchObject({ kind: 'video', sound: null, namespacedId: forVideo });
        expect(video?.mediaUrl).not.toBeNull();
        const call: CallOptions = { forVideo };
        for (const kind of ['popular', 'rising'] as const) {
          expect(await provider.soundCharts(market, { kind }, call)).toEqual([]);
          expect(await provider.soundCharts(market, { kind, commercialOnly: true }, call)).toEqual(
            [],
          );
        }
        expect(await provider.searchSounds(market, 'coffee', call)).toEqual([]);
        expect((await provider.searchVideos(market, 'coffee', null, call)).items).toEqual([]);
        const [charted] = await provider.soundCharts(market, { kind: 'popular' });
        expect(await provider.getSound(market, charted.namespacedId, call)).toBeNull();

        // Any other video's calls are answered as usual.
        const other: CallOptions = { forVideo: `${forVideo.slice(0, -1)}1` };
        expect((await provider.soundCharts(market, { kind: 'popular' }, other)).length).toBe(
          (await provider.soundCharts(market, { kind: 'popular' })).length,
        );
        expect((await provider.searchSounds(market, 'coffee', other)).length).toBeGreaterThan(0);
      }
    });

    it('gets a sound by namespaced id, only on its own network', async () => {
      const [first] = await provider.soundCharts('network_b', { kind: 'popular' });
      expect((await provider.getSound('network_b', first.namespacedId))?.id).toBe(first.id);
      expect(await provider.getSound('network_a', first.id)).toBeNull();
    });

    it('searches sounds by niche keywords and lists the reels using a sound', async () => {
      const sounds = await provider.searchSounds('network_a', 'coffee');
      expect(sounds.length).toBeGreaterThan(0);
      const used = await provider.videosUsingSound('network_a', sounds[0].id);
      expect(used.items.every((post) => post.sound?.id === sounds[0].id)).toBe(true);
    });
  });

  describe('media', () => {
    it('returns a copy of the rendered file and remembers its transcript', async () => {
      const registry = new SandboxMediaRegistry();
      const withRegistry = sandbox({ registry });
      const [post] = (await withRegistry.searchVideos('network_a', 'baking')).items;
      const path = await withRegistry.downloadMedia(post.mediaUrl!, {
        maxBytes: 1_000_000,
        kind: 'video',
      });
      try {
        expect(path.startsWith(mediaTempDir())).toBe(true);
        const rendered = JSON.parse(await readFile(path, 'utf8'));
        expect(rendered.durationSec).toBe(post.durationSec);
        expect(registry.transcriptOf(path)).toEqual(post.captions?.segments);
      } finally {
        await rm(path, { force: true });
      }
    });

    it('renders sound audio from its spec', async () => {
      const [sound] = await provider.soundCharts('network_b', { kind: 'popular' });
      const path = await provider.downloadMedia(sound.playUrl!, {
        maxBytes: 1_000_000,
        kind: 'audio',
      });
      await rm(path, { force: true });
      expect(renderer.sounds.some((spec) => spec.key.endsWith(sound.id))).toBe(true);
    });

    it('refuses URLs that are not sandbox media, and files over the cap', async () => {
      expect(
        (
          await failure(
            provider.downloadMedia('https://cdn.example/v.mp4', { maxBytes: 10, kind: 'video' }),
          )
        ).code,
      ).toBe('provider_error');
      const [post] = (await provider.searchVideos('network_a', 'baking')).items;
      expect(
        (await failure(provider.downloadMedia(post.mediaUrl!, { maxBytes: 10, kind: 'video' })))
          .message,
      ).toMatch(/too large/);
    });

    it('answers 503 when no media renderer is wired', async () => {
      const bare = new SandboxVideoDataProvider({ renderer: null, slowDelayMs: 1 });
      const [post] = (await bare.searchVideos('network_a', 'baking')).items;
      expect(
        (await failure(bare.downloadMedia(post.mediaUrl!, { maxBytes: 1e6, kind: 'video' }))).code,
      ).toBe('provider_unavailable');
    });
  });
});
