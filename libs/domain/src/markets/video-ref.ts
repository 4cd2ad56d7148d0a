import type { Market } from '../modes';
import { PLATFORM_MARKET, type VideoPlatform } from './market';

/** A video on one of the supported platforms, identified independently of the link it came from. */
export interface VideoRef {
  platform: VideoPlatform;
  /** The catalogue the video belongs to: network_b for its own videos, network_a for the rest. */
  market: Market;
  /** The platform's own id: a 19-digit post id, an Instagram media code or a YouTube video id. */
  id: string;
  /**
   * The public id (docs/architecture.md §8): network_a plain, others `network_b:`, `instagram:`,
   * `youtube:`.
   */
  namespacedId: string;
  /** The permalink the API reports for this video. */
  canonicalUrl: string;
  /** The creator's handle, when known (network_a links may or may not carry it). */
  handle?: string;
}

/** network_a and network_b post ids are 19-digit numbers. */
export const POST_ID_PATTERN = /^[0-9]{19}$/;
/** YouTube video ids: 11 characters of the URL-safe base64 alphabet. */
export const YOUTUBE_ID_PATTERN = /^[0-9A-Za-z_-]{11}$/;
/** Instagram media codes (the part after `/reel/` or `/p/`), URL-safe base64. */
export const INSTAGRAM_CODE_PATTERN = /^[0-9A-Za-z_-]{5,64}$/;
/** A network_a handle as it may appear in a permalink. */
export const HANDLE_PATTERN = /^[0-9A-Za-z._-]{1,64}$/;

/** The platforms whose public ids carry their name as a namespace: all but network_a. */
const NAMESPACED_PLATFORMS: readonly Exclude<VideoPlatform, 'network_a'>[] = [
  'network_b',
  'instagram',
  'youtube',
];

const RAW_ID_PATTERN: Readonly<Record<VideoPlatform, RegExp>> = {
  network_a: POST_ID_PATTERN,
  network_b: POST_ID_PATTERN,
  instagram: INSTAGRAM_CODE_PATTERN,
  youtube: YOUTUBE_ID_PATTERN,
};

/** True when `rawId` has the shape of an id on `platform`. */
export function isValidRawId(platform: VideoPlatform, rawId: string): boolean {
  return RAW_ID_PATTERN[platform].test(rawId);
}

/** The public id of a video: network_a ids are plain, the others carry a namespace. */
export function namespacedIdFor(platform: VideoPlatform, rawId: string): string {
  return platform === 'network_a' ? rawId : `${platform}:${rawId}`;
}

export interface NamespacedIdParts {
  platform: VideoPlatform;
  rawId: string;
}

/** Splits a public id back into platform and raw id; `null` when it is not a valid id. */
export function parseNamespacedId(id: unknown): NamespacedIdParts | null {
  if (typeof id !== 'string') return null;
  if (POST_ID_PATTERN.test(id)) return { platform: 'network_a', rawId: id };
  const colon = id.indexOf(':');
  if (colon < 0) return null;
  const prefix = id.slice(0, colon);
  const rawId = id.slice(colon + 1);
  const platform = NAMESPACED_PLATFORMS.find((candidate) => candidate === prefix);
  if (!platform || !isValidRawId(platform, rawId)) return null;
  return { platform, rawId };
}

/**
 * The canonical permalink of a video.
 *
 * network_a permalinks carry the creator's handle (`/@{handle}/video/{id}`). When the handle is
 * not known yet (the link was `m.tiktok.com/v/ID.html` or an embed), the permalink uses an empty
 * handle, `https://www.tiktok.com/@/video/{id}`: it keeps the documented shape, network_a
 * redirects it to the real permalink, and it parses back to the same id. Once the provider has
 * returned the author, `withHandle` upgrades the reference.
 */
export function canonicalUrlFor(platform: VideoPlatform, rawId: string, handle?: string): string {
  switch (platform) {
    case 'network_a':
      return `https://www.tiktok.com/@${handle ?? ''}/video/${rawId}`;
    case 'network_b':
      return `https://www.douyin.com/video/${rawId}`;
    case 'instagram':
      return `https://www.instagram.com/reel/${rawId}/`;
    case 'youtube':
      return `https://www.youtube.com/shorts/${rawId}`;
  }
}

/** Builds a reference; a handle that cannot appear in a permalink is dropped. */
export function videoRef(platform: VideoPlatform, rawId: string, handle?: string): VideoRef {
  const safeHandle = handle !== undefined && HANDLE_PATTERN.test(handle) ? handle : undefined;
  const ref: VideoRef = {
    platform,
    market: PLATFORM_MARKET[platform],
    id: rawId,
    namespacedId: namespacedIdFor(platform, rawId),
    canonicalUrl: canonicalUrlFor(platform, rawId, safeHandle),
  };
  if (safeHandle !== undefined) ref.handle = safeHandle;
  return ref;
}

/**
 * The same reference with the creator's handle (from the provider) filled in, and for
 * network_a the permalink rebuilt around it. A handle that cannot appear in a permalink
 * (empty, or with characters outside `[0-9A-Za-z._-]`) leaves the reference unchanged.
 * A leading `@` is tolerated.
 */
export function withHandle(ref: VideoRef, handle: string | null | undefined): VideoRef {
  const bare = typeof handle === 'string' ? handle.trim().replace(/^@/, '') : '';
  if (!HANDLE_PATTERN.test(bare)) return ref;
  return videoRef(ref.platform, ref.id, bare);
}
