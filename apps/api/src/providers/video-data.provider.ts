import type { Market } from '@reelscout/domain';
import type {
  CallOptions,
  DownloadOptions,
  Post,
  PostRef,
  Sound,
  SoundChartEntry,
  SoundChartQuery,
  TrendChartEntry,
  VideoSearchPage,
} from './provider.types';

/** network_b's batch statistics call takes at most this many ids per request. */
export const PLAY_COUNT_BATCH_SIZE = 50;

/**
 * Everything the operations need to know about reels, creators and sounds. One market per call:
 * an implementation never returns a post or sound of the other network.
 *
 * Errors are `DomainError`s only: `provider_error` (502) when the provider failed or answered
 * garbage, `provider_unavailable` (503) when it is not configured or its circuit is open,
 * `timeout` (504) when the caller's signal fired. Provider bodies never reach the message.
 */
export interface VideoDataProvider {
  /**
   * One page of posts matching a phrase. Non-video posts are included (with their `kind`) so the
   * caller decides. On network_b `stats.playCount` is `null`: use `batchPlayCounts`.
   */
  searchVideos(
    market: Market,
    phrase: string,
    cursor?: string | null,
    options?: CallOptions,
  ): Promise<VideoSearchPage>;

  /** A post by platform and raw id; `null` when it is missing, deleted, private or region-blocked. */
  getPost(ref: PostRef, options?: CallOptions): Promise<Post | null>;

  /**
   * Where a share link leads (a permalink the link parser understands). `not_found` when it
   * leads nowhere.
   */
  resolveShareLink(url: string, options?: CallOptions): Promise<string>;

  /**
   * Real play counts of network_b posts (raw ids), fetched in parallel batches of
   * `PLAY_COUNT_BATCH_SIZE`. An id missing from the map has an unknown count (its batch failed
   * after retries and splits, or the provider did not answer for it) — never 0. A failing batch
   * never fails the call: it throws only when the caller's deadline fired.
   */
  batchPlayCounts(ids: readonly string[], options?: CallOptions): Promise<Map<string, number>>;

  /** A sound by raw or namespaced id; `null` when unknown. */
  getSound(market: Market, id: string, options?: CallOptions): Promise<Sound | null>;

  /** The market's sound chart, best first. */
  soundCharts(
    market: Market,
    query: SoundChartQuery,
    options?: CallOptions,
  ): Promise<SoundChartEntry[]>;

  /**
   * Today's charted sounds or hashtags of a market, for the trend history: a bounded number of
   * provider calls (docs/trends.md lists them), every chart's items merged by id.
   */
  trendChart(
    market: Market,
    kind: 'sounds' | 'hashtags',
    options?: CallOptions,
  ): Promise<TrendChartEntry[]>;

  /** Sounds matching a phrase, best match first. */
  searchSounds(market: Market, phrase: string, options?: CallOptions): Promise<Sound[]>;

  /** Posts that use a sound (raw or namespaced id). */
  videosUsingSound(
    market: Market,
    soundId: string,
    cursor?: string | null,
    options?: CallOptions,
  ): Promise<VideoSearchPage>;

  /**
   * Streams a media file (a post's `mediaUrl` or a sound's `playUrl`) to a new file under
   * `os.tmpdir()/reelscout-media` and returns its absolute path. The caller deletes it. Fails
   * with `provider_error` (and leaves no file) when the file is larger than `maxBytes`, truncated,
   * or the URL has expired.
   */
  downloadMedia(url: string, download: DownloadOptions, options?: CallOptions): Promise<string>;
}
