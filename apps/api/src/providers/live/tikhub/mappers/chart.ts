import type { SoundChartEntry, SoundTrendPoint } from '../../../provider.types';
import {
  anyUrl,
  asArray,
  asObject,
  at,
  bool,
  count,
  firstDefined,
  idText,
  seconds,
  text,
  unixToIso,
} from '../../json-read';
import { soundUrl } from './common';

/** A network_a creative-center chart item (`clip_id`, `if_cml`, `trend[{time, value}]`). */
export function mapChartSound(raw: unknown, position: number): SoundChartEntry | null {
  const item = asObject(raw);
  if (!item) return null;
  const id = idText(firstDefined(item.clip_id, item.song_id, item.id));
  if (!id) return null;
  const title = text(item.title);
  return {
    market: 'network_a',
    id,
    namespacedId: id,
    title,
    author: text(item.author),
    durationSec: seconds(item.duration),
    coverUrl: anyUrl(item.cover),
    // The chart item carries the audio itself (`music_url`, TikHub V5.3.2 example).
    playUrl: anyUrl(item.music_url, item.play_url, item.url),
    isOriginal: null,
    commercial: bool(item.if_cml),
    shootDurationSec: null,
    usageCount: count(firstDefined(item.video_count, item.user_count)),
    trend: trendOf(item.trend),
    url: text(item.link) ?? soundUrl('network_a', id, title),
    moods: [],
    genres: [],
    rank: count(item.rank) ?? position + 1,
    rankDiff: signedNumber(item.rank_diff),
  };
}

function trendOf(value: unknown): SoundTrendPoint[] | null {
  const points = asArray(value)
    .map((point) => {
      const at_ = unixToIso(at(point, 'time'));
      const numeric = at(point, 'value');
      return at_ !== null && typeof numeric === 'number' && Number.isFinite(numeric)
        ? { at: at_, value: numeric }
        : null;
    })
    .filter((point): point is SoundTrendPoint => point !== null);
  return points.length > 0 ? points : null;
}

function signedNumber(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}
