import { Inject, Injectable } from '@nestjs/common';
import { DomainError, isAllowedVideoHost, safeParseVideoLink } from '@reelscout/domain';
import { EgressRefusedError } from '../egress';
import { REDIRECT_TRANSPORT, type RedirectTransport } from './redirect-transport';
import type { ResolveOptions, ShortLinkResolver } from './short-link-resolver';

/** Most requests made for one short link (each answered redirect is one hop). */
export const MAX_REDIRECT_HOPS = 3;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Resolves a short link by following its redirects itself (ARCHITECTURE.md §8):
 * - only https URLs on allowlisted video hosts with the default port and no userinfo are
 *   requested; a redirect anywhere else ends the walk without a request, and the parser
 *   judges the URL (an http or foreign target is refused there);
 * - at most `MAX_REDIRECT_HOPS` requests, each with a timeout, redirects handled manually;
 * - every request goes through the egress guard (see `EgressRedirectTransport`): never a
 *   connection to a non-public address, checked on the resolved address and pinned; a link the
 *   guard refuses is the caller's 400 with `param: "url"`;
 * - the walk stops as soon as the next URL is already a video or non-video link, so a normal
 *   short link costs one request and the video page itself is never fetched.
 */
@Injectable()
export class SafeRedirectFollower implements ShortLinkResolver {
  constructor(@Inject(REDIRECT_TRANSPORT) private readonly transport: RedirectTransport) {}

  async resolve(shortUrl: string, options: ResolveOptions = {}): Promise<string> {
    const { signal } = options;
    let current = toFetchableUrl(shortUrl);
    if (!current) {
      throw new DomainError(
        'invalid_request',
        'The short link is not an https link to a video site.',
        {
          param: 'url',
        },
      );
    }

    for (let hop = 1; hop <= MAX_REDIRECT_HOPS; hop += 1) {
      const probe = await this.probe(current, signal);

      if (!REDIRECT_STATUSES.has(probe.status)) {
        if (probe.status >= 200 && probe.status < 300) return current.toString();
        if (probe.status === 404 || probe.status === 410) {
          throw new DomainError('not_found', 'The short link does not lead to a post.');
        }
        throw resolutionFailed(`the platform answered ${probe.status}`);
      }

      const next = resolveLocation(probe.location, current);
      if (!next) throw resolutionFailed('the platform sent a redirect without a valid location');
      if (isSettled(next)) return next.toString();
      current = toFetchableUrl(next.toString()) as URL;
    }
    throw new DomainError(
      'invalid_request',
      `The short link redirects more than ${MAX_REDIRECT_HOPS} times; paste the full video link instead.`,
      { param: 'url' },
    );
  }

  private async probe(url: URL, signal: AbortSignal | undefined) {
    if (signal?.aborted) throw deadlinePassed();
    try {
      return await this.transport.probe(url, { signal });
    } catch (error) {
      if (signal?.aborted) throw deadlinePassed(error);
      if (error instanceof EgressRefusedError) {
        throw new DomainError(
          'invalid_request',
          'The short link leads to an address the service does not connect to.',
          { param: 'url', cause: error },
        );
      }
      throw resolutionFailed('the platform could not be reached', error);
    }
  }
}

/** The URL when the follower may request it: https, allowlisted host, default port, no userinfo. */
function toFetchableUrl(value: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const fetchable =
    url.protocol === 'https:' &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    isAllowedVideoHost(url.hostname);
  return fetchable ? url : undefined;
}

function resolveLocation(location: string | undefined, base: URL): URL | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

/**
 * True when the walk ends at `url` without requesting it: the parser already knows it as a video
 * or a non-video post, or the follower may not request it (the parser will then refuse it or
 * read it, without any connection).
 */
function isSettled(url: URL): boolean {
  const parsed = safeParseVideoLink(url.toString());
  if (parsed.ok && parsed.result.kind !== 'short_link') return true;
  return toFetchableUrl(url.toString()) === undefined;
}

function resolutionFailed(detail: string, cause?: unknown): DomainError {
  return new DomainError(
    'provider_error',
    `Could not resolve the short link (${detail}). Try again, or paste the full video link.`,
    { cause },
  );
}

function deadlinePassed(cause?: unknown): DomainError {
  return new DomainError('timeout', 'The deadline passed while resolving the short link.', {
    cause,
  });
}
