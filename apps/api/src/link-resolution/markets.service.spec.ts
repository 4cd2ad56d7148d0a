import { DomainError } from '@reelscout/domain';
import { MarketsService } from './markets.service';
import type { ShortLinkResolver } from './short-link-resolver';
import { failure } from '../../test/support/failures';

const TT = '6718335390845095173';
const DY = '7301234567890123456';

/** Resolves from a table and records what it was asked. */
class TableResolver implements ShortLinkResolver {
  readonly asked: string[] = [];

  constructor(private readonly table: Record<string, string | Error>) {}

  async resolve(shortUrl: string): Promise<string> {
    this.asked.push(shortUrl);
    const answer = this.table[shortUrl];
    if (answer === undefined) throw new Error(`unexpected short link ${shortUrl}`);
    if (answer instanceof Error) throw answer;
    return answer;
  }
}

describe('MarketsService.resolveLink', () => {
  const service = new MarketsService();

  it('returns a full video link without resolving anything', async () => {
    const resolver = new TableResolver({});
    const result = await service.resolveLink(`https://www.douyin.com/video/${DY}`, resolver);
    expect(result).toMatchObject({ kind: 'video', ref: { namespacedId: `network_b:${DY}` } });
    expect(resolver.asked).toEqual([]);
  });

  it('resolves the short link of a share text and parses where it leads', async () => {
    const resolver = new TableResolver({
      'https://v.douyin.com/LTwVOJ1S-mE/': `https://www.iesdouyin.com/share/video/${DY}/?region=CN`,
    });
    const ref = await service.resolveVideo(
      '7.43 pda:/ 标题 https://v.douyin.com/LTwVOJ1S-mE/ 复制此链接',
      resolver,
    );
    expect(ref).toEqual({
      platform: 'network_b',
      market: 'network_b',
      id: DY,
      namespacedId: `network_b:${DY}`,
      canonicalUrl: `https://www.douyin.com/video/${DY}`,
    });
    expect(resolver.asked).toEqual(['https://v.douyin.com/LTwVOJ1S-mE/']);
  });

  it('follows a short link to a video on another platform', async () => {
    const resolver = new TableResolver({
      'https://v.douyin.com/iRNBho6u/': 'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    });
    const ref = await service.resolveVideo('https://v.douyin.com/iRNBho6u/', resolver);
    expect(ref).toMatchObject({
      platform: 'youtube',
      market: 'network_a',
      namespacedId: 'youtube:dQw4w9WgXcQ',
    });
  });

  it('resolves a short link that leads to another short link', async () => {
    const resolver = new TableResolver({
      'https://www.instagram.com/share/reel/BAF1bX2abc/': 'https://vm.tiktok.com/ZMeAbCd12/',
      'https://vm.tiktok.com/ZMeAbCd12/': `https://www.tiktok.com/@scout2015/video/${TT}`,
    });
    const ref = await service.resolveVideo(
      'https://www.instagram.com/share/reel/BAF1bX2abc/',
      resolver,
    );
    expect(ref.canonicalUrl).toBe(`https://www.tiktok.com/@scout2015/video/${TT}`);
    expect(resolver.asked).toHaveLength(2);
  });

  it('returns a photo post as non-video, and resolveVideo answers 404', async () => {
    const resolver = new TableResolver({
      'https://vm.tiktok.com/ZMphoto1/': `https://www.tiktok.com/@a/photo/${TT}`,
    });
    await expect(
      service.resolveLink('https://vm.tiktok.com/ZMphoto1/', resolver),
    ).resolves.toMatchObject({
      kind: 'non_video',
      postType: 'photo',
    });
    const error = await failure(service.resolveVideo('https://vm.tiktok.com/ZMphoto1/', resolver));
    expect(error.code).toBe('not_found');
  });

  it('answers 404 for a non-video link without resolving', async () => {
    const error = await failure(
      service.resolveVideo(`https://www.douyin.com/note/${DY}`, new TableResolver({})),
    );
    expect(error.code).toBe('not_found');
  });

  it.each([
    ['a user page', 'https://www.douyin.com/user/MS4wLjABAAAA'],
    ['an unsupported site', 'https://www.ixigua.com/7301234567890123456'],
    ['a loopback address', 'https://127.0.0.1/'],
    ['nothing usable', ''],
  ])('answers 400 on url when the short link leads to %s', async (_case, target) => {
    const resolver = new TableResolver({ 'https://v.douyin.com/iRNBho6u/': target });
    const error = await failure(service.resolveLink('https://v.douyin.com/iRNBho6u/', resolver));
    expect(error.code).toBe('invalid_request');
    expect(error.param).toBe('url');
    expect(error.message).toContain('leads to a page');
  });

  it('answers 404 when a short link leads back to itself', async () => {
    const resolver = new TableResolver({
      'https://vm.tiktok.com/ZMloop1/': 'https://vm.tiktok.com/ZMloop1/',
    });
    const error = await failure(service.resolveLink('https://vm.tiktok.com/ZMloop1/', resolver));
    expect(error.code).toBe('not_found');
  });

  it('stops after three short links in a row', async () => {
    const resolver = new TableResolver({
      'https://vm.tiktok.com/ZMchain1/': 'https://vm.tiktok.com/ZMchain2/',
      'https://vm.tiktok.com/ZMchain2/': 'https://vm.tiktok.com/ZMchain3/',
      'https://vm.tiktok.com/ZMchain3/': 'https://vm.tiktok.com/ZMchain4/',
      'https://vm.tiktok.com/ZMchain4/': `https://www.tiktok.com/@a/video/${TT}`,
    });
    const error = await failure(service.resolveLink('https://vm.tiktok.com/ZMchain1/', resolver));
    expect(error.code).toBe('invalid_request');
    expect(resolver.asked).toHaveLength(3);
  });

  it('refuses an unsupported link without resolving', async () => {
    const resolver = new TableResolver({});
    const error = await failure(service.resolveLink('https://tiktok.com@evil.example/', resolver));
    expect(error.code).toBe('invalid_request');
    expect(resolver.asked).toEqual([]);
  });

  it('passes a resolver domain error through', async () => {
    const gone = new DomainError('not_found', 'gone');
    const error = await failure(
      service.resolveLink(
        'https://vm.tiktok.com/ZMgone1/',
        new TableResolver({ 'https://vm.tiktok.com/ZMgone1/': gone }),
      ),
    );
    expect(error).toBe(gone);
  });

  it('turns any other resolver failure into provider_error', async () => {
    const crash = new TypeError('boom');
    const error = await failure(
      service.resolveLink(
        'https://vm.tiktok.com/ZMboom1/',
        new TableResolver({ 'https://vm.tiktok.com/ZMboom1/': crash }),
      ),
    );
    expect(error.code).toBe('provider_error');
    expect(error.cause).toBe(crash);
    expect(error.message).not.toContain('boom');
  });
});

describe('MarketsService.resolveLink under a deadline', () => {
  const service = new MarketsService();

  /** Waits for the signal it is given, and records it. */
  class StallingResolver implements ShortLinkResolver {
    readonly signals: (AbortSignal | undefined)[] = [];

    resolve(_shortUrl: string, options: { signal?: AbortSignal } = {}): Promise<string> {
      this.signals.push(options.signal);
      return new Promise((_, reject) => {
        options.signal?.addEventListener(
          'abort',
          () => reject(new DomainError('timeout', 'The deadline passed.')),
          { once: true },
        );
      });
    }
  }

  it("passes the operation's signal to the resolver, so a stalled resolution ends with timeout", async () => {
    const resolver = new StallingResolver();
    const controller = new AbortController();
    const pending = service.resolveVideo('https://vm.tiktok.com/ZMeAbCd12/', resolver, {
      signal: controller.signal,
    });
    controller.abort();
    expect((await failure(pending)).code).toBe('timeout');
    expect(resolver.signals).toEqual([controller.signal]);
  });

  it('asks nothing once the deadline has passed', async () => {
    const resolver = new TableResolver({});
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      service.resolveLink('https://vm.tiktok.com/ZMeAbCd12/', resolver, {
        signal: controller.signal,
      }),
    );
    expect(error.code).toBe('timeout');
    expect(resolver.asked).toEqual([]);
  });

  it('a resolver failing with a plain error after the deadline is a timeout, not provider_error', async () => {
    const controller = new AbortController();
    const resolver: ShortLinkResolver = {
      resolve: async () => {
        controller.abort();
        throw new Error('socket hang up');
      },
    };
    const error = await failure(
      service.resolveLink('https://vm.tiktok.com/ZMeAbCd12/', resolver, {
        signal: controller.signal,
      }),
    );
    expect(error.code).toBe('timeout');
  });
});
