import type { Market, VideoPlatform } from '@reelscout/domain';

/**
 * Reelscout's own view of what the video-data provider returns. Adapters map every provider
 * shape onto these types: counts are numbers (parsed from strings where the provider sends
 * strings), durations are seconds, timestamps ISO 8601, and a value the provider did not send
 * is `null` — never invented, never 0.
 */

/** What a post is. Only `video` posts can be analysed; the others answer 404 upstream. */
export type PostKind = 'video' | 'photo' | 'slides' | 'note';

/** One timed line of speech or captions, in seconds from the start of the video. */
export interface TimedText {
  start: number;
  end: number;
  text: string;
}

/** The platform's own caption track (ASR or creator subtitles) when the provider returns one. */
export interface CaptionTrack {
  /** BCP-47-ish language code as the platform reports it (`en`, `zh-Hans`, `cmn-Hans-CN`). */
  language: string | null;
  /** The segments, when they came with the post (or could be fetched); `null` when only a URL is known. */
  segments: TimedText[] | null;
  /** Where the track file lives (expires like media URLs); `null` when the segments are inline. */
  url: string | null;
}

export interface PostStats {
  /** Views. On network_b only the batch statistics call returns real values (see `batchPlayCounts`). */
  playCount: number | null;
  likeCount: number | null;
  commentCount: number | null;
  shareCount: number | null;
  collectCount: number | null;
}

/** The sound (music or original audio) a post uses, as far as the post itself tells. */
export interface SoundSummary {
  market: Market;
  /** The provider's raw id. */
  id: string;
  /** The public id: plain on network_a, `network_b:<id>` on network_b. */
  namespacedId: string;
  title: string | null;
  author: string | null;
  durationSec: number | null;
  coverUrl: string | null;
  /** Streamable audio; signed and expiring (hours). */
  playUrl: string | null;
  /** The creator's own audio rather than a library track. */
  isOriginal: boolean | null;
  /** In the network's commercial music library (safe for brand accounts). */
  commercial: boolean | null;
}

/**
 * Just the summary part of a sound (what a post carries): a full sound's detail fields and a
 * chart entry's rank are left behind.
 */
export function toSoundSummary(sound: SoundSummary): SoundSummary {
  return {
    market: sound.market,
    id: sound.id,
    namespacedId: sound.namespacedId,
    title: sound.title,
    author: sound.author,
    durationSec: sound.durationSec,
    coverUrl: sound.coverUrl,
    playUrl: sound.playUrl,
    isOriginal: sound.isOriginal,
    commercial: sound.commercial,
  };
}

/** A post on one platform. */
export interface Post {
  platform: VideoPlatform;
  market: Market;
  /** The platform's raw id (19 digits on network_a and network_b). */
  id: string;
  /** The public id (docs/architecture.md §8). */
  namespacedId: string;
  /** Canonical permalink. */
  url: string;
  kind: PostKind;
  caption: string | null;
  hashtags: string[];
  authorHandle: string | null;
  authorName: string | null;
  authorFollowers: number | null;
  postedAt: string | null;
  durationSec: number | null;
  /** Thumbnail; signed and expiring. */
  coverUrl: string | null;
  /** Playable video file; signed and expiring. `null` for non-video posts. */
  mediaUrl: string | null;
  /**
   * The `Cookie` header `mediaUrl` needs, when the provider says so: network_a web links answer
   * 403 without `tt_chain_token` (TikHub V5.3.2 notes on `fetch_post_detail`).
   */
  mediaCookie?: string | null;
  stats: PostStats;
  captions: CaptionTrack | null;
  sound: SoundSummary | null;
}

export interface VideoSearchPage {
  items: Post[];
  /** Opaque; pass it back for the next page. `null` when there is no next page. */
  nextCursor: string | null;
}

export interface SoundTrendPoint {
  /** ISO 8601 date-time of the sample. */
  at: string;
  /** Relative usage (the chart's own scale). */
  value: number;
}

/** A sound with everything the provider knows about it. */
export interface Sound extends SoundSummary {
  /** The slice of the track creators can use in an edit. */
  shootDurationSec: number | null;
  /** Videos using this sound. */
  usageCount: number | null;
  /** Usage over time, oldest first; `null` when the provider gives none. */
  trend: SoundTrendPoint[] | null;
  /** Link to the sound on its platform. */
  url: string;
  /** Tags the network attaches (network_b `music_tagging`); empty when none. */
  moods: string[];
  genres: string[];
}

export interface SoundChartEntry extends Sound {
  rank: number;
  /** Places moved since the previous period (positive = climbing); `null` when unknown. */
  rankDiff: number | null;
}

export type SoundChartKind = 'popular' | 'rising';

export interface SoundChartQuery {
  kind: SoundChartKind;
  /** Only tracks in the commercial music library. */
  commercialOnly?: boolean;
}

/** `image`: a cover (the playground shows covers through our own cache). */
export type MediaKind = 'video' | 'audio' | 'image';

export interface DownloadOptions {
  /** The download fails (`provider_error`) as soon as more bytes than this arrive. */
  maxBytes: number;
  kind: MediaKind;
  /** Sent as `Cookie` to the media URL's own host (never to a redirect target elsewhere). */
  cookie?: string | null;
}

/** Every provider call accepts the operation's deadline; when it fires the call ends with `timeout`. */
export interface CallOptions {
  signal?: AbortSignal;
  /**
   * The namespaced id of the video a music pool call is gathered for. Live adapters ignore it;
   * the sandbox answers the pool calls of its no-sound magic video with nothing.
   */
  forVideo?: string;
}

/** A post reference as the link parser returns it (`VideoRef` satisfies this). */
export interface PostRef {
  platform: VideoPlatform;
  id: string;
}

/** One day of an item's history as a chart gives it (a curve's point, or a day's gain). */
export interface TrendChartPoint {
  /** UTC date, YYYY-MM-DD. */
  day: string;
  value: number;
}

/**
 * A sound or hashtag on one of a market's charts or hashtag lists, today. Sound ids are
 * namespaced as `Sound.namespacedId`; hashtag ids likewise (plain on network_a,
 * `network_b:<id>` on network_b).
 */
export interface TrendChartEntry {
  kind: 'sounds' | 'hashtags';
  market: Market;
  id: string;
  /** A sound's title, a hashtag's name (without `#`). */
  title: string | null;
  /** Sounds only. */
  author: string | null;
  url: string | null;
  coverUrl: string | null;
  /** Sounds: in the commercial music library; null when unknown or a hashtag. */
  commercial: boolean | null;
  rank: number | null;
  /** Places climbed since the chart's previous period (negative: fell); null when unknown. */
  rankChange: number | null;
  /** The item's running total (uses of a sound, views of a hashtag) when the chart gives one. */
  total: number | null;
  /**
   * Daily points the chart carries (a curve such as Creative Center's `trend[]`, or the days'
   * gains), oldest first; `source` says which. Null when the chart gives only a total.
   */
  points: TrendChartPoint[] | null;
  source: 'counts' | 'curve';
}
