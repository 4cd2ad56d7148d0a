import { DomainError } from '../errors';
import { MAX_LINK_INPUT_LENGTH, parseVideoLink, safeParseVideoLink } from './video-link.parser';
import { DY, IG, TT, YT } from '../../test/video-link-fixtures';

describe('parseVideoLink: result details', () => {
  it('gives the platform and market of each kind of video', () => {
    const markets = [
      `https://www.tiktok.com/@a/video/${TT}`,
      `https://www.douyin.com/video/${DY}`,
      `https://www.instagram.com/reel/${IG}/`,
      `https://youtu.be/${YT}`,
    ].map((link) => {
      const result = parseVideoLink(link);
      return result.kind === 'video'
        ? [result.ref.platform, result.ref.market, result.ref.id]
        : null;
    });
    expect(markets).toEqual([
      ['network_a', 'network_a', TT],
      ['network_b', 'network_b', DY],
      ['instagram', 'network_a', IG],
      ['youtube', 'network_a', YT],
    ]);
  });

  it('gives the platform and market of short links and non-video posts', () => {
    expect(parseVideoLink('https://v.douyin.com/iRNBho6u/')).toEqual({
      kind: 'short_link',
      platform: 'network_b',
      market: 'network_b',
      shortUrl: 'https://v.douyin.com/iRNBho6u/',
    });
    expect(parseVideoLink(`https://www.tiktok.com/@a/photo/${TT}`)).toEqual({
      kind: 'non_video',
      platform: 'network_a',
      market: 'network_a',
      postType: 'photo',
      id: TT,
      namespacedId: TT,
    });
  });

  it('drops a handle that cannot appear in a permalink but keeps the video', () => {
    const result = parseVideoLink(`https://www.tiktok.com/@bad%3Chandle/video/${TT}`);
    expect(result).toMatchObject({
      kind: 'video',
      ref: { id: TT, canonicalUrl: `https://www.tiktok.com/@/video/${TT}` },
    });
    expect(result.kind === 'video' && 'handle' in result.ref).toBe(false);
  });

  it('accepts input of exactly the maximum length', () => {
    const base = `https://youtu.be/${YT}?pad=`;
    const input = base + 'a'.repeat(MAX_LINK_INPUT_LENGTH - base.length);
    expect(input).toHaveLength(MAX_LINK_INPUT_LENGTH);
    expect(parseVideoLink(input).kind).toBe('video');
  });
});

describe('safeParseVideoLink', () => {
  it('returns the result instead of throwing', () => {
    const outcome = safeParseVideoLink(`https://youtu.be/${YT}`);
    expect(outcome.ok && outcome.result.kind).toBe('video');
  });

  it('returns the same 400 the throwing variant would throw', () => {
    const outcome = safeParseVideoLink('https://evil.example/');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toBeInstanceOf(DomainError);
    expect(outcome.error.code).toBe('invalid_request');
    expect(outcome.error.param).toBe('url');
    expect(() => parseVideoLink('https://evil.example/')).toThrow(outcome.error.message);
  });
});
