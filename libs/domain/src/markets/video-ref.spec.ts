import {
  canonicalUrlFor,
  namespacedIdFor,
  parseNamespacedId,
  videoRef,
  withHandle,
} from './video-ref';
import { ALLOWED_VIDEO_HOSTS, isAllowedVideoHost, videoHostInfo } from './video-hosts';

const TT = '6718335390845095173';
const DY = '7301234567890123456';

describe('namespaced ids', () => {
  it('keeps network_a ids plain and namespaces the others', () => {
    expect(namespacedIdFor('network_a', TT)).toBe(TT);
    expect(namespacedIdFor('network_b', DY)).toBe(`network_b:${DY}`);
    expect(namespacedIdFor('instagram', 'C1a2B3c4D5e')).toBe('instagram:C1a2B3c4D5e');
    expect(namespacedIdFor('youtube', 'dQw4w9WgXcQ')).toBe('youtube:dQw4w9WgXcQ');
  });

  it.each([
    [TT, { platform: 'network_a', rawId: TT }],
    [`network_b:${DY}`, { platform: 'network_b', rawId: DY }],
    ['instagram:C1a2B3c4D5e', { platform: 'instagram', rawId: 'C1a2B3c4D5e' }],
    ['youtube:dQw4w9WgXcQ', { platform: 'youtube', rawId: 'dQw4w9WgXcQ' }],
  ])('parses %s', (id, expected) => {
    expect(parseNamespacedId(id)).toEqual(expected);
  });

  it.each([
    '',
    '123',
    `douyin:${DY}`,
    `network_a:${TT}`,
    'network_b:123',
    'youtube:short',
    'instagram:a/b',
    `tiktok:${TT}`,
    ':',
    42,
    null,
  ])('refuses %j', (id) => {
    expect(parseNamespacedId(id)).toBeNull();
  });
});

describe('canonical URLs and handles', () => {
  it('builds the documented permalinks', () => {
    expect(canonicalUrlFor('network_a', TT, 'scout2015')).toBe(
      `https://www.tiktok.com/@scout2015/video/${TT}`,
    );
    expect(canonicalUrlFor('network_a', TT)).toBe(`https://www.tiktok.com/@/video/${TT}`);
    expect(canonicalUrlFor('network_b', DY)).toBe(`https://www.douyin.com/video/${DY}`);
    expect(canonicalUrlFor('instagram', 'C1a2B3c4D5e')).toBe(
      'https://www.instagram.com/reel/C1a2B3c4D5e/',
    );
    expect(canonicalUrlFor('youtube', 'dQw4w9WgXcQ')).toBe(
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    );
  });

  it('completes a handle-less network_a reference with the provider handle', () => {
    const ref = videoRef('network_a', TT);
    expect(ref.handle).toBeUndefined();
    const completed = withHandle(ref, '@scout2015');
    expect(completed).toEqual({
      platform: 'network_a',
      market: 'network_a',
      id: TT,
      namespacedId: TT,
      canonicalUrl: `https://www.tiktok.com/@scout2015/video/${TT}`,
      handle: 'scout2015',
    });
    expect(ref.canonicalUrl).toBe(`https://www.tiktok.com/@/video/${TT}`); // not mutated
  });

  it.each(['', '  ', '@', 'a/b', 'evil?x', 'x'.repeat(65), null, undefined])(
    'ignores an unusable handle %j',
    (handle) => {
      const ref = videoRef('network_a', TT);
      expect(withHandle(ref, handle)).toBe(ref);
    },
  );

  it('records the handle of other platforms without changing their permalink', () => {
    const ref = withHandle(videoRef('network_b', DY), 'chef');
    expect(ref.handle).toBe('chef');
    expect(ref.canonicalUrl).toBe(`https://www.douyin.com/video/${DY}`);
  });
});

describe('host allowlist', () => {
  it('matches exact host names, case-insensitively', () => {
    expect(isAllowedVideoHost('WWW.TikTok.com')).toBe(true);
    expect(videoHostInfo('v.douyin.com')).toEqual({ platform: 'network_b', kind: 'short' });
    expect(videoHostInfo('www.iesdouyin.com')).toEqual({ platform: 'network_b', kind: 'web' });
  });

  it.each([
    'tiktok.com.evil.example',
    'evil-tiktok.com',
    'eviltiktok.com',
    'evil.tiktok.com',
    'www.tiktok.com.',
    'tiktok.co',
    'douyin.cn',
    'youtu.be.evil.example',
    'instagram.com:443',
    '',
  ])('refuses %j', (host) => {
    expect(isAllowedVideoHost(host)).toBe(false);
  });

  it('lists only hosts of the four platforms', () => {
    expect(
      ALLOWED_VIDEO_HOSTS.every((host) =>
        /(^|\.)(tiktok|douyin|iesdouyin|instagram|youtube)\.com$|^youtu\.be$/.test(host),
      ),
    ).toBe(true);
  });
});
