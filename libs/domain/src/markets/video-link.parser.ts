import { DomainError } from '../errors';
import { queryParam, splitHttpUrl, type HttpUrlParts } from './http-url';
import { extractLinkCandidates } from './link-extraction';
import type { Market } from '../modes';
import { PLATFORM_MARKET, type VideoPlatform } from './market';
import { videoHostInfo } from './video-hosts';
import { namespacedIdFor, videoRef, type VideoRef } from './video-ref';

/** Longest `url` input accepted (a bare link or a share text). */
export const MAX_LINK_INPUT_LENGTH = 2048;

/** A link to a video. */
export interface VideoLinkResult {
  kind: 'video';
  ref: VideoRef;
}

/** A share link whose target is only known after following its redirect. */
export interface ShortLinkResult {
  kind: 'short_link';
  platform: VideoPlatform;
  market: Market;
  /** Rebuilt by the parser from the validated code: always https, always an allowlisted host. */
  shortUrl: string;
}

export type NonVideoPostType = 'photo' | 'note' | 'slides';

/** A valid link to a post that has no video (photo, note, slides): answered with 404. */
export interface NonVideoLinkResult {
  kind: 'non_video';
  platform: VideoPlatform;
  market: Market;
  postType: NonVideoPostType;
  id: string;
  namespacedId: string;
}

export type LinkParseResult = VideoLinkResult | ShortLinkResult | NonVideoLinkResult;

export type SafeLinkParseResult =
  { ok: true; result: LinkParseResult } | { ok: false; error: DomainError };

/** Appended to every refusal, so a caller learns what to send instead. */
export const ACCEPTED_LINKS_MESSAGE =
  'Accepted: one link to a video on network_a (tiktok.com/@handle/video/ID, m.tiktok.com/v/ID.html, ' +
  'vm.tiktok.com/CODE, vt.tiktok.com/CODE, tiktok.com/t/CODE), on network_b (douyin.com/video/ID, ' +
  'iesdouyin.com/share/video/ID, m.douyin.com/share/video/ID, douyin.com/…?modal_id=ID, ' +
  'v.douyin.com/CODE), an Instagram reel (instagram.com/reel/CODE, /reels/CODE, /p/CODE, /tv/CODE, ' +
  '/share/reel/CODE) or a YouTube short (youtube.com/shorts/ID, youtu.be/ID), bare or inside a ' +
  'pasted share text.';

type Outcome = { ok: true; result: LinkParseResult } | { ok: false; problem: string };

/**
 * Reads a video link from user input: a bare link or a share text containing exactly one link.
 *
 * Returns a video reference, a short link that still has to be resolved, or a non-video post
 * (to be answered 404 `not_found`). Throws `DomainError('invalid_request', …, {param: 'url'})`
 * for anything else; never throws any other error.
 */
export function parseVideoLink(input: unknown): LinkParseResult {
  const outcome = classifyInput(input);
  if (outcome.ok) return outcome.result;
  throw unsupportedLinkError(outcome.problem);
}

/** `parseVideoLink` without the throw. */
export function safeParseVideoLink(input: unknown): SafeLinkParseResult {
  const outcome = classifyInput(input);
  return outcome.ok
    ? { ok: true, result: outcome.result }
    : { ok: false, error: unsupportedLinkError(outcome.problem) };
}

/** The 400 for a link we do not accept; `problem` says why, the rest says what is accepted. */
export function unsupportedLinkError(problem: string): DomainError {
  return new DomainError(
    'invalid_request',
    `url is not a supported video link: ${problem}. ${ACCEPTED_LINKS_MESSAGE}`,
    { param: 'url' },
  );
}

function classifyInput(input: unknown): Outcome {
  if (typeof input !== 'string') return { ok: false, problem: 'it must be a string' };
  if (input.length > MAX_LINK_INPUT_LENGTH) {
    return { ok: false, problem: `it is longer than ${MAX_LINK_INPUT_LENGTH} characters` };
  }
  const text = input.trim();
  if (text === '') return { ok: false, problem: 'it is empty' };

  const candidates = extractLinkCandidates(text);
  if (candidates.length === 0) {
    const looksLikeOtherScheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.test(text) && !/\s/.test(text);
    return {
      ok: false,
      problem: looksLikeOtherScheme ? 'only http and https links are accepted' : 'no link found',
    };
  }

  const outcomes = candidates.map(classifyCandidate);
  // The same video linked twice (e.g. in a title and again at the end) is still one link.
  const keys = new Set(outcomes.map((outcome, i) => outcomeKey(outcome, candidates[i])));
  if (keys.size > 1)
    return { ok: false, problem: 'it contains more than one link; pass exactly one' };
  return outcomes[0];
}

function outcomeKey(outcome: Outcome, candidate: string): string {
  if (!outcome.ok) return `refused:${candidate}`;
  const { result } = outcome;
  switch (result.kind) {
    case 'video':
      return `video:${result.ref.namespacedId}`;
    case 'non_video':
      return `non_video:${result.namespacedId}`;
    case 'short_link':
      return `short:${result.shortUrl}`;
  }
}

function classifyCandidate(candidate: string): Outcome {
  const split = splitHttpUrl(candidate);
  if (!split.ok) return split;
  const { url } = split;
  const host = videoHostInfo(url.host);
  if (!host) return { ok: false, problem: `${url.host} is not a supported video site` };

  const result =
    host.kind === 'short' ? shortHostRoute(host.platform, url) : webHostRoute(host.platform, url);
  return result
    ? { ok: true, result }
    : { ok: false, problem: `this ${url.host} link does not point to a video` };
}

const POST_ID = '([0-9]{19})';
const SHORT_CODE = '([A-Za-z0-9_-]{4,32})';
const END = '/?$';

const TIKTOK_POST = new RegExp(`^/(?:@|%40)([^/]*)/(video|photo)/${POST_ID}${END}`);
const TIKTOK_V_HTML = new RegExp(`^/v/${POST_ID}(?:\\.html)?${END}`);
const TIKTOK_EMBED = new RegExp(`^/embed(?:/v2)?/${POST_ID}${END}`);
const TIKTOK_T = new RegExp(`^/t/${SHORT_CODE}${END}`);
const DOUYIN_VIDEO = new RegExp(`^(?:/share)?/video/${POST_ID}${END}`);
const DOUYIN_NON_VIDEO = new RegExp(`^(?:/share)?/(note|slides)/${POST_ID}${END}`);
const INSTAGRAM_SHARE = new RegExp(`^/share/(?:(reel|p)/)?([A-Za-z0-9_-]{4,64})${END}`);
const INSTAGRAM_MEDIA = new RegExp(
  `^/(?:[A-Za-z0-9._]{1,30}/)?(?:(?:reel|p|tv)/|reels/)([A-Za-z0-9_-]{5,64})${END}`,
);
const YOUTUBE_SHORTS = new RegExp(`^/shorts/([0-9A-Za-z_-]{11})${END}`);
const SHORT_HOST_CODE = new RegExp(`^/${SHORT_CODE}${END}`);
const YOUTU_BE = new RegExp(`^/([0-9A-Za-z_-]{11})${END}`);

function video(platform: VideoPlatform, rawId: string, handle?: string): VideoLinkResult {
  return { kind: 'video', ref: videoRef(platform, rawId, handle) };
}

function shortLink(platform: VideoPlatform, shortUrl: string): ShortLinkResult {
  return { kind: 'short_link', platform, market: PLATFORM_MARKET[platform], shortUrl };
}

function nonVideo(
  platform: VideoPlatform,
  postType: NonVideoPostType,
  rawId: string,
): NonVideoLinkResult {
  return {
    kind: 'non_video',
    platform,
    market: PLATFORM_MARKET[platform],
    postType,
    id: rawId,
    namespacedId: namespacedIdFor(platform, rawId),
  };
}

/** Links on a platform's share-link host (`vm.`/`vt.tiktok.com`, `v.douyin.com`, `youtu.be`). */
function shortHostRoute(platform: VideoPlatform, url: HttpUrlParts): LinkParseResult | undefined {
  if (platform === 'youtube') {
    // youtu.be links carry the video id itself: no redirect needed.
    const m = YOUTU_BE.exec(url.path);
    return m ? video('youtube', m[1]) : undefined;
  }
  const m = SHORT_HOST_CODE.exec(url.path);
  return m ? shortLink(platform, `https://${url.host}/${m[1]}/`) : undefined;
}

function webHostRoute(platform: VideoPlatform, url: HttpUrlParts): LinkParseResult | undefined {
  switch (platform) {
    case 'network_a':
      return tiktokRoute(url);
    case 'network_b':
      return douyinRoute(url);
    case 'instagram':
      return instagramRoute(url);
    case 'youtube': {
      const m = YOUTUBE_SHORTS.exec(url.path);
      return m ? video('youtube', m[1]) : undefined;
    }
  }
}

/** Paths on network_a's site (tiktok.com). */
function tiktokRoute({ path }: HttpUrlParts): LinkParseResult | undefined {
  let m = TIKTOK_POST.exec(path);
  if (m) {
    const [, handle, type, id] = m;
    return type === 'photo' ? nonVideo('network_a', 'photo', id) : video('network_a', id, handle);
  }
  m = TIKTOK_V_HTML.exec(path) ?? TIKTOK_EMBED.exec(path);
  if (m) return video('network_a', m[1]);
  m = TIKTOK_T.exec(path);
  if (m) return shortLink('network_a', `https://www.tiktok.com/t/${m[1]}/`);
  return undefined;
}

/** Paths on network_b's site (douyin.com, iesdouyin.com). */
function douyinRoute({ path, query }: HttpUrlParts): LinkParseResult | undefined {
  let m = DOUYIN_VIDEO.exec(path);
  if (m) return video('network_b', m[1]);
  m = DOUYIN_NON_VIDEO.exec(path);
  if (m) return nonVideo('network_b', m[1] as NonVideoPostType, m[2]);
  // The web app opens a post over any page (discover, search, a user page) as `?modal_id=ID`.
  const modalId = queryParam(query, 'modal_id');
  if (modalId !== undefined && /^[0-9]{19}$/.test(modalId)) return video('network_b', modalId);
  return undefined;
}

function instagramRoute({ path }: HttpUrlParts): LinkParseResult | undefined {
  // `/share/…` codes are share tokens, not media codes: they must be resolved by redirect.
  let m = INSTAGRAM_SHARE.exec(path);
  if (m) {
    const [, kind, code] = m;
    return shortLink(
      'instagram',
      `https://www.instagram.com/share/${kind ? `${kind}/` : ''}${code}/`,
    );
  }
  m = INSTAGRAM_MEDIA.exec(path);
  return m ? video('instagram', m[1]) : undefined;
}
