/**
 * Builders for raw provider payloads in the shapes the provider publishes (docs/configuration.md),
 * for the fake provider and for mapping tests. They produce what the provider sends, not our domain
 * types.
 */
import { contractExample } from './tikhub-contract';

export interface AwemeOptions {
  id: string;
  desc?: string;
  handle?: string;
  nickname?: string;
  followers?: number;
  /** Counters; sent as numbers unless `stringCounts`. Omit one to leave it out of the payload. */
  plays?: number;
  likes?: number;
  comments?: number;
  shares?: number;
  collects?: number;
  stringCounts?: boolean;
  /** Video length in milliseconds (app format). */
  durationMs?: number;
  createTime?: number;
  hashtags?: string[];
  playUrl?: string;
  coverUrl?: string;
  /** URL of an ASR caption file (`video.cla_info.caption_infos`). */
  captionUrl?: string;
  music?: Record<string, unknown>;
  /** A photo post (`image_post_info`). */
  photo?: boolean;
  deleted?: boolean;
}

/** A post in the networks' app format ("aweme"). */
export function appAweme(options: AwemeOptions): Record<string, unknown> {
  const value = (n: number | undefined) =>
    n === undefined ? undefined : options.stringCounts ? String(n) : n;
  const statistics: Record<string, unknown> = {
    aweme_id: options.id,
    play_count: value(options.plays),
    digg_count: value(options.likes),
    comment_count: value(options.comments),
    share_count: value(options.shares),
    collect_count: value(options.collects),
  };
  return {
    aweme_id: options.id,
    desc: options.desc ?? '',
    create_time: options.createTime ?? 1_764_000_000,
    author: {
      uid: `uid-${options.id.slice(-6)}`,
      sec_uid: `MS4w-${options.id.slice(-6)}`,
      unique_id: options.handle ?? '',
      nickname: options.nickname ?? '',
      follower_count: options.followers,
    },
    statistics: stripUndefined(statistics),
    video: options.photo
      ? { cover: { url_list: [options.coverUrl ?? 'https://cdn.example/cover.jpg'] } }
      : {
          duration: options.durationMs ?? 15_000,
          cover: { url_list: [options.coverUrl ?? 'https://cdn.example/cover.jpg'] },
          play_addr: { url_list: options.playUrl ? [options.playUrl] : [] },
          ...(options.captionUrl
            ? {
                cla_info: {
                  caption_infos: [
                    { lang: 'en', language_code_name: 'en', url: options.captionUrl },
                  ],
                },
              }
            : {}),
        },
    ...(options.photo
      ? {
          image_post_info: {
            images: [{ display_image: { url_list: ['https://cdn.example/1.jpg'] } }],
          },
        }
      : {}),
    music: options.music,
    text_extra: (options.hashtags ?? []).map((tag) => ({ hashtag_name: tag, type: 1 })),
    status: { is_delete: options.deleted ?? false, private_status: 0 },
  };
}

/** The same post in network_a's web format (`itemStruct`, `statsV2` strings). */
export function webItemFromAweme(aweme: Record<string, unknown>): Record<string, unknown> {
  const stats = (aweme.statistics ?? {}) as Record<string, unknown>;
  const author = (aweme.author ?? {}) as Record<string, unknown>;
  const video = (aweme.video ?? {}) as Record<string, unknown>;
  const music = aweme.music as Record<string, unknown> | undefined;
  const asString = (v: unknown) => (v === undefined ? undefined : String(v));
  const asNumber = (v: unknown) => (v === undefined ? undefined : Number(v));
  const url = (v: unknown) => ((v as { url_list?: string[] } | undefined)?.url_list ?? [])[0];
  const captions = ((video.cla_info as { caption_infos?: { url: string }[] } | undefined)
    ?.caption_infos ?? []) as { url: string; lang?: string }[];
  return stripUndefined({
    id: aweme.aweme_id,
    desc: aweme.desc,
    createTime: aweme.create_time,
    author: { uniqueId: author.unique_id, nickname: author.nickname },
    authorStats: { followerCount: author.follower_count },
    stats: stripUndefined({
      playCount: asNumber(stats.play_count),
      diggCount: asNumber(stats.digg_count),
      commentCount: asNumber(stats.comment_count),
      shareCount: asNumber(stats.share_count),
      collectCount: asNumber(stats.collect_count),
    }),
    statsV2: stripUndefined({
      playCount: asString(stats.play_count),
      diggCount: asString(stats.digg_count),
      commentCount: asString(stats.comment_count),
      shareCount: asString(stats.share_count),
      collectCount: asString(stats.collect_count),
    }),
    video: aweme.image_post_info
      ? { cover: url(video.cover) }
      : {
          duration: Math.round(Number(video.duration ?? 0) / 1000),
          cover: url(video.cover),
          playAddr: url(video.play_addr),
          subtitleInfos: captions.map((caption) => ({
            Url: caption.url,
            Format: 'webvtt',
            LanguageCodeName: caption.lang ?? 'en',
          })),
        },
    imagePost: aweme.image_post_info ? { images: [] } : undefined,
    music: music
      ? {
          id: music.id_str,
          title: music.title,
          authorName: music.author,
          duration: music.duration,
          playUrl: url(music.play_url),
          original: music.is_original_sound,
        }
      : undefined,
    textExtra: ((aweme.text_extra ?? []) as { hashtag_name: string }[]).map((tag) => ({
      hashtagName: tag.hashtag_name,
    })),
  });
}

export interface MusicOptions {
  id: string;
  title?: string;
  author?: string;
  durationSec?: number;
  shootDurationSec?: number;
  playUrl?: string;
  commercial?: boolean;
  original?: boolean;
  userCount?: number;
  /** network_b: `music_tagging` inside the `extra` JSON string. */
  moods?: string[];
  genres?: string[];
}

/** A sound in the app format (`id_str`, `play_url.url_list`, `is_commerce_music`, `extra`). */
export function appMusic(options: MusicOptions): Record<string, unknown> {
  return stripUndefined({
    id: Number(options.id.slice(0, 15)),
    id_str: options.id,
    mid: options.id,
    title: options.title,
    author: options.author,
    duration: options.durationSec,
    shoot_duration: options.shootDurationSec,
    play_url: { url_list: options.playUrl ? [options.playUrl] : [] },
    cover_large: { url_list: ['https://cdn.example/music.jpg'] },
    is_original_sound: options.original ?? false,
    is_commerce_music: options.commercial,
    user_count: options.userCount,
    extra:
      options.moods || options.genres
        ? JSON.stringify({
            music_tagging: { Moods: options.moods ?? [], Genres: options.genres ?? [] },
          })
        : undefined,
  });
}

/** A network_a creative-center chart item. */
/**
 * A network_a creative-center chart item: the spec's own example item (TikHub V5.3.2
 * `get_sound_rank_list`), adjusted only in ids, texts and counts. The real chart carries the
 * audio URL (`music_url`): pass `musicUrl` (a fake media URL) for that; without it the item has
 * none, and the adapter must look the sound up.
 */
export function chartSound(options: {
  clipId: string;
  title: string;
  author: string;
  durationSec: number;
  commercial: boolean;
  rank: number;
  rankDiff: number;
  trend: { time: number; value: number }[];
  musicUrl?: string;
}): Record<string, unknown> {
  const example = contractExample('/api/v1/tiktok/ads/get_sound_rank_list') as {
    data: { data: { sound_list: Record<string, unknown>[] } };
  };
  const item = { ...example.data.data.sound_list[0] };
  Object.assign(item, {
    clip_id: options.clipId,
    song_id: `7503950818${options.clipId.slice(-9)}`,
    title: options.title,
    url_title: options.title,
    author: options.author,
    duration: options.durationSec,
    if_cml: options.commercial,
    rank: options.rank,
    rank_diff: options.rankDiff,
    trend: options.trend,
    link: `https://www.tiktok.com/music/x-${options.clipId}`,
  });
  // The example's own audio URL points at the real CDN: an item carries one only when given.
  if (options.musicUrl) item.music_url = options.musicUrl;
  else delete item.music_url;
  return item;
}

/** An Instagram media item (private API shape). */
export function instagramMedia(options: {
  code: string;
  caption: string;
  username: string;
  videoUrl?: string;
  durationSec?: number;
  plays?: number;
  likes?: number;
  photo?: boolean;
}): Record<string, unknown> {
  return stripUndefined({
    code: options.code,
    media_type: options.photo ? 1 : 2,
    product_type: options.photo ? 'feed' : 'clips',
    taken_at: 1_764_000_000,
    caption: { text: options.caption },
    user: { username: options.username, full_name: `${options.username} full` },
    video_duration: options.durationSec,
    video_versions: options.videoUrl ? [{ url: options.videoUrl }] : undefined,
    play_count: options.plays,
    like_count: options.likes,
    comment_count: 3,
    image_versions2: { candidates: [{ url: 'https://cdn.example/ig.jpg' }] },
  });
}

/** A YouTube video-info answer. */
export function youtubeVideo(options: {
  id: string;
  title: string;
  channel: string;
  lengthSeconds: number;
  views: number;
}): Record<string, unknown> {
  return {
    id: options.id,
    title: options.title,
    description: 'A short #shorts',
    lengthSeconds: String(options.lengthSeconds),
    viewCount: String(options.views),
    channel: { name: options.channel, handle: options.channel.toLowerCase() },
    publishDate: '2025-11-20T10:00:00Z',
    thumbnails: [{ url: 'https://i.ytimg.example/1.jpg' }],
  };
}

function stripUndefined<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T;
}

/**
 * A creator's profile in the app format: `user.{uid, sec_uid, unique_id, nickname,
 * follower_count, total_favorited, aweme_count, secret}` (`secret: 1` is a private account).
 */
export function appUser(options: {
  secUid: string;
  handle: string;
  nickname?: string;
  followers: number;
  likes: number;
  videos: number;
  isPrivate?: boolean;
}): Record<string, unknown> {
  return {
    uid: `uid-${options.secUid.slice(-6)}`,
    sec_uid: options.secUid,
    unique_id: options.handle,
    nickname: options.nickname ?? options.handle,
    follower_count: options.followers,
    total_favorited: options.likes,
    aweme_count: options.videos,
    secret: options.isPrivate ? 1 : 0,
  };
}
