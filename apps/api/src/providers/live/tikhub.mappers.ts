import {
  canonicalUrlFor,
  HANDLE_PATTERN,
  namespacedIdFor,
  type Market,
  type VideoPlatform,
} from '@reelscout/domain';
import type {
  CaptionTrack,
  Post,
  PostKind,
  Sound,
  SoundChartEntry,
  SoundSummary,
  SoundTrendPoint,
  TimedText,
} from '../provider.types';
import {
  anyUrl,
  asArray,
  asObject,
  at,
  bool,
  count,
  dateToIso,
  firstDefined,
  idText,
  msToSeconds,
  seconds,
  text,
  unixToIso,
  type JsonObject,
} from './json-read';

/**
 * Pure mapping from the TikHub-compatible provider's payloads (PROVIDERS.md) to our domain
 * types. Every known shape is accepted: the networks' app format ("aweme"), network_a's web
 * format (`itemStruct`, `statsV2` strings preferred), the creative-center sound chart, and the
 * Instagram and YouTube lookups. Missing values are `null`.
 */

const PLATFORM_OF: Record<Market, 'tiktok' | 'douyin'> = {
  network_a: 'tiktok',
  network_b: 'douyin',
};

/** The answer's payload: TikHub wraps it as `{code, data}`; some endpoints nest `data.data`. */
export function payloadOf(body: unknown): JsonObject {
  return asObject(at(body, 'data')) ?? asObject(body) ?? {};
}

// ---------------------------------------------------------------------------------------------
// Posts

/** A post in the networks' app format (`aweme_id`, `statistics`, `video.duration` in ms). */
export function mapAppAweme(raw: unknown, market: Market): Post | null {
  const aweme = asObject(raw);
  if (!aweme) return null;
  const id = idText(firstDefined(aweme.aweme_id, aweme.id_str, aweme.id));
  if (!id) return null;
  const platform = PLATFORM_OF[market];
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

/** A network_a post in the web format (`itemStruct`). */
export function mapWebItem(raw: unknown): Post | null {
  const item = asObject(raw);
  if (!item) return null;
  const id = idText(firstDefined(item.id, item.aweme_id));
  if (!id) return null;
  const author = asObject(item.author) ?? {};
  const video = asObject(item.video) ?? {};
  const stats = asObject(item.stats) ?? {};
  const statsV2 = asObject(item.statsV2) ?? {};
  const handle = handleOf(author.uniqueId);
  const kind: PostKind = item.imagePost ? 'photo' : 'video';
  // statsV2 carries the same counters as strings, which survive values past 2^53: prefer it.
  const stat = (key: string) => count(firstDefined(statsV2[key], stats[key]));

  return {
    platform: 'tiktok',
    market: 'network_a',
    id,
    namespacedId: id,
    url: permalink('tiktok', id, kind, handle),
    kind,
    caption: text(item.desc),
    hashtags: hashtagsOf(
      asArray(item.textExtra).map((entry) => at(entry, 'hashtagName')),
      asArray(item.challenges).map((entry) => at(entry, 'title')),
    ),
    authorHandle: handle,
    authorName: text(author.nickname),
    authorFollowers: count(
      firstDefined(
        at(item, 'authorStatsV2', 'followerCount'),
        at(item, 'authorStats', 'followerCount'),
      ),
    ),
    postedAt: unixToIso(item.createTime),
    durationSec: seconds(video.duration),
    coverUrl: anyUrl(video.cover, video.originCover, video.dynamicCover),
    mediaUrl: kind === 'video' ? anyUrl(video.playAddr, video.downloadAddr) : null,
    stats: {
      playCount: stat('playCount'),
      likeCount: stat('diggCount'),
      commentCount: stat('commentCount'),
      shareCount: stat('shareCount'),
      collectCount: stat('collectCount'),
    },
    captions: webCaptions(video),
    sound: item.music === undefined ? null : mapWebMusic(item.music),
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

function permalink(
  platform: 'tiktok' | 'douyin',
  id: string,
  kind: PostKind,
  handle: string | null,
): string {
  if (kind === 'video') return canonicalUrlFor(platform, id, handle ?? undefined);
  return platform === 'tiktok'
    ? `https://www.tiktok.com/@${handle ?? ''}/photo/${id}`
    : `https://www.douyin.com/note/${id}`;
}

function handleOf(value: unknown): string | null {
  const handle = text(value)?.replace(/^@/, '') ?? null;
  return handle !== null && HANDLE_PATTERN.test(handle) ? handle : null;
}

function hashtagsOf(...lists: unknown[][]): string[] {
  const tags: string[] = [];
  for (const list of lists) {
    for (const value of list) {
      const tag = text(value)?.replace(/^#/, '');
      if (tag && !tags.includes(tag)) tags.push(tag);
    }
  }
  return tags;
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

function webCaptions(video: JsonObject): CaptionTrack | null {
  const infos = asArray(video.subtitleInfos);
  const webvtt = infos.find((info) => /vtt/i.test(String(at(info, 'Format') ?? ''))) ?? infos[0];
  const url = anyUrl(at(webvtt, 'Url'), at(webvtt, 'url'));
  if (!url) return null;
  return {
    language: text(firstDefined(at(webvtt, 'LanguageCodeName'), at(webvtt, 'LanguageID'))),
    segments: null,
    url,
  };
}

// ---------------------------------------------------------------------------------------------
// Instagram and YouTube (post lookups for playbook and music; both belong to network_a)

/** An Instagram media item (private API or GraphQL shape) from a post-by-URL lookup. */
export function mapInstagramMedia(payload: unknown, requestedCode: string): Post | null {
  const media = unwrapFirst(payload, [
    ['items', 0],
    ['data', 'xdt_shortcode_media'],
    ['xdt_shortcode_media'],
    ['shortcode_media'],
    ['graphql', 'shortcode_media'],
    ['data'],
    [],
  ]);
  if (!media) return null;
  const code = idText(firstDefined(media.code, media.shortcode)) ?? requestedCode;
  const user = asObject(firstDefined(media.user, media.owner)) ?? {};
  const mediaType = count(media.media_type);
  const isVideo =
    bool(media.is_video) === true ||
    mediaType === 2 ||
    media.video_versions !== undefined ||
    media.video_url !== undefined;
  const kind: PostKind = isVideo ? 'video' : mediaType === 8 ? 'slides' : 'photo';
  const music = asObject(at(media, 'clips_metadata', 'music_info', 'music_asset_info'));
  const originalSound = asObject(at(media, 'clips_metadata', 'original_sound_info'));
  const captionText = firstDefined(
    at(media, 'caption', 'text'),
    at(media, 'edge_media_to_caption', 'edges', 0, 'node', 'text'),
    typeof media.caption === 'string' ? media.caption : undefined,
  );

  return {
    platform: 'instagram',
    market: 'network_a',
    id: code,
    namespacedId: namespacedIdFor('instagram', code),
    url: canonicalUrlFor('instagram', code),
    kind,
    caption: text(captionText),
    hashtags: hashtagsFromText(text(captionText)),
    authorHandle: handleOf(user.username),
    authorName: text(user.full_name),
    authorFollowers: count(
      firstDefined(user.follower_count, at(user, 'edge_followed_by', 'count')),
    ),
    postedAt: unixToIso(firstDefined(media.taken_at, media.taken_at_timestamp)),
    durationSec: seconds(media.video_duration),
    coverUrl: anyUrl(
      at(media, 'image_versions2', 'candidates', 0),
      media.display_url,
      media.thumbnail_url,
      media.thumbnail_src,
    ),
    mediaUrl: isVideo ? anyUrl(at(media, 'video_versions', 0), media.video_url) : null,
    stats: {
      playCount: count(
        firstDefined(
          media.play_count,
          media.ig_play_count,
          media.video_play_count,
          media.view_count,
          media.video_view_count,
        ),
      ),
      likeCount: count(
        firstDefined(media.like_count, at(media, 'edge_media_preview_like', 'count')),
      ),
      commentCount: count(
        firstDefined(media.comment_count, at(media, 'edge_media_to_comment', 'count')),
      ),
      shareCount: count(media.share_count),
      collectCount: null,
    },
    captions: null,
    sound: instagramSound(music, originalSound),
  };
}

function instagramSound(
  music: JsonObject | undefined,
  original: JsonObject | undefined,
): SoundSummary | null {
  const source = music ?? original;
  const id = idText(firstDefined(source?.audio_cluster_id, source?.audio_asset_id, source?.id));
  if (!source || !id) return null;
  return {
    market: 'network_a',
    id,
    namespacedId: `instagram:${id}`,
    title: text(firstDefined(source.title, source.original_audio_title)),
    author: text(firstDefined(source.display_artist, at(source, 'ig_artist', 'username'))),
    durationSec: msToSeconds(source.duration_in_ms),
    coverUrl: anyUrl(source.cover_artwork_uri),
    playUrl: anyUrl(source.progressive_download_url, source.fast_start_progressive_download_url),
    isOriginal: music === undefined,
    commercial: null,
  };
}

/** A YouTube video (short) from a video-info lookup. */
export function mapYoutubeVideo(payload: unknown, requestedId: string): Post | null {
  const video = unwrapFirst(payload, [['video'], ['data'], ['videoDetails'], []]);
  if (!video) return null;
  const id = idText(firstDefined(video.id, video.videoId, video.video_id)) ?? requestedId;
  const channel = asObject(firstDefined(video.channel, video.author, video.owner)) ?? {};
  const thumbnails = asArray(firstDefined(video.thumbnails, at(video, 'thumbnail', 'thumbnails')));
  const description = text(firstDefined(video.description, video.shortDescription));
  const title = text(video.title);
  const caption = [title, description].filter((part) => part !== null).join('\n') || null;

  return {
    platform: 'youtube',
    market: 'network_a',
    id,
    namespacedId: namespacedIdFor('youtube', id),
    url: canonicalUrlFor('youtube', id),
    kind: 'video',
    caption,
    hashtags: hashtagsFromText(caption),
    authorHandle: handleOf(firstDefined(channel.handle, channel.username, video.channelHandle)),
    authorName: text(firstDefined(channel.name, channel.title, video.channelTitle, video.author)),
    authorFollowers: count(firstDefined(channel.subscriberCount, channel.subscriber_count)),
    postedAt: dateToIso(
      firstDefined(video.publishedAt, video.publishDate, video.publish_date, video.uploadDate),
    ),
    durationSec: seconds(
      firstDefined(video.lengthSeconds, video.length_seconds, video.duration, video.lengthSec),
    ),
    coverUrl: anyUrl(thumbnails[thumbnails.length - 1], video.thumbnail),
    mediaUrl: anyUrl(
      at(video, 'videos', 'items', 0),
      at(video, 'formats', 0),
      at(video, 'streamingData', 'formats', 0),
    ),
    stats: {
      playCount: count(
        firstDefined(video.viewCount, video.view_count, at(video, 'stats', 'views')),
      ),
      likeCount: count(
        firstDefined(video.likeCount, video.like_count, at(video, 'stats', 'likes')),
      ),
      commentCount: count(
        firstDefined(video.commentCount, video.comment_count, at(video, 'stats', 'comments')),
      ),
      shareCount: null,
      collectCount: null,
    },
    captions: null,
    sound: null,
  };
}

function unwrapFirst(payload: unknown, paths: (string | number)[][]): JsonObject | null {
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

function hashtagsFromText(value: string | null): string[] {
  if (!value) return [];
  return hashtagsOf([...value.matchAll(/#([\p{L}\p{N}_]+)/gu)].map((match) => match[1]));
}

// ---------------------------------------------------------------------------------------------
// Sounds

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

/** network_a web-format `music`. */
export function mapWebMusic(raw: unknown): SoundSummary | null {
  const music = asObject(raw);
  if (!music) return null;
  const id = idText(firstDefined(music.id, music.idStr));
  if (!id) return null;
  return {
    market: 'network_a',
    id,
    namespacedId: id,
    title: text(music.title),
    author: text(firstDefined(music.authorName, music.author)),
    durationSec: seconds(music.duration),
    coverUrl: anyUrl(music.coverLarge, music.coverMedium, music.coverThumb),
    playUrl: anyUrl(music.playUrl),
    isOriginal: bool(music.original),
    commercial: null,
  };
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

/** The namespaced public id of a sound (SPEC.md: network_b sound ids are `network_b:<id>`). */
export function soundNamespacedId(market: Market, id: string): string {
  return market === 'network_b' ? `network_b:${id}` : id;
}

/** A sound id as the provider wants it: the `network_b:` namespace removed. */
export function rawSoundId(id: string): string {
  return id.replace(/^network_b:/, '');
}

export function soundUrl(market: Market, id: string, title: string | null): string {
  if (market === 'network_b') return `https://www.douyin.com/music/${id}`;
  const slug = (title ?? 'sound')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `https://www.tiktok.com/music/${slug || 'sound'}-${id}`;
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

// ---------------------------------------------------------------------------------------------
// Risk control: a 200 that is really throttling (PROVIDERS.md "empty 200")

const NETWORK_B_RISK_CODES = new Set([8, 2154, 2156, 10000, 10001]);
const NETWORK_A_RISK_CODES = new Set([10000, 10101]);
/** network_a: "not available in your region". */
export const NETWORK_A_REGION_BLOCKED = 10219;

/** The platform status code inside a payload (`status_code` or `statusCode`), if any. */
export function platformStatus(payload: JsonObject): number | null {
  const value = firstDefined(payload.status_code, payload.statusCode);
  return typeof value === 'number' ? value : null;
}

export function isRiskControl(market: Market, payload: JsonObject): boolean {
  const status = platformStatus(payload);
  if (status === null) return false;
  return market === 'network_b'
    ? NETWORK_B_RISK_CODES.has(status)
    : NETWORK_A_RISK_CODES.has(status);
}

/** network_b `filter_list[0].reason` / `filter_reason`: the post is deleted, blocked or private. */
export function filteredReason(payload: JsonObject): string | null {
  const filter = asObject(at(payload, 'filter_list', 0)) ?? asObject(payload.filter_detail);
  if (!filter) return null;
  return text(firstDefined(filter.reason, filter.filter_reason, filter.notice)) ?? 'filtered';
}

// ---------------------------------------------------------------------------------------------
// Caption files

/**
 * Segments of a caption file: WebVTT, or JSON `{utterances: [{start_time, end_time, text}]}`
 * (milliseconds). `null` when the file is neither.
 */
export function parseCaptionFile(body: string): TimedText[] | null {
  const trimmed = body.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('WEBVTT')) return parseWebVtt(trimmed);
  try {
    const parsed: unknown = JSON.parse(trimmed);
    const utterances = asArray(
      firstDefined(
        at(parsed, 'utterances'),
        at(parsed, 'captions'),
        at(parsed, 'data', 'utterances'),
      ),
    );
    const segments = utterances
      .map((entry) => {
        const start = msToSecondsOrZero(at(entry, 'start_time'));
        const end = msToSecondsOrZero(at(entry, 'end_time'));
        const line = text(at(entry, 'text'));
        return line !== null && end > start ? { start, end, text: line } : null;
      })
      .filter((entry): entry is TimedText => entry !== null);
    return segments.length > 0 ? segments : null;
  } catch {
    return null;
  }
}

function msToSecondsOrZero(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number / 1000 : 0;
}

const VTT_TIME = /(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})/;

function parseWebVtt(body: string): TimedText[] | null {
  const segments: TimedText[] = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    const lines = block.split(/\r?\n/);
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0) continue;
    const [from, to] = lines[timing].split('-->');
    const start = vttSeconds(from);
    const end = vttSeconds(to);
    const line = lines
      .slice(timing + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .trim();
    if (start !== null && end !== null && end > start && line !== '') {
      segments.push({ start, end, text: line });
    }
  }
  return segments.length > 0 ? segments : null;
}

function vttSeconds(value: string | undefined): number | null {
  const match = value ? VTT_TIME.exec(value) : null;
  if (!match) return null;
  const [, hours, minutes, secs, millis] = match;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}

/** The platform a market's own posts live on. */
export function platformOf(market: Market): VideoPlatform {
  return PLATFORM_OF[market];
}
