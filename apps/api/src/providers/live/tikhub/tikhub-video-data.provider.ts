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
} from '../../provider.types';
import type { VideoDataProvider } from '../../video-data.provider';
import { TikhubClient, type TikhubVideoDataSettings } from './client';
import { TikhubCreators } from './creators';
import { TikhubMedia } from './media';
import { TikhubPlayCounts } from './play-counts';
import { TikhubPosts } from './posts';
import { TikhubSearch } from './search';
import { TikhubSounds } from './sounds';
import { TikhubTrends } from './trends';

/**
 * The live video-data adapter for a TikHub-compatible API: both networks, Instagram and YouTube
 * lookups, play-count backfill, sound detail, charts and search, and media downloads. Each
 * capability lives in its own file of this folder; they share one client, so one circuit breaker
 * per endpoint family and one rate gate cover them all.
 */
export class TikhubVideoDataProvider implements VideoDataProvider {
  private readonly client: TikhubClient;
  private readonly search: TikhubSearch;
  private readonly posts: TikhubPosts;
  private readonly playCounts: TikhubPlayCounts;
  private readonly sounds: TikhubSounds;
  private readonly media: TikhubMedia;
  private readonly trends: TikhubTrends;
  /** Creator profiles and post lists (creator watches), on the same client. */
  readonly creators: TikhubCreators;

  constructor(settings: TikhubVideoDataSettings) {
    this.client = new TikhubClient(settings);
    this.media = new TikhubMedia(this.client);
    this.search = new TikhubSearch(this.client);
    this.posts = new TikhubPosts(this.client, this.media);
    this.playCounts = new TikhubPlayCounts(this.client);
    this.sounds = new TikhubSounds(this.client);
    this.trends = new TikhubTrends(this.client, this.sounds);
    this.creators = new TikhubCreators(this.client, this.playCounts);
  }

  /** Breaker state per endpoint family (for health reporting and tests). */
  circuitState(family: string): string {
    return this.client.circuitState(family);
  }

  searchVideos(
    market: Market,
    phrase: string,
    cursor?: string | null,
    options: CallOptions = {},
  ): Promise<VideoSearchPage> {
    return this.search.searchVideos(market, phrase, cursor, options);
  }

  getPost(ref: PostRef, options: CallOptions = {}): Promise<Post | null> {
    return this.posts.getPost(ref, options);
  }

  resolveShareLink(url: string, options: CallOptions = {}): Promise<string> {
    return this.posts.resolveShareLink(url, options);
  }

  batchPlayCounts(ids: readonly string[], options: CallOptions = {}): Promise<Map<string, number>> {
    return this.playCounts.batchPlayCounts(ids, options);
  }

  getSound(market: Market, id: string, options: CallOptions = {}): Promise<Sound | null> {
    return this.sounds.getSound(market, id, options);
  }

  soundCharts(
    market: Market,
    query: SoundChartQuery,
    options: CallOptions = {},
  ): Promise<SoundChartEntry[]> {
    return this.sounds.soundCharts(market, query, options);
  }

  trendChart(
    market: Market,
    kind: 'sounds' | 'hashtags',
    options: CallOptions = {},
  ): Promise<TrendChartEntry[]> {
    return this.trends.trendChart(market, kind, options);
  }

  searchSounds(market: Market, phrase: string, options: CallOptions = {}): Promise<Sound[]> {
    return this.sounds.searchSounds(market, phrase, options);
  }

  videosUsingSound(
    market: Market,
    soundId: string,
    cursor?: string | null,
    options: CallOptions = {},
  ): Promise<VideoSearchPage> {
    return this.sounds.videosUsingSound(market, soundId, cursor, options);
  }

  downloadMedia(
    url: string,
    download: DownloadOptions,
    options: CallOptions = {},
  ): Promise<string> {
    return this.media.downloadMedia(url, download, options);
  }
}
