import { namespacedIdFor, type Market } from '@reelscout/domain';
import type { CaptionTrack, Post, PostKind, Sound, SoundSummary } from '../../../provider.types';
import {
  anyUrl,
  asArray,
  asObject,
  at,
  bool,
  count,
  firstDefined,
  idText,
  msToSeconds,
  seconds,
  text,
  unixToIso,
  type JsonObject,
} from '../../json-read';
import { handleOf, hashtagsOf, permalink, soundNamespacedId, soundUrl } from './common';

/**
 * The networks' app format ("aweme"), which network_a and network_b share: posts, their music,
 * and network_b's batch statistics.
 */

/** A post in the networks' app format (`aweme_id`, `statistics`, `video.duration` in ms). */
export function mapAppAweme(raw: unknown, market: Market): Post | null {
  const aweme = asObject(raw);
  if (!aweme) return null;
  const id = idText(firstDefined(aweme.aweme_id, aweme.id_str, aweme.id));
  if (!id) return null;
  // A network's own posts live on its own platform.
  const platform = market;
  const author = asObject(aweme.author) ?? {};
  const video = asObject(aweme.video) ?? {};
  const statistics = asObject(aweme.statistics) ?? {};
  const kind = appPostKind(aweme);
  // network_b accounts often leave `unique_id` empty and show the numeric `short_id` instead.
  const handle = handleOf(author.unique_id) ?? handleOf(author.short_id);

  return {
    platform,
    market,
    id,
    namespacedId: namespacedIdFor(platform, id),
    url: permalink(platform, id, kind, handle),
    kind,
    caption: text(aweme.desc),
    hashtags: hashtagsOf(
      asArray(aweme.text_extra).map((entry) => at(entry, 'hashtag_name')),
      asArray(aweme.cha_list).map((entry) => at(entry, 'cha_name')),
    ),
    authorHandle: handle,
    authorName: text(author.nickname),
    authorFollowers: count(author.follower_count),
    postedAt: unixToIso(aweme.create_time),
    durationSec: appDuration(firstDefined(video.duration, aweme.duration)),
    coverUrl: anyUrl(video.cover, video.origin_cover, video.dynamic_cover),
    mediaUrl:
      kind === 'video'
        ? anyUrl(
            video.play_addr,
            video.play_addr_h264,
            video.download_addr,
            at(video, 'bit_rate', 0, 'play_addr'),
          )
        : null,
    stats: {
      // network_b's feeds send 0 as a placeholder: only the batch statistics call is believed.
      playCount: market === 'network_b' ? null : count(statistics.play_count),
      likeCount: count(statistics.digg_count),
      commentCount: count(statistics.comment_count),
      shareCount: count(statistics.share_count),
      collectCount: count(statistics.collect_count),
    },
    captions: appCaptions(aweme, video),
    sound: aweme.music === undefined ? null : mapMusicSummary(aweme.music, market),
  };
}

/**
 * Why a looked-up post is not available: deleted, private, blocked, or not viewable in the
 * provider's region. `null` when it is available.
 */
export function unavailableReason(raw: unknown): string | null {
  const aweme = asObject(raw);
  if (!aweme) return 'missing';
  const status = asObject(aweme.status) ?? {};
  if (bool(status.is_delete) === true) return 'deleted';
  if (count(status.private_status) === 1 || bool(status.is_private) === true) return 'private';
  if (bool(status.is_prohibited) === true) return 'blocked';
  return null;
}

function appPostKind(aweme: JsonObject): PostKind {
  const images = firstDefined(aweme.images, at(aweme, 'image_post_info', 'images'));
  if (Array.isArray(images) && images.length > 0) return 'photo';
  if (asObject(aweme.image_post_info)) return 'photo';
  const type = count(aweme.aweme_type);
  if (type === 2 || type === 68 || type === 150) return 'photo';
  return 'video';
}

/** App-format durations are milliseconds; a small value (≤ 600) can only be seconds. */
function appDuration(value: unknown): number | null {
  const number = seconds(value);
  if (number === null) return null;
  return number > 600 ? msToSeconds(number) : number;
}

function appCaptions(aweme: JsonObject, video: JsonObject): CaptionTrack | null {
  for (const info of asArray(at(video, 'cla_info', 'caption_infos'))) {
    const url = anyUrl(at(info, 'url'), at(info, 'url_list'), info);
    if (url) {
      return {
        language: text(
          firstDefined(at(info, 'language_code_name'), at(info, 'lang'), at(info, 'language_code')),
        ),
        segments: null,
        url,
      };
    }
  }
  for (const sticker of asArray(aweme.interaction_stickers)) {
    for (const caption of asArray(at(sticker, 'auto_video_caption_info', 'auto_captions'))) {
      const url = anyUrl(at(caption, 'url'));
      if (url) return { language: text(at(caption, 'language')), segments: null, url };
    }
  }
  return null;
}

/** `music` of an app-format post, or a music detail. */
export function mapMusicSummary(raw: unknown, market: Market): SoundSummary | null {
  const music = asObject(raw);
  if (!music) return null;
  const id = idText(firstDefined(music.id_str, music.mid, music.music_id, music.id));
  if (!id) return null;
  return {
    market,
    id,
    namespacedId: soundNamespacedId(market, id),
    title: text(music.title),
    author: text(
      firstDefined(music.author, music.owner_nickname, at(music, 'matched_song', 'author')),
    ),
    durationSec: seconds(firstDefined(music.duration, at(music, 'matched_song', 'duration'))),
    coverUrl: anyUrl(music.cover_large, music.cover_medium, music.cover_hd, music.cover_thumb),
    playUrl: anyUrl(music.play_url),
    isOriginal: bool(firstDefined(music.is_original_sound, music.is_original)),
    commercial: bool(firstDefined(music.is_commerce_music, music.is_commercial_music)),
  };
}

/** A full app-format sound (music detail, search result, chart item). */
export function mapAppMusic(raw: unknown, market: Market): Sound | null {
  const summary = mapMusicSummary(raw, market);
  if (!summary) return null;
  const music = asObject(raw)!;
  const tags = musicTagging(music.extra);
  return {
    ...summary,
    shootDurationSec: seconds(firstDefined(music.shoot_duration, music.audition_duration)),
    usageCount: count(firstDefined(music.user_count, music.video_count)),
    trend: null,
    url: soundUrl(market, summary.id, summary.title),
    moods: tags.moods,
    genres: tags.genres,
  };
}

/** network_b puts `music_tagging{Moods, Genres, Themes}` into `extra`, a JSON string. */
function musicTagging(extra: unknown): { moods: string[]; genres: string[] } {
  let parsed: unknown = extra;
  if (typeof extra === 'string') {
    try {
      parsed = JSON.parse(extra);
    } catch {
      parsed = undefined;
    }
  }
  const tagging = asObject(at(parsed, 'music_tagging'));
  const list = (value: unknown) =>
    asArray(value)
      .map((entry) => text(entry))
      .filter((entry): entry is string => entry !== null);
  return { moods: list(tagging?.Moods), genres: list(tagging?.Genres) };
}

// ---------------------------------------------------------------------------------------------
// network_b batch statistics

/**
 * Play counts from `fetch_multi_video_statistics`: `statistics_list[]` or
 * `aweme_details[].statistics`. An id the answer does not mention stays absent (unknown). A 0
 * next to a non-zero like count is the feeds' placeholder, not a count, and is left out too.
 */
export function readPlayCounts(payload: JsonObject): Map<string, number> {
  const counts = new Map<string, number>();
  const entries = [
    ...asArray(payload.statistics_list),
    ...asArray(payload.aweme_details),
    ...asArray(payload.aweme_statistics),
  ];
  for (const entry of entries) {
    const object = asObject(entry);
    if (!object) continue;
    const stats = asObject(object.statistics) ?? object;
    const id = idText(firstDefined(object.aweme_id, stats.aweme_id));
    const plays = count(stats.play_count);
    if (!id || plays === null) continue;
    if (plays === 0 && (count(stats.digg_count) ?? 0) > 0) continue;
    counts.set(id, plays);
  }
  return counts;
}
