import { Logger } from '@nestjs/common';
import { DomainError, videoHostInfo, type Market } from '@reelscout/domain';
import { anySignal, withTimeoutSignal } from '../../common/async/abort';
import { EgressRefusedError, readBody, type EgressGuard } from '../../egress';
import { downloadToTempFile } from '../http/media-download';
import { ProviderCallError, toDomainError } from '../http/provider-call.error';
import {
  ProviderHttpClient,
  type FetchLike,
  type SendGate,
  type ProviderRequest,
  type QueryValue,
} from '../http/provider-http.client';
import type {
  CallOptions,
  DownloadOptions,
  Post,
  PostRef,
  Sound,
  SoundChartEntry,
  SoundChartQuery,
  VideoSearchPage,
} from '../provider.types';
import { PLAY_COUNT_BATCH_SIZE, type VideoDataProvider } from '../video-data.provider';
import { asArray, asObject, at, firstDefined, text, type JsonObject } from './json-read';
import { ENDPOINTS, type Endpoint } from './tikhub-endpoints';
import {
  countPostEntries,
  extractPosts,
  extractSounds,
  filteredReason,
  isRiskControl,
  mapAppAweme,
  mapAppMusic,
  mapChartSound,
  mapInstagramMedia,
  mapWebItem,
  mapYoutubeVideo,
  NETWORK_A_REGION_BLOCKED,
  parseCaptionFile,
  payloadOf,
  platformStatus,
  POST_LIST_KEYS,
  rawSoundId,
  readPlayCounts,
  unavailableReason,
} from './tikhub.mappers';

export interface TikhubVideoDataSettings {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  downloadTimeoutMs: number;
  maxRetries: number;
  breakerThreshold: number;
  breakerCoolDownMs: number;
  /** Backoff between retries; defaults to 250 ms doubling up to 4 s. */
  backoff?: { baseMs: number; maxMs: number };
  /**
   * Region (ISO 3166-1 alpha-2) of network_a's market for its search, sound search and charts
   * (`region` / `country_code`); the provider's default is US.
   */
  region?: string;
  /** Waits for a send slot under the provider's rate limit (10 requests/s per key). */
  gate?: SendGate;
  fetch?: FetchLike;
  random?: () => number;
  now?: () => number;
  /** Media and caption URLs come from the provider's answers: every one goes through it. */
  egress: EgressGuard;
}

const WHAT = 'the video-data provider';
const SEARCH_PAGE_SIZE = 20;
const CAPTION_MAX_BYTES = 512 * 1024;
/** A failing play-count batch is halved at most this often (50 → 25 → 13). */
const PLAY_COUNT_MAX_SPLITS = 2;

/** One way of running a search; several per market, tried in order. */
export interface SearchStrategy {
  endpoint: Endpoint;
  request(phrase: string, page: PageState, region: string): Pick<ProviderRequest, 'query' | 'body'>;
  /**
   * How the next page is asked for: `cursor` echoes the answer's cursor (or offset); `page`
   * counts pages from 1 (the deprecated network_b GET searches, which take no offset).
   */
  paging: 'cursor' | 'page';
}

/** Where a search page left off, for the endpoint that served it (encoded in the cursor). */
export interface PageState {
  /** Endpoint family that served the previous page. */
  e?: string;
  /** The provider's cursor / offset, or the page number for `page` paging. */
  c: string;
  /** network_b v2 and web searches: the search session. */
  s?: string;
  b?: string;
}

/** The current network_b search body (`fetch_video_search_v1|v2`): plain-digit sort values. */
const networkBSearchBody = (keyword: string, page: PageState) => ({
  body: {
    keyword,
    cursor: Number(page.c) || 0,
    sort_type: '0',
    publish_time: '0',
    filter_duration: '0',
    content_type: '0',
    search_id: page.s ?? '',
    backtrace: page.b ?? '',
  },
});

/** The deprecated network_b GET searches: a page number from 1 and `_`-prefixed sort values. */
const networkBDeprecatedSearchQuery = (keyword: string, page: PageState) => ({
  query: {
    keyword,
    page: Math.max(1, Number(page.c) || 1),
    sort_type: '_0',
    publish_time: '_0',
    filter_duration: '_0',
    search_id: page.s,
  },
});

/**
 * The searches of each market, in the order they are tried. `providers:check` sends the same
 * requests, so it checks what the adapter really sends.
 */
export const SEARCH_STRATEGIES: Record<Market, SearchStrategy[]> = {
  network_b: [
    { endpoint: ENDPOINTS.networkBSearchV2, request: networkBSearchBody, paging: 'cursor' },
    { endpoint: ENDPOINTS.networkBSearchV1, request: networkBSearchBody, paging: 'cursor' },
    {
      endpoint: ENDPOINTS.networkBSearchWeb,
      request: networkBDeprecatedSearchQuery,
      paging: 'page',
    },
    {
      endpoint: ENDPOINTS.networkBSearchApp,
      request: networkBDeprecatedSearchQuery,
      paging: 'page',
    },
  ],
  network_a: [
    {
      endpoint: ENDPOINTS.networkASearchApp,
      request: (keyword, page, region) => ({
        query: {
          keyword,
          offset: Number(page.c) || 0,
          count: SEARCH_PAGE_SIZE,
          sort_type: 0,
          publish_time: 0,
          region,
        },
      }),
      paging: 'cursor',
    },
    {
      endpoint: ENDPOINTS.networkASearchWeb,
      request: (keyword, page) => ({
        query: {
          keyword,
          count: SEARCH_PAGE_SIZE,
          offset: Number(page.c) || 0,
          search_id: page.s,
        },
      }),
      paging: 'cursor',
    },
  ],
};

/**
 * Lists that carry search results (`items` is a feed field, not a search one); a 200 with none of
 * them (and no paging) is not an answer.
 */
const SEARCH_KEYS: readonly string[] = [
  ...POST_LIST_KEYS.filter((key) => key !== 'items'),
  'has_more',
  'hasMore',
];

/**
 * The live video-data adapter for a TikHub-compatible API: both networks, Instagram and YouTube
 * lookups, play-count backfill, sound detail, charts and search, and media downloads.
 */
export class TikhubVideoDataProvider implements VideoDataProvider {
  private readonly http: ProviderHttpClient;
  private readonly logger = new Logger('VideoDataProvider');

  constructor(private readonly settings: TikhubVideoDataSettings) {
    this.http = new ProviderHttpClient({
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      timeoutMs: settings.timeoutMs,
      maxRetries: settings.maxRetries,
      backoff: settings.backoff ?? { baseMs: 250, maxMs: 4_000 },
      breaker: {
        failureThreshold: settings.breakerThreshold,
        coolDownMs: settings.breakerCoolDownMs,
        now: settings.now,
      },
      fetch: settings.fetch,
      random: settings.random,
      gate: settings.gate,
    });
  }

  private get region(): string {
    return this.settings.region ?? 'US';
  }

  /** Breaker state per endpoint family (for health reporting and tests). */
  circuitState(family: string): string {
    return this.http.breakers.stateOf(family);
  }

  async searchVideos(
    market: Market,
    phrase: string,
    cursor?: string | null,
    options: CallOptions = {},
  ): Promise<VideoSearchPage> {
    const page = decodeCursor(cursor);
    const strategies = SEARCH_STRATEGIES[market];
    const start = Math.max(
      0,
      strategies.findIndex((strategy) => strategy.endpoint.family === page.e),
    );
    return this.guard(() =>
      this.firstThatAnswers(
        strategies.slice(start).map((strategy) => async () => {
          // A fallback cannot continue another endpoint's search session; a page-numbered one
          // cannot read a cursor either, so it starts from its first page (the caller dedupes).
          const state: PageState =
            strategy.endpoint.family === page.e
              ? page
              : { c: strategy.paging === 'page' ? '1' : page.c };
          const body = await this.call(strategy.endpoint, {
            ...strategy.request(phrase, state, this.region),
            signal: options.signal,
            check: (answer) => checkSearch(market, answer),
          });
          const result = readSearchPage(
            market,
            { family: strategy.endpoint.family, paging: strategy.paging },
            state,
            payloadOf(body),
          );
          if (result.skipped > 0) {
            this.logger.log(
              `${strategy.endpoint.family}: skipped ${result.skipped} deleted, private or unreadable item(s)`,
            );
          }
          return result.page;
        }),
      ),
    );
  }

  async getPost(ref: PostRef, options: CallOptions = {}): Promise<Post | null> {
    return this.guard(async () => {
      const post = await this.lookUpPost(ref, options.signal);
      if (post?.captions?.url && post.captions.segments === null) {
        post.captions = {
          ...post.captions,
          segments: await this.fetchCaptions(post.captions.url, options.signal),
        };
      }
      return post;
    });
  }

  async resolveShareLink(url: string, options: CallOptions = {}): Promise<string> {
    let host: string;
    try {
      host = new URL(url).hostname;
    } catch {
      throw new DomainError('invalid_request', 'The share link is not a URL.', { param: 'url' });
    }
    const platform = videoHostInfo(host)?.platform;
    const signal = options.signal;
    return this.guard(async () => {
      let target: string | null;
      try {
        target = await this.shareLinkTarget(platform, url, signal);
      } catch (error) {
        if (!isNotFoundAnswer(error)) throw error;
        target = null;
      }
      if (target === null) {
        throw new DomainError('not_found', 'The share link does not lead to a post.');
      }
      return target;
    });
  }

  async batchPlayCounts(
    ids: readonly string[],
    options: CallOptions = {},
  ): Promise<Map<string, number>> {
    const unique = [...new Set(ids.map((id) => id.replace(/^network_b:/, '')))];
    const counts = new Map<string, number>();
    if (unique.length === 0) return counts;
    const batches: string[][] = [];
    for (let i = 0; i < unique.length; i += PLAY_COUNT_BATCH_SIZE) {
      batches.push(unique.slice(i, i + PLAY_COUNT_BATCH_SIZE));
    }
    const tally = { unknown: 0, splits: 0 };
    await Promise.all(
      batches.map((batch) => this.playCountsOf(batch, counts, tally, 0, options.signal)),
    );
    if (options.signal?.aborted) throw toDomainError(abortedError(options.signal), WHAT);
    if (tally.unknown > 0) {
      this.logger.warn(
        `play counts: ${tally.unknown} of ${unique.length} post(s) left without a count after ` +
          `retries and ${tally.splits} split(s); they are skipped, never given an invented count`,
      );
    }
    return counts;
  }

  /**
   * One batch of play counts into `counts`. A batch that still fails after the client's retries
   * is split in two and each half asked again (a bad id or an oversized answer can sink a whole
   * batch), down to `PLAY_COUNT_MAX_SPLITS` levels; what stays unanswered is left unknown.
   * A rejected key or the caller's deadline ends it at once.
   */
  private async playCountsOf(
    batch: string[],
    counts: Map<string, number>,
    tally: { unknown: number; splits: number },
    depth: number,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    try {
      const body = await this.call(ENDPOINTS.networkBStatistics, {
        query: { aweme_ids: batch.join(',') },
        signal,
        check: (answer) => {
          if (isRiskControl('network_b', payloadOf(answer))) throw riskControl();
        },
      });
      const answered = readPlayCounts(payloadOf(body));
      for (const id of batch) {
        const plays = answered.get(id);
        if (plays === undefined) tally.unknown += 1;
        else counts.set(id, plays);
      }
    } catch (error) {
      const fatal =
        !(error instanceof ProviderCallError) ||
        error.kind === 'aborted' ||
        error.kind === 'circuit_open' ||
        error.isCredentialFailure;
      if (fatal || signal?.aborted || batch.length < 2 || depth >= PLAY_COUNT_MAX_SPLITS) {
        tally.unknown += batch.length;
        return;
      }
      tally.splits += 1;
      const half = Math.ceil(batch.length / 2);
      await Promise.all([
        this.playCountsOf(batch.slice(0, half), counts, tally, depth + 1, signal),
        this.playCountsOf(batch.slice(half), counts, tally, depth + 1, signal),
      ]);
    }
  }

  async getSound(market: Market, id: string, options: CallOptions = {}): Promise<Sound | null> {
    const endpoint =
      market === 'network_b' ? ENDPOINTS.networkBMusicDetail : ENDPOINTS.networkAMusicDetail;
    return this.guard(async () => {
      try {
        const body = await this.call(endpoint, {
          query: { music_id: rawSoundId(id) },
          signal: options.signal,
          check: (answer) => {
            if (isRiskControl(market, payloadOf(answer))) throw riskControl();
          },
        });
        const payload = payloadOf(body);
        return mapAppMusic(firstDefined(payload.music_info, payload.music, payload), market);
      } catch (error) {
        if (isNotFoundAnswer(error)) return null;
        throw error;
      }
    });
  }

  async soundCharts(
    market: Market,
    query: SoundChartQuery,
    options: CallOptions = {},
  ): Promise<SoundChartEntry[]> {
    return this.guard(async () => {
      let entries: SoundChartEntry[];
      if (market === 'network_a') {
        const body = await this.call(ENDPOINTS.networkASoundRank, {
          query: {
            period: 7,
            page: 1,
            limit: 50,
            rank_type: query.kind === 'rising' ? 'surging' : 'popular',
            commercial_music: query.commercialOnly ? true : undefined,
            country_code: this.region,
          },
          signal: options.signal,
        });
        const payload = payloadOf(body);
        const list = asArray(
          firstDefined(payload.sound_list, at(payload, 'data', 'sound_list'), payload.list),
        );
        entries = list
          .map((item, index) => mapChartSound(item, index))
          .filter((entry): entry is SoundChartEntry => entry !== null);
      } else {
        const body = await this.call(ENDPOINTS.networkBMusicChart, {
          query: { chart_type: query.kind === 'rising' ? 'trending' : 'hot', cursor: 0 },
          signal: options.signal,
          check: (answer) => {
            if (isRiskControl('network_b', payloadOf(answer))) throw riskControl();
          },
        });
        entries = extractSounds(payloadOf(body), 'network_b').map((sound, index) => ({
          ...sound,
          rank: index + 1,
          rankDiff: null,
        }));
      }
      return query.commercialOnly ? entries.filter((entry) => entry.commercial === true) : entries;
    });
  }

  async searchSounds(market: Market, phrase: string, options: CallOptions = {}): Promise<Sound[]> {
    return this.guard(async () => {
      const body =
        market === 'network_b'
          ? await this.call(ENDPOINTS.networkBMusicSearch, {
              body: { keyword: phrase, cursor: 0 },
              signal: options.signal,
              check: (answer) => {
                if (isRiskControl('network_b', payloadOf(answer))) throw riskControl();
              },
            })
          : await this.call(ENDPOINTS.networkAMusicSearch, {
              query: { keyword: phrase, offset: 0, count: SEARCH_PAGE_SIZE, region: this.region },
              signal: options.signal,
            });
      return extractSounds(payloadOf(body), market);
    });
  }

  async videosUsingSound(
    market: Market,
    soundId: string,
    cursor?: string | null,
    options: CallOptions = {},
  ): Promise<VideoSearchPage> {
    const endpoint =
      market === 'network_b' ? ENDPOINTS.networkBMusicVideos : ENDPOINTS.networkAMusicVideos;
    const page = decodeCursor(cursor);
    return this.guard(async () => {
      // network_b: the contract says to keep `count` at its default (10) or the list misbehaves.
      const body = await this.call(endpoint, {
        query: {
          music_id: rawSoundId(soundId),
          cursor: Number(page.c) || 0,
          count: market === 'network_b' ? undefined : SEARCH_PAGE_SIZE,
        },
        signal: options.signal,
        check: (answer) => checkSearch(market, answer),
      });
      return readSearchPage(
        market,
        { family: endpoint.family, paging: 'cursor' },
        page,
        payloadOf(body),
      ).page;
    });
  }

  async downloadMedia(
    url: string,
    download: DownloadOptions,
    options: CallOptions = {},
  ): Promise<string> {
    try {
      return await downloadToTempFile(url, {
        maxBytes: download.maxBytes,
        kind: download.kind,
        cookie: download.cookie,
        timeoutMs: this.settings.downloadTimeoutMs,
        signal: options.signal,
        egress: this.settings.egress,
      });
    } catch (error) {
      this.logRefusal(error, download.kind);
      throw toDomainError(error, 'the media host');
    }
  }

  // -------------------------------------------------------------------------------------------

  private async lookUpPost(ref: PostRef, signal?: AbortSignal): Promise<Post | null> {
    switch (ref.platform) {
      case 'tiktok':
        return this.postFromChain('network_a', signal, [
          { endpoint: ENDPOINTS.networkAPost, query: { aweme_id: ref.id }, web: false },
          { endpoint: ENDPOINTS.networkAPostWeb, query: { itemId: ref.id }, web: true },
        ]);
      case 'douyin':
        return this.postFromChain('network_b', signal, [
          { endpoint: ENDPOINTS.networkBPost, query: { aweme_id: ref.id }, web: false },
          { endpoint: ENDPOINTS.networkBPostWeb, query: { aweme_id: ref.id }, web: false },
        ]);
      case 'instagram':
        return this.notFoundAsNull(async () => {
          const body = await this.call(ENDPOINTS.instagramPostByUrl, {
            query: { post_url: `https://www.instagram.com/reel/${ref.id}/` },
            signal,
          });
          return mapInstagramMedia(payloadOf(body), ref.id);
        });
      case 'youtube':
        return this.notFoundAsNull(async () => {
          const body = await this.call(ENDPOINTS.youtubeVideoInfo, {
            query: { video_id: ref.id },
            signal,
          });
          return mapYoutubeVideo(payloadOf(body), ref.id);
        });
    }
  }

  /**
   * Tries each post endpoint in order. A post that is gone (deleted, private, region-blocked,
   * filtered, 404) is `null` at once; a failing endpoint hands over to the next.
   */
  private async postFromChain(
    market: Market,
    signal: AbortSignal | undefined,
    chain: { endpoint: Endpoint; query: Record<string, QueryValue>; web: boolean }[],
  ): Promise<Post | null> {
    const errors: unknown[] = [];
    for (const step of chain) {
      try {
        const body = await this.call(step.endpoint, {
          query: step.query,
          signal,
          check: (answer) => checkPost(market, answer),
        });
        const post = readPost(market, payloadOf(body), step.web);
        const token = step.web ? chainToken(body) : null;
        return post && token ? { ...post, mediaCookie: `tt_chain_token=${token}` } : post;
      } catch (error) {
        if (isNotFoundAnswer(error)) return null;
        if (!canFallBack(error)) throw error;
        errors.push(error);
      }
    }
    throw pickFailure(errors);
  }

  /** Where a share link leads, through the provider; `null` when it leads to no post. */
  private async shareLinkTarget(
    platform: string | undefined,
    url: string,
    signal: AbortSignal | undefined,
  ): Promise<string | null> {
    switch (platform) {
      case 'tiktok':
        return this.postUrlByShareUrl(ENDPOINTS.networkAPostByShareUrl, 'network_a', url, signal);
      case 'douyin':
        return this.firstThatAnswers([
          async () => {
            const body = await this.call(ENDPOINTS.networkBAwemeId, { query: { url }, signal });
            const id = text(firstDefined(at(body, 'data', 'aweme_id'), at(body, 'data')));
            if (!id || !/^[0-9]{19}$/.test(id)) {
              throw new ProviderCallError('malformed', 'no post id for the share link');
            }
            return `https://www.douyin.com/video/${id}`;
          },
          () => this.postUrlByShareUrl(ENDPOINTS.networkBPostByShareUrl, 'network_b', url, signal),
        ]);
      case 'instagram': {
        const body = await this.call(ENDPOINTS.instagramPostByUrl, {
          query: { post_url: url },
          signal,
        });
        const post = mapInstagramMedia(payloadOf(body), '');
        return post && post.id !== '' ? post.url : null;
      }
      default:
        throw new DomainError('invalid_request', 'The link is not a share link.', {
          param: 'url',
        });
    }
  }

  private async postUrlByShareUrl(
    endpoint: Endpoint,
    market: Market,
    shareUrl: string,
    signal?: AbortSignal,
  ): Promise<string | null> {
    const body = await this.call(endpoint, {
      query: { share_url: shareUrl },
      signal,
      check: (answer) => checkPost(market, answer),
    });
    const payload = payloadOf(body);
    const raw = firstDefined(payload.aweme_detail, at(payload, 'aweme_details', 0));
    if (raw === undefined || unavailableReason(raw) !== null) return null;
    return mapAppAweme(raw, market)?.url ?? null;
  }

  private async notFoundAsNull(lookup: () => Promise<Post | null>): Promise<Post | null> {
    try {
      return await lookup();
    } catch (error) {
      if (isNotFoundAnswer(error)) return null;
      throw error;
    }
  }

  /** Best effort: the platform's caption file; `null` when it cannot be had. */
  private async fetchCaptions(url: string, signal?: AbortSignal) {
    return withTimeoutSignal(this.settings.timeoutMs, async (timedOut) => {
      try {
        const response = await this.settings.egress.request(url, {
          signal: anySignal([signal, timedOut]),
          timeoutMs: this.settings.timeoutMs,
          maxRedirects: 3,
        });
        if (response.status !== 200) {
          response.discard();
          return null;
        }
        return parseCaptionFile((await readBody(response, CAPTION_MAX_BYTES)).toString('utf8'));
      } catch (error) {
        this.logRefusal(error, 'captions');
        return null;
      }
    });
  }

  /** A media URL the egress guard refused is logged with its host and the reason. */
  private logRefusal(error: unknown, what: string): void {
    const refusal = error instanceof ProviderCallError ? error.cause : error;
    if (!(refusal instanceof EgressRefusedError)) return;
    this.logger.warn(
      { host: refusal.host, reason: refusal.reason },
      `${what} URL refused by the egress guard: ${refusal.host} (${refusal.reason})`,
    );
  }

  private call(
    endpoint: Endpoint,
    request: Omit<ProviderRequest, 'family' | 'method' | 'path'>,
  ): Promise<unknown> {
    return this.http.request({
      family: endpoint.family,
      method: endpoint.method,
      path: endpoint.path,
      ...request,
    });
  }

  /**
   * Runs the steps in order until one answers. Falls back on any failure except the caller's
   * deadline and a rejected key (which every endpoint would reject too).
   */
  private async firstThatAnswers<T>(steps: (() => Promise<T>)[]): Promise<T> {
    const errors: unknown[] = [];
    for (const step of steps) {
      try {
        return await step();
      } catch (error) {
        if (!canFallBack(error)) throw error;
        errors.push(error);
      }
    }
    throw pickFailure(errors);
  }

  /** Every public method ends here: only `DomainError`s leave the adapter. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toDomainError(error, WHAT);
    }
  }
}

// ---------------------------------------------------------------------------------------------

function readSearchPage(
  market: Market,
  served: { family: string; paging: SearchStrategy['paging'] },
  state: PageState,
  payload: JsonObject,
): { page: VideoSearchPage; skipped: number } {
  const items = extractPosts(payload, market);
  const skipped = Math.max(0, countPostEntries(payload) - items.length);
  const nextPage = asObject(at(payload, 'business_config', 'next_page')) ?? {};
  const hasMore = truthy(firstDefined(payload.has_more, payload.hasMore, nextPage.has_more));
  const cursor =
    served.paging === 'page'
      ? String(Math.max(1, Number(state.c) || 1) + 1)
      : text(firstDefined(payload.cursor, nextPage.cursor, payload.offset));
  if (!hasMore || cursor === null || items.length + skipped === 0) {
    return { page: { items, nextCursor: null }, skipped };
  }
  const searchId = text(
    firstDefined(
      payload.search_id,
      nextPage.search_id,
      at(payload, 'extra', 'logid'),
      at(payload, 'log_pb', 'impr_id'),
    ),
  );
  const backtrace = text(firstDefined(payload.backtrace, nextPage.backtrace));
  return {
    page: {
      items,
      nextCursor: encodeCursor({
        e: served.family,
        c: cursor,
        ...(searchId ? { s: searchId } : {}),
        ...(backtrace ? { b: backtrace } : {}),
      }),
    },
    skipped,
  };
}

function readPost(market: Market, payload: JsonObject, web: boolean): Post | null {
  if (market === 'network_a' && platformStatus(payload) === NETWORK_A_REGION_BLOCKED) return null;
  if (web) {
    const item = firstDefined(at(payload, 'itemInfo', 'itemStruct'), payload.itemStruct);
    if (item === undefined) return null;
    if (asObject(item)?.isDeleted === true || asObject(item)?.privateItem === true) return null;
    return mapWebItem(item);
  }
  const raw = firstDefined(
    payload.aweme_detail,
    at(payload, 'aweme_details', 0),
    at(payload, 'aweme_list', 0),
  );
  if (raw === undefined || unavailableReason(raw) !== null) return null;
  return mapAppAweme(raw, market);
}

/**
 * network_a web post detail carries `tt_chain_token`: its CDN links answer 403 unless the
 * download sends it as a cookie (TikHub V5.3.2 notes on `fetch_post_detail`).
 */
function chainToken(body: unknown): string | null {
  const token = text(
    firstDefined(
      at(body, 'data', 'tt_chain_token'),
      at(body, 'tt_chain_token'),
      at(body, 'data', 'extra', 'tt_chain_token'),
    ),
  );
  return token && /^[A-Za-z0-9+/=_.-]{1,512}$/.test(token) ? token : null;
}

function checkSearch(market: Market, body: unknown): void {
  const payload = payloadOf(body);
  if (isRiskControl(market, payload)) throw riskControl();
  if (!SEARCH_KEYS.some((key) => key in payload)) {
    throw new ProviderCallError('malformed', 'search answer carries no results list');
  }
}

/** A post answer with no post and no reason is throttling, not a missing post. */
function checkPost(market: Market, body: unknown): void {
  const payload = payloadOf(body);
  if (isRiskControl(market, payload)) throw riskControl();
  if (market === 'network_a' && platformStatus(payload) === NETWORK_A_REGION_BLOCKED) return;
  const post = firstDefined(
    payload.aweme_detail,
    at(payload, 'aweme_details', 0),
    at(payload, 'aweme_list', 0),
    at(payload, 'itemInfo', 'itemStruct'),
    payload.itemStruct,
  );
  if (post !== undefined && asObject(post) && Object.keys(asObject(post)!).length > 0) return;
  if (filteredReason(payload) !== null) return;
  throw riskControl();
}

function riskControl(): ProviderCallError {
  return new ProviderCallError('risk_control', 'empty answer (throttling or risk control)');
}

function abortedError(signal: AbortSignal): ProviderCallError {
  return new ProviderCallError('aborted', 'the caller aborted', undefined, {
    cause: signal.reason,
  });
}

function canFallBack(error: unknown): boolean {
  if (!(error instanceof ProviderCallError)) return false;
  if (error.kind === 'aborted') return false;
  return !(error.kind === 'http' && (error.status === 401 || error.status === 403));
}

/**
 * The provider says the thing does not exist. Only a 404: a 400 is a failed request (transient
 * when its envelope asks to retry), never "not found"; network_b reports missing posts as a 200
 * with an empty item and a `filter_list` reason instead.
 */
function isNotFoundAnswer(error: unknown): boolean {
  return error instanceof ProviderCallError && error.kind === 'http' && error.status === 404;
}

/** After every fallback failed: a real failure beats "circuit open" (503 only when all were). */
function pickFailure(errors: unknown[]): unknown {
  const real = errors.filter(
    (error) => !(error instanceof ProviderCallError && error.kind === 'circuit_open'),
  );
  return real[real.length - 1] ?? errors[errors.length - 1];
}

function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

function encodeCursor(state: PageState): string {
  return Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string | null | undefined): PageState {
  if (cursor === null || cursor === undefined || cursor === '') return { c: '0' };
  try {
    const state = asObject(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (state && typeof state.c === 'string') {
      return {
        c: state.c,
        e: typeof state.e === 'string' ? state.e : undefined,
        s: typeof state.s === 'string' ? state.s : undefined,
        b: typeof state.b === 'string' ? state.b : undefined,
      };
    }
  } catch {
    // fall through
  }
  throw new DomainError('invalid_request', 'The page cursor is not valid.', { param: 'cursor' });
}
