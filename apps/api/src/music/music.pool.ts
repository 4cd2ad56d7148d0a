import type { Market } from '@reelscout/domain';
import {
  toSoundSummary,
  type Post,
  type Sound,
  type SoundChartEntry,
  type SoundChartKind,
  type SoundSummary,
} from '../providers/provider.types';

/** Where a candidate sound was found. */
export type PoolSource =
  'video' | 'similar_videos' | 'sound_search' | 'chart_rising' | 'chart_popular';

/**
 * A sound as far as it is known: summaries (from posts) leave the detail fields null (and the
 * tags empty).
 */
export interface PoolSound extends Omit<Sound, 'url'> {
  /** Link to the sound on its platform; `null` until the sound's details are read. */
  url: string | null;
}

export interface ChartPlacement {
  kind: SoundChartKind;
  rank: number;
  rankDiff: number | null;
}

export interface PoolEntry {
  sound: PoolSound;
  chart?: ChartPlacement;
}

export interface Candidate extends PoolSound {
  sources: PoolSource[];
  charts: ChartPlacement[];
}

export type PoolLists = Record<PoolSource, PoolEntry[]>;

/** After the video's own sound, sources take turns in this order, one sound each. */
export const ROUND_ROBIN: readonly Exclude<PoolSource, 'video'>[] = [
  'similar_videos',
  'sound_search',
  'chart_rising',
  'chart_popular',
];

export function fromSummary(summary: SoundSummary): PoolSound {
  return {
    ...summary,
    shootDurationSec: null,
    usageCount: null,
    trend: null,
    url: null,
    moods: [],
    genres: [],
  };
}

export function fromSound(sound: Sound): PoolSound {
  return {
    ...toSoundSummary(sound),
    shootDurationSec: sound.shootDurationSec,
    usageCount: sound.usageCount,
    trend: sound.trend,
    url: sound.url,
    moods: [...sound.moods],
    genres: [...sound.genres],
  };
}

export function fromChartEntry(entry: SoundChartEntry, kind: SoundChartKind): PoolEntry {
  return {
    sound: fromSound(entry),
    chart: { kind, rank: entry.rank, rankDiff: entry.rankDiff },
  };
}

/** The same sound from two answers: every field `a` leaves null (or empty) is taken from `b`. */
export function mergeSound(a: PoolSound, b: PoolSound): PoolSound {
  const pick = <K extends keyof PoolSound>(key: K): PoolSound[K] => a[key] ?? b[key];
  return {
    market: a.market,
    id: a.id,
    namespacedId: a.namespacedId,
    title: pick('title'),
    author: pick('author'),
    durationSec: pick('durationSec'),
    coverUrl: pick('coverUrl'),
    playUrl: pick('playUrl'),
    isOriginal: pick('isOriginal'),
    commercial: pick('commercial'),
    shootDurationSec: pick('shootDurationSec'),
    usageCount: pick('usageCount'),
    trend: a.trend && a.trend.length > 0 ? a.trend : b.trend,
    url: pick('url'),
    moods: a.moods.length > 0 ? a.moods : b.moods,
    genres: a.genres.length > 0 ? a.genres : b.genres,
  };
}

/**
 * A candidate worth a (paid) sound-detail lookup: one without its audio (what the analysis
 * needs) or without its library status (what `requireCommercial` and the response need). A chart
 * item carries both (`music_url`, `if_cml`) and is used as it is; what it lacks (usable length,
 * usage count) stays unknown rather than bought with one call per sound.
 */
export function needsDetails(sound: PoolSound): boolean {
  return sound.playUrl === null || sound.commercial === null;
}

/**
 * The candidate pool: every list merged by namespaced id (a sound found twice keeps the richer
 * data and both sources), only sounds of `market`; with `requireCommercial`, sounds known not to
 * be in the commercial library are skipped (unknown ones stay until their details are read).
 * The video's own sound comes first, then the sources take turns — similar videos, sound search,
 * rising chart, popular chart — until `max`.
 */
export function assemblePool(
  lists: PoolLists,
  options: { market: Market; max: number; requireCommercial: boolean },
): Candidate[] {
  const merged = new Map<string, Candidate>();
  const order: PoolSource[] = ['video', ...ROUND_ROBIN];
  for (const source of order) {
    for (const entry of lists[source]) {
      if (entry.sound.market !== options.market) continue;
      const known = merged.get(entry.sound.namespacedId);
      const candidate: Candidate = known
        ? { ...known, ...mergeSound(known, entry.sound) }
        : { ...entry.sound, sources: [], charts: [] };
      if (!candidate.sources.includes(source)) candidate.sources = [...candidate.sources, source];
      if (entry.chart && !candidate.charts.some((c) => c.kind === entry.chart!.kind)) {
        candidate.charts = [...candidate.charts, entry.chart];
      }
      merged.set(entry.sound.namespacedId, candidate);
    }
  }

  const eligible = (id: string) => {
    const candidate = merged.get(id);
    return !!candidate && !(options.requireCommercial && candidate.commercial === false);
  };
  const chosen: string[] = [];
  const take = (id: string) => {
    if (chosen.length < options.max && !chosen.includes(id) && eligible(id)) chosen.push(id);
  };
  for (const entry of lists.video) take(entry.sound.namespacedId);
  const longest = Math.max(0, ...ROUND_ROBIN.map((source) => lists[source].length));
  for (let position = 0; position < longest && chosen.length < options.max; position += 1) {
    for (const source of ROUND_ROBIN) {
      const entry = lists[source][position];
      if (entry) take(entry.sound.namespacedId);
    }
  }
  return chosen.map((id) => merged.get(id)!);
}

/**
 * The sounds of similar videos, most used first (ties: first seen). The video itself and posts
 * without a sound are skipped.
 */
export function soundsOfSimilarVideos(posts: readonly Post[], videoId: string): PoolEntry[] {
  const counts = new Map<string, { sound: SoundSummary; count: number; first: number }>();
  posts.forEach((post, index) => {
    if (post.namespacedId === videoId || post.kind !== 'video' || !post.sound) return;
    const known = counts.get(post.sound.namespacedId);
    if (known) known.count += 1;
    else counts.set(post.sound.namespacedId, { sound: post.sound, count: 1, first: index });
  });
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .map(({ sound }) => ({ sound: fromSummary(sound) }));
}

/** Hashtags that say nothing about a niche. */
const GENERIC_TAGS = new Set([
  'fyp',
  'foryou',
  'foryoupage',
  'fy',
  'viral',
  'trending',
  'trend',
  'tiktok',
  'reels',
  'shorts',
  'xyzbca',
  'douyin',
  '抖音',
  '热门',
  '推荐',
  '上热门',
  '抖音小助手',
]);

/**
 * Up to `max` phrases that find similar videos and sounds: the caption's opening words (without
 * hashtags, mentions and links), then its niche hashtags. The niche its neighbours share is added
 * once they are found (`nichePhrases`).
 */
export function searchPhrases(
  caption: string | null,
  hashtags: readonly string[],
  max = 3,
): string[] {
  const text = (caption ?? '')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[#@][^\s#@]+/g, ' ')
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const opening = /\p{Script=Han}/u.test(text)
    ? text.replace(/\s+/g, '').slice(0, 16)
    : text.split(' ').slice(0, 6).join(' ');
  const tags = hashtags.map(cleanTag).filter(isNicheTag);
  const phrases: string[] = [];
  for (const phrase of [opening, ...tags]) {
    if (phrase.length < 2) continue;
    if (phrases.some((known) => known.toLowerCase() === phrase.toLowerCase())) continue;
    phrases.push(phrase.slice(0, 100));
    if (phrases.length >= max) break;
  }
  return phrases;
}

/** A niche's tags are shared by at least this share of the similar videos (and at least 2). */
export const NICHE_TAG_SHARE = 0.2;

/**
 * The video's niche as its neighbours name it: hashtags (not `#fyp` and friends) that the
 * similar videos found by the caption and hashtag phrases share — each counted once per video,
 * kept when at least `NICHE_TAG_SHARE` of those videos (and at least two) carry it — most shared
 * first, leaving out phrases already searched. Up to `max` phrases; none when the neighbours
 * share no tag (a video nothing similar was found for has no niche to search).
 */
export function nichePhrases(
  posts: readonly Post[],
  videoId: string,
  searched: readonly string[],
  max = 2,
): string[] {
  const seen = new Set<string>();
  const tags = new Map<string, { tag: string; count: number; first: number }>();
  for (const post of posts) {
    if (post.namespacedId === videoId || post.kind !== 'video' || seen.has(post.namespacedId)) {
      continue;
    }
    seen.add(post.namespacedId);
    const own = new Set<string>();
    for (const tag of post.hashtags.map(cleanTag).filter(isNicheTag)) {
      const key = tag.toLowerCase();
      if (own.has(key)) continue;
      own.add(key);
      const known = tags.get(key);
      if (known) known.count += 1;
      else tags.set(key, { tag, count: 1, first: tags.size });
    }
  }
  const needed = Math.max(2, Math.ceil(seen.size * NICHE_TAG_SHARE));
  const done = new Set(searched.map((phrase) => phrase.toLowerCase()));
  return [...tags.values()]
    .filter((entry) => entry.count >= needed && !done.has(entry.tag.toLowerCase()))
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, max)
    .map((entry) => entry.tag.slice(0, 100));
}

function cleanTag(tag: string): string {
  return tag.replace(/^#/, '').trim();
}

function isNicheTag(tag: string): boolean {
  return tag.length >= 2 && !GENERIC_TAGS.has(tag.toLowerCase());
}
