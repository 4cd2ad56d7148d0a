import type { Market } from '@reelscout/domain';
import type { Post, Sound } from '../../../provider.types';
import { asArray, asObject, at, firstDefined, type JsonObject } from '../../json-read';
import { mapAppAweme, mapAppMusic, unavailableReason } from './app';
import { mapChartSound } from './chart';
import { mapWebItem } from './web';

/** The fields of a search, feed or list answer that carry posts, in the order they are read. */
export const POST_LIST_KEYS = [
  'business_data',
  'data',
  'search_item_list',
  'aweme_list',
  'item_list',
  'itemList',
  'items',
] as const;

/** Entries in an answer's post lists, readable or not (what `extractPosts` had to choose from). */
export function countPostEntries(payload: JsonObject): number {
  return POST_LIST_KEYS.reduce((sum, key) => sum + asArray(payload[key]).length, 0);
}

/**
 * The posts of any search, feed or list answer, in order, whichever shape carries them:
 * `business_data[].data.aweme_info` (network_b v2 search), `data[].aweme_info`,
 * `search_item_list[].aweme_info`, `aweme_list[]`, or web `data[].item` / `itemList[]`.
 */
export function extractPosts(payload: JsonObject, market: Market): Post[] {
  const posts: Post[] = [];
  const seen = new Set<string>();
  for (const key of POST_LIST_KEYS) {
    for (const entry of asArray(payload[key])) {
      const post = postFromEntry(entry, market);
      if (post && !seen.has(post.id)) {
        seen.add(post.id);
        posts.push(post);
      }
    }
  }
  return posts;
}

function postFromEntry(entry: unknown, market: Market): Post | null {
  const object = asObject(entry);
  if (!object) return null;
  const app = firstDefined(at(object, 'data', 'aweme_info'), object.aweme_info);
  if (app !== undefined) return availableApp(app, market);
  if (object.item !== undefined || object.itemStruct !== undefined) {
    return market === 'network_a' ? mapWebItem(firstDefined(object.item, object.itemStruct)) : null;
  }
  if (object.aweme_id !== undefined) return availableApp(object, market);
  if (market === 'network_a' && object.id !== undefined && (object.stats || object.statsV2)) {
    return mapWebItem(object);
  }
  return null;
}

function availableApp(raw: unknown, market: Market): Post | null {
  return unavailableReason(raw) === null ? mapAppAweme(raw, market) : null;
}

/**
 * The sounds of a chart, search or detail answer, whichever list carries them:
 * `sound_list`, `music_list`, `music_info_list`, `music`, `data`, `list`, `business_data`; an
 * element may be the sound itself or wrap it as `music_info` / `music` / `data.music_info`.
 */
export function extractSounds(payload: JsonObject, market: Market): Sound[] {
  const lists = [
    payload.sound_list,
    payload.music_list,
    payload.music_info_list,
    payload.music,
    payload.list,
    payload.data,
    payload.business_data,
  ];
  const sounds: Sound[] = [];
  const seen = new Set<string>();
  for (const list of lists) {
    for (const entry of asArray(list)) {
      const raw = firstDefined(
        at(entry, 'music_info'),
        at(entry, 'data', 'music_info'),
        at(entry, 'music'),
        entry,
      );
      const sound =
        asObject(raw)?.clip_id !== undefined ? mapChartSound(raw, 0) : mapAppMusic(raw, market);
      if (sound && !seen.has(sound.id)) {
        seen.add(sound.id);
        sounds.push(sound);
      }
    }
  }
  return sounds;
}
