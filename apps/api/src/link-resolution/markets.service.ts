import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  DomainError,
  parseVideoLink,
  safeParseVideoLink,
  unsupportedLinkError,
  warmUpHanScript,
  type NonVideoLinkResult,
  type VideoLinkResult,
  type VideoRef,
} from '@reelscout/domain';
import type { ResolveOptions, ShortLinkResolver } from './short-link-resolver';

/** Most short links resolved for one input (a short link leading to another short link). */
export const MAX_SHORT_LINK_RESOLUTIONS = 3;

/** Where a link ends up once every short link on the way is resolved. */
export type ResolvedLink = VideoLinkResult | NonVideoLinkResult;

/**
 * Reads the `url` of playbook and music: parses it, resolves short links through the resolver
 * of the caller's mode (provider for live keys, sandbox for test keys), and parses what they
 * lead to again.
 */
@Injectable()
export class MarketsService implements OnModuleInit {
  /** Builds the script converters at start-up rather than on the first scan (about 0.1 s). */
  onModuleInit(): void {
    warmUpHanScript();
  }

  /**
   * The video or non-video post a link leads to. Throws `invalid_request` (`param: "url"`) for an
   * unsupported link, including a short link that leads to a page that is not a video (a user
   * page, an unsupported site); `not_found` when a short link leads nowhere; `provider_error`
   * when resolution failed; `timeout` when `options.signal` (the operation's deadline) fired.
   */
  async resolveLink(
    input: unknown,
    resolver: ShortLinkResolver,
    options: ResolveOptions = {},
  ): Promise<ResolvedLink> {
    let result = parseVideoLink(input);
    const seen = new Set<string>();

    while (result.kind === 'short_link') {
      throwIfAborted(options.signal);
      if (seen.has(result.shortUrl)) {
        throw new DomainError('not_found', 'The short link does not lead to a post.');
      }
      if (seen.size >= MAX_SHORT_LINK_RESOLUTIONS) {
        throw new DomainError(
          'invalid_request',
          'The short link redirects too many times; paste the full video link instead.',
          {
            param: 'url',
          },
        );
      }
      seen.add(result.shortUrl);

      const target = await resolveSafely(resolver, result.shortUrl, options);
      const next = safeParseVideoLink(target);
      if (!next.ok) {
        throw unsupportedLinkError('the short link leads to a page that is not a supported video');
      }
      result = next.result;
    }
    return result;
  }

  /** Like `resolveLink`, and a non-video post (photo, note, slides) is 404 `not_found`. */
  async resolveVideo(
    input: unknown,
    resolver: ShortLinkResolver,
    options: ResolveOptions = {},
  ): Promise<VideoRef> {
    const resolved = await this.resolveLink(input, resolver, options);
    if (resolved.kind === 'non_video') {
      throw new DomainError(
        'not_found',
        `The link is to a ${resolved.postType} post, which has no video.`,
      );
    }
    return resolved.ref;
  }
}

/** Resolver failures reach the caller as domain errors only. */
async function resolveSafely(
  resolver: ShortLinkResolver,
  shortUrl: string,
  options: ResolveOptions,
): Promise<string> {
  try {
    return await resolver.resolve(shortUrl, options);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throwIfAborted(options.signal);
    throw new DomainError(
      'provider_error',
      'Could not resolve the short link. Try again, or paste the full video link.',
      { cause: error },
    );
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new DomainError('timeout', 'The deadline passed while resolving the short link.');
  }
}
