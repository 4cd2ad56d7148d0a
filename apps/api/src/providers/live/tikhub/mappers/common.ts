import { canonicalUrlFor, HANDLE_PATTERN, type Market } from '@reelscout/domain';
import type { PostKind } from '../../../provider.types';
import { asObject, at, text, type JsonObject } from '../../json-read';

/**
 * What the mappers of every shape share: the answer's envelope, permalinks, handles, hashtags,
 * and the public ids and links of sounds.
 */

/** The answer's payload: TikHub wraps it as `{code, data}`; some endpoints nest `data.data`. */
export function payloadOf(body: unknown): JsonObject {
  return asObject(at(body, 'data')) ?? asObject(body) ?? {};
}

/** A post's link on its network's site; photos and notes have their own paths. */
export function permalink(
  market: Market,
  id: string,
  kind: PostKind,
  handle: string | null,
): string {
  if (kind === 'video') return canonicalUrlFor(market, id, handle ?? undefined);
  return market === 'network_a'
    ? `https://www.tiktok.com/@${handle ?? ''}/photo/${id}`
    : `https://www.douyin.com/note/${id}`;
}

export function handleOf(value: unknown): string | null {
  const handle = text(value)?.replace(/^@/, '') ?? null;
  return handle !== null && HANDLE_PATTERN.test(handle) ? handle : null;
}

export function hashtagsOf(...lists: unknown[][]): string[] {
  const tags: string[] = [];
  for (const list of lists) {
    for (const value of list) {
      const tag = text(value)?.replace(/^#/, '');
      if (tag && !tags.includes(tag)) tags.push(tag);
    }
  }
  return tags;
}

export function unwrapFirst(payload: unknown, paths: (string | number)[][]): JsonObject | null {
  for (const path of paths) {
    const candidate = asObject(at(payload, ...path));
    if (
      candidate &&
      Object.keys(candidate).length > 0 &&
      !('code' in candidate && 'data' in candidate)
    ) {
      return candidate;
    }
  }
  return null;
}

export function hashtagsFromText(value: string | null): string[] {
  if (!value) return [];
  return hashtagsOf([...value.matchAll(/#([\p{L}\p{N}_]+)/gu)].map((match) => match[1]));
}

/**
 * The namespaced public id of a sound (docs/architecture.md §8: network_b sound ids are
 * `network_b:<id>`).
 */
export function soundNamespacedId(market: Market, id: string): string {
  return market === 'network_b' ? `network_b:${id}` : id;
}

/** A sound id as the provider wants it: the `network_b:` namespace removed. */
export function rawSoundId(id: string): string {
  return id.replace(/^network_b:/, '');
}

/** The sound's page on its platform. */
export function soundUrl(market: Market, id: string, title: string | null): string {
  if (market === 'network_b') return `https://www.douyin.com/music/${id}`;
  const slug = (title ?? 'sound')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `https://www.tiktok.com/music/${slug || 'sound'}-${id}`;
}
