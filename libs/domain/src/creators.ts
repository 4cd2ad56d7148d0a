import { DomainError } from './errors';
import { splitHttpUrl } from './markets/http-url';
import { videoHostInfo } from './markets/video-hosts';
import type { Market } from './modes';

/**
 * A creator as a watch names it: by handle on a market, or by the provider's secure user id
 * (network_b profile links carry only that). At least one of the two is set.
 */
export interface CreatorRef {
  market: Market;
  handle: string | null;
  secUid: string | null;
}

/** A handle (network_a username, network_b 抖音号) as it can be written after `@`. */
export const CREATOR_HANDLE_PATTERN = /^[0-9A-Za-z._-]{1,64}$/;
/** A secure user id as network_b profile links carry it. */
export const CREATOR_SEC_UID_PATTERN = /^[0-9A-Za-z_-]{8,200}$/;

/** The default and the bounds of a creator watch's `outlier_multiple`. */
export const OUTLIER_MULTIPLE = { default: 2, min: 1.2, max: 20 } as const;
/** Posts a creator's median is taken over: the newest this many we know. */
export const CREATOR_MEDIAN_WINDOW = 30;
/** Below this many known posts a new post gets no multiple (nor an outlier flag). */
export const CREATOR_MIN_KNOWN_POSTS = 5;

const bad = (message: string, param = 'creator') =>
  new DomainError('invalid_request', message, { param });

/**
 * Reads `creator` of a creator watch: `@handle` or a bare handle (then `market` is required), a
 * network_a profile link (`https://www.tiktok.com/@handle`) or a network_b one
 * (`https://www.douyin.com/user/<sec_uid>`). A link decides its market; a `market` naming the
 * other one is a 400 on `market`.
 */
export function parseCreatorRef(input: string, market?: Market): CreatorRef {
  const text = input.trim();
  if (/^https?:\/\//i.test(text)) {
    const split = splitHttpUrl(text);
    if (!split.ok) throw bad(`creator is not a usable profile link: ${split.problem}.`);
    const host = videoHostInfo(split.url.host);
    const ref = host?.kind === 'web' ? profileFromPath(host.platform, split.url.path) : null;
    if (!ref) {
      throw bad(
        'creator must be a profile link (https://www.tiktok.com/@handle or https://www.douyin.com/user/<id>), or an @handle with market.',
      );
    }
    if (market && market !== ref.market) {
      throw bad(`market is ${market} but the profile link is on ${ref.market}.`, 'market');
    }
    return ref;
  }
  const handle = text.startsWith('@') ? text.slice(1) : text;
  if (!CREATOR_HANDLE_PATTERN.test(handle)) {
    throw bad('creator must be a profile link or an @handle (letters, digits, ".", "_", "-").');
  }
  if (!market) throw bad('market is required with a handle (network_a or network_b).', 'market');
  return { market, handle, secUid: null };
}

function profileFromPath(platform: string, path: string): CreatorRef | null {
  const segments = path.split('/').filter(Boolean);
  if (platform === 'network_a') {
    const handle = segments[0]?.startsWith('@') ? segments[0].slice(1) : null;
    if (!handle || !CREATOR_HANDLE_PATTERN.test(handle) || segments.length > 1) return null;
    return { market: 'network_a', handle, secUid: null };
  }
  if (platform === 'network_b') {
    const [first, secUid, ...rest] = segments;
    if (first !== 'user' || !secUid || rest.length > 0) return null;
    if (!CREATOR_SEC_UID_PATTERN.test(secUid)) return null;
    return { market: 'network_b', handle: null, secUid };
  }
  return null;
}

/** The median of some numbers (null for none). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * A new post against its creator's median: `plays / median(known)` over the newest
 * `CREATOR_MEDIAN_WINDOW` posts known before it (`known`, newest first, play counts only), and
 * whether that reaches `outlierMultiple`. Both null until `CREATOR_MIN_KNOWN_POSTS` posts with a
 * play count are known, when the post has no play count, or when the median is 0. The multiple
 * is rounded to two decimals; the flag is judged on the rounded value, as it is shown.
 */
export function postAgainstMedian(
  plays: number | null,
  known: readonly number[],
  outlierMultiple: number,
): { multipleOfMedian: number | null; outlier: boolean | null } {
  const window = known.slice(0, CREATOR_MEDIAN_WINDOW);
  const middle = window.length >= CREATOR_MIN_KNOWN_POSTS ? median(window) : null;
  if (plays === null || middle === null || middle <= 0) {
    return { multipleOfMedian: null, outlier: null };
  }
  const multipleOfMedian = Math.round((plays / middle) * 100) / 100;
  return { multipleOfMedian, outlier: multipleOfMedian >= outlierMultiple };
}
