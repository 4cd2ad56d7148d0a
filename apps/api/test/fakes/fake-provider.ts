import type { Market } from '@reelscout/domain';
import {
  PROVIDER_BODY_MARKER,
  startFakeHttpServer,
  type FakeBehavior,
  type FakeServerControls,
  type RecordedRequest,
} from './fake-http';
import { webItemFromAweme } from './provider-payloads';
import { contractExample, contractFor, validateRequest } from './tikhub-contract';

/** Endpoint paths of the TikHub-compatible API the fake serves (for `setBehavior`, `calls`). */
export const PROVIDER_PATHS = {
  networkBSearchV2: '/api/v1/douyin/search/fetch_video_search_v2',
  networkBSearchV1: '/api/v1/douyin/search/fetch_video_search_v1',
  networkBSearchWeb: '/api/v1/douyin/web/fetch_video_search_result_v2',
  networkBSearchApp: '/api/v1/douyin/app/v3/fetch_video_search_result_v2',
  networkBStatistics: '/api/v1/douyin/app/v3/fetch_multi_video_statistics',
  networkBPost: '/api/v1/douyin/app/v3/fetch_one_video',
  networkBPostWeb: '/api/v1/douyin/web/fetch_one_video',
  networkBPostByShareUrl: '/api/v1/douyin/app/v3/fetch_one_video_by_share_url',
  networkBAwemeId: '/api/v1/douyin/web/get_aweme_id',
  networkBMusicDetail: '/api/v1/douyin/app/v3/fetch_music_detail',
  networkBMusicVideos: '/api/v1/douyin/app/v3/fetch_music_video_list',
  networkBMusicChart: '/api/v1/douyin/app/v3/fetch_music_hot_search_list',
  networkBMusicSearch: '/api/v1/douyin/search/fetch_music_search',
  networkASearchApp: '/api/v1/tiktok/app/v3/fetch_video_search_result',
  networkASearchWeb: '/api/v1/tiktok/web/fetch_search_video',
  networkAPost: '/api/v1/tiktok/app/v3/fetch_one_video',
  networkAPostWeb: '/api/v1/tiktok/web/fetch_post_detail',
  networkAPostByShareUrl: '/api/v1/tiktok/app/v3/fetch_one_video_by_share_url',
  networkAMusicDetail: '/api/v1/tiktok/app/v3/fetch_music_detail',
  networkAMusicVideos: '/api/v1/tiktok/app/v3/fetch_music_video_list',
  networkAMusicSearch: '/api/v1/tiktok/app/v3/fetch_music_search_result',
  networkASoundRank: '/api/v1/tiktok/ads/get_sound_rank_list',
  networkAHashtagList: '/api/v1/tiktok/ads/get_hashtag_list',
  networkBTopicBillboard: '/api/v1/douyin/creator/fetch_creator_hot_topic_billboard',
  instagramPostByUrl: '/api/v1/instagram/v1/fetch_post_by_url',
  youtubeVideoInfo: '/api/v1/youtube/web/get_video_info',
  networkAUserProfile: '/api/v1/tiktok/app/v3/handler_user_profile',
  networkAUserPosts: '/api/v1/tiktok/app/v3/fetch_user_post_videos',
  networkBUserProfile: '/api/v1/douyin/app/v3/handler_user_profile',
  networkBUserProfileByHandle: '/api/v1/douyin/web/handler_user_profile_v2',
  networkBUserPosts: '/api/v1/douyin/app/v3/fetch_user_post_videos',
} as const;

/**
 * The provider's answer when its own upstream fetch failed: HTTP 400 with its error envelope
 * asking to retry. Transient: the same request usually succeeds a moment later.
 */
export function providerRetryFailure(): FakeBehavior {
  return {
    status: 400,
    json: {
      detail: {
        code: 400,
        message:
          'Request failed. Please retry, if the error persists submit an issue on GitHub. ' +
          PROVIDER_BODY_MARKER,
        message_zh: '请求失败，请重试，如果错误持续存在请在GitHub上提交issue。',
        support: 'Discord',
        time: '2026-02-23 00:00:00',
      },
    },
  };
}

/** The `tt_chain_token` the fake's network_a web post detail hands out. */
export const FAKE_CHAIN_TOKEN = 'fake-chain-token_0123';

export type StatisticsShape = 'statistics_list' | 'aweme_details';

export interface FakeProvider extends FakeServerControls {
  /** The bearer key the fake accepts; any other key gets 401. */
  readonly apiKey: string;
  /** Adds a post (app format, see `appAweme`); served by lookups, searches and sound video lists. */
  addPost(market: Market, aweme: Record<string, unknown>): void;
  /**
   * The ids a search for `keyword` returns, in order. Without any entry for a market, every
   * search returns all its posts; a keyword without an entry then returns none.
   */
  setSearchResults(market: Market, keyword: string, ids: string[]): void;
  /** Results per page (default 10). */
  setPageSize(size: number): void;
  /** network_b play counts answered by the batch statistics endpoint; other ids are left out. */
  setPlayCounts(counts: Record<string, number>): void;
  /** Which of the two known statistics shapes to answer with (default `statistics_list`). */
  setStatisticsShape(shape: StatisticsShape): void;
  /** Adds a sound (app format, see `appMusic`): detail, search, and its posts' video list. */
  addSound(market: Market, music: Record<string, unknown>): void;
  /** network_a: creative-center items (`chartSound`); network_b: app-format sounds. */
  setChart(market: Market, kind: 'popular' | 'rising', items: Record<string, unknown>[]): void;
  /**
   * Hashtag lists: network_a Creative Center items (`hashtag_id`, `hashtag_name`, `trend[]`…),
   * answered in the spec's example envelope; network_b hot-topic billboard items.
   */
  setHashtags(market: Market, items: Record<string, unknown>[]): void;
  /** A share link that leads to an added post. */
  addShareLink(shareUrl: string, market: Market, id: string): void;
  addInstagramPost(code: string, media: Record<string, unknown>): void;
  addYoutubeVideo(id: string, video: Record<string, unknown>): void;
  /**
   * A creator (app format, see `appUser`) and their posts, newest first (each added with
   * `addPost`): served by the profile endpoints (by `sec_uid`, `unique_id` or `uid`) and the
   * post lists. Adding the same creator again replaces it.
   */
  addCreator(market: Market, user: Record<string, unknown>, postIds: string[]): void;
  /**
   * Serves a file at `/media/<name>` (no auth, like a CDN); returns its URL. With
   * `needsChainToken`, like network_a's web CDN links, it answers 403 unless the request sends the
   * `tt_chain_token` cookie that the web post detail carries.
   */
  setMedia(
    name: string,
    content: Buffer | string,
    contentType?: string,
    options?: { needsChainToken?: boolean },
  ): string;
}

/**
 * An in-process fake of the TikHub-compatible video-data API on 127.0.0.1. Speaks both
 * networks' app format, network_a's web format, string counts, both batch-statistics shapes,
 * sound charts, music detail, videos using a sound, post by id and by share URL, Instagram and
 * YouTube lookups, and media downloads. Misbehaviour per path through `setBehavior`.
 */
export async function startFakeProvider(options: { apiKey?: string } = {}): Promise<FakeProvider> {
  const apiKey = options.apiKey ?? 'fake-provider-key';
  const posts: Record<Market, Map<string, Record<string, unknown>>> = {
    network_a: new Map(),
    network_b: new Map(),
  };
  const searches: Record<Market, Map<string, string[]>> = {
    network_a: new Map(),
    network_b: new Map(),
  };
  const sounds: Record<Market, Map<string, Record<string, unknown>>> = {
    network_a: new Map(),
    network_b: new Map(),
  };
  const charts = new Map<string, Record<string, unknown>[]>();
  const hashtags = new Map<Market, Record<string, unknown>[]>();
  const shareLinks = new Map<string, { market: Market; id: string }>();
  const instagram = new Map<string, Record<string, unknown>>();
  const youtube = new Map<string, Record<string, unknown>>();
  const media = new Map<
    string,
    { content: Buffer; contentType: string; needsChainToken: boolean }
  >();
  const creators: Record<Market, { user: Record<string, unknown>; postIds: string[] }[]> = {
    network_a: [],
    network_b: [],
  };
  const creatorBy = (market: Market, name: string, value: string) =>
    value === ''
      ? undefined
      : creators[market].find((entry) => String(entry.user[name] ?? '') === value);
  let playCounts: Record<string, number> = {};
  let statisticsShape: StatisticsShape = 'statistics_list';
  let pageSize = 10;

  const ok = (data: unknown): FakeBehavior => ({
    json: { code: 200, router: 'fake', params: {}, data },
  });
  const notFound = (): FakeBehavior => ({
    status: 404,
    json: { detail: { code: 404, message: 'Item not found or deleted' } },
  });
  /** network_b: a missing, deleted or private post is a 200 with an empty item and a reason. */
  const filtered = (id: string, reason = 8): FakeBehavior =>
    ok({ status_code: 0, aweme_detail: null, filter_list: [{ aweme_id: id, reason }] });

  const searchPage = (market: Market, keyword: string, offset: number) => {
    const table = searches[market];
    const ids = table.size === 0 ? [...posts[market].keys()] : (table.get(keyword) ?? []);
    const items = ids
      .map((id) => posts[market].get(id))
      .filter((item): item is Record<string, unknown> => item !== undefined);
    const page = items.slice(offset, offset + pageSize);
    const next = offset + pageSize;
    return { page, cursor: next, hasMore: next < items.length ? 1 : 0 };
  };

  const route = (request: RecordedRequest): FakeBehavior => {
    const { path, query } = request;
    if (path.startsWith('/media/')) {
      const file = media.get(decodeURIComponent(path.slice('/media/'.length)));
      if (
        file?.needsChainToken &&
        request.headers.cookie !== `tt_chain_token=${FAKE_CHAIN_TOKEN}`
      ) {
        return { status: 403, body: 'Forbidden' };
      }
      return file
        ? { body: file.content, headers: { 'content-type': file.contentType } }
        : { status: 404, body: 'Not Found' };
    }
    const body = (request.json ?? {}) as Record<string, unknown>;
    const param = (name: string) => query.get(name) ?? String(body[name] ?? '');
    const offsetParam = (name: string) => Number(param(name)) || 0;

    switch (path) {
      case PROVIDER_PATHS.networkBSearchV2: {
        const { page, cursor, hasMore } = searchPage(
          'network_b',
          param('keyword'),
          offsetParam('cursor'),
        );
        return ok({
          status_code: 0,
          business_data: page.map((aweme) => ({ type: 1, data: { type: 1, aweme_info: aweme } })),
          cursor,
          has_more: hasMore,
          search_id: 'fake-search-id',
          backtrace: 'fake-backtrace',
        });
      }
      case PROVIDER_PATHS.networkBSearchV1: {
        const { page, cursor, hasMore } = searchPage(
          'network_b',
          param('keyword'),
          offsetParam('cursor'),
        );
        return ok({
          status_code: 0,
          data: page.map((aweme) => ({ type: 1, aweme_info: aweme })),
          cursor,
          has_more: hasMore,
        });
      }
      case PROVIDER_PATHS.networkBSearchWeb:
      case PROVIDER_PATHS.networkBSearchApp: {
        // Deprecated GET searches: a page number from 1, no offset (V5.3.2).
        const pageNumber = Math.max(1, Number(query.get('page') ?? '1'));
        const { page, hasMore } = searchPage(
          'network_b',
          param('keyword'),
          (pageNumber - 1) * pageSize,
        );
        return ok({
          status_code: 0,
          data: page.map((aweme) => ({ type: 1, aweme_info: aweme })),
          has_more: hasMore,
          extra: { logid: 'fake-logid' },
        });
      }
      case PROVIDER_PATHS.networkASearchApp: {
        const { page, cursor, hasMore } = searchPage(
          'network_a',
          param('keyword'),
          offsetParam('offset'),
        );
        return ok({
          status_code: 0,
          search_item_list: page.map((aweme) => ({ aweme_info: aweme })),
          cursor,
          has_more: hasMore,
        });
      }
      case PROVIDER_PATHS.networkASearchWeb: {
        const { page, cursor, hasMore } = searchPage(
          'network_a',
          param('keyword'),
          offsetParam('offset'),
        );
        return ok({
          status_code: 0,
          data: page.map((aweme) => ({ type: 1, item: webItemFromAweme(aweme) })),
          cursor,
          has_more: hasMore,
          log_pb: { impr_id: 'fake-impr' },
        });
      }
      case PROVIDER_PATHS.networkBStatistics: {
        const ids = param('aweme_ids').split(',').filter(Boolean);
        const known = ids.filter((id) => playCounts[id] !== undefined);
        const stats = (id: string) => ({
          aweme_id: id,
          play_count: playCounts[id],
          digg_count: 10,
          share_count: 1,
          download_count: 0,
        });
        return ok(
          statisticsShape === 'statistics_list'
            ? { status_code: 0, statistics_list: known.map(stats) }
            : {
                status_code: 0,
                aweme_details: known.map((id) => ({ aweme_id: id, statistics: stats(id) })),
              },
        );
      }
      case PROVIDER_PATHS.networkBPost:
      case PROVIDER_PATHS.networkBPostWeb: {
        const id = param('aweme_id');
        const aweme = posts.network_b.get(id);
        return aweme ? ok({ status_code: 0, aweme_detail: aweme }) : filtered(id);
      }
      case PROVIDER_PATHS.networkAPost: {
        const aweme = posts.network_a.get(param('aweme_id'));
        return aweme ? ok({ status_code: 0, aweme_detail: aweme }) : notFound();
      }
      case PROVIDER_PATHS.networkAPostWeb: {
        const aweme = posts.network_a.get(param('itemId'));
        return aweme
          ? ok({
              statusCode: 0,
              itemInfo: { itemStruct: webItemFromAweme(aweme) },
              tt_chain_token: FAKE_CHAIN_TOKEN,
            })
          : notFound();
      }
      case PROVIDER_PATHS.networkAPostByShareUrl:
      case PROVIDER_PATHS.networkBPostByShareUrl: {
        const link = shareLinks.get(param('share_url'));
        const aweme = link ? posts[link.market].get(link.id) : undefined;
        if (aweme) return ok({ status_code: 0, aweme_detail: aweme });
        return path === PROVIDER_PATHS.networkBPostByShareUrl
          ? filtered(link?.id ?? '')
          : notFound();
      }
      case PROVIDER_PATHS.networkBAwemeId: {
        const link = shareLinks.get(param('url'));
        return link ? ok(link.id) : notFound();
      }
      case PROVIDER_PATHS.networkAMusicDetail:
      case PROVIDER_PATHS.networkBMusicDetail: {
        const market: Market =
          path === PROVIDER_PATHS.networkAMusicDetail ? 'network_a' : 'network_b';
        const music = sounds[market].get(param('music_id'));
        return music ? ok({ status_code: 0, music_info: music }) : notFound();
      }
      case PROVIDER_PATHS.networkAMusicVideos:
      case PROVIDER_PATHS.networkBMusicVideos: {
        const market: Market =
          path === PROVIDER_PATHS.networkAMusicVideos ? 'network_a' : 'network_b';
        const musicId = param('music_id');
        const using = [...posts[market].values()].filter(
          (aweme) => (aweme.music as { id_str?: string } | undefined)?.id_str === musicId,
        );
        const offset = offsetParam('cursor');
        return ok({
          status_code: 0,
          aweme_list: using.slice(offset, offset + pageSize),
          cursor: offset + pageSize,
          has_more: offset + pageSize < using.length ? 1 : 0,
        });
      }
      case PROVIDER_PATHS.networkASoundRank: {
        // The spec's own example answer, with our chart items in it.
        const kind = param('rank_type') === 'surging' ? 'rising' : 'popular';
        const items = charts.get(`network_a:${kind}`) ?? [];
        const example = contractExample(PROVIDER_PATHS.networkASoundRank) as {
          router: string;
          params: Record<string, string>;
          data: { data: { pagination: Record<string, unknown>; sound_list: unknown[] } };
        };
        example.params = Object.fromEntries(query.entries());
        example.data.data.sound_list = items;
        example.data.data.pagination = {
          page: Number(query.get('page') ?? 1),
          size: items.length,
          total: items.length,
          has_more: false,
        };
        return { json: example };
      }
      case PROVIDER_PATHS.networkAHashtagList: {
        const items = hashtags.get('network_a') ?? [];
        const example = contractExample(PROVIDER_PATHS.networkAHashtagList) as {
          params: Record<string, string>;
          data: { data: { pagination: Record<string, unknown>; list: unknown[] } };
        };
        example.params = Object.fromEntries(query.entries());
        example.data.data.list =
          param('filter_by') === 'new_on_board' ? items.filter((item) => item.new_on_board) : items;
        example.data.data.pagination = { page: 1, size: items.length, total: items.length };
        return { json: example };
      }
      case PROVIDER_PATHS.networkBTopicBillboard:
        return ok({ billboard_data: hashtags.get('network_b') ?? [] });
      case PROVIDER_PATHS.networkBMusicChart: {
        const kind = param('chart_type') === 'trending' ? 'rising' : 'popular';
        return ok({
          status_code: 0,
          music_list: (charts.get(`network_b:${kind}`) ?? []).map((music) => ({
            music_info: music,
          })),
        });
      }
      case PROVIDER_PATHS.networkAMusicSearch:
      case PROVIDER_PATHS.networkBMusicSearch: {
        const market: Market =
          path === PROVIDER_PATHS.networkAMusicSearch ? 'network_a' : 'network_b';
        const keyword = param('keyword').toLowerCase();
        const found = [...sounds[market].values()].filter((music) =>
          String(music.title ?? '')
            .toLowerCase()
            .includes(keyword),
        );
        return ok(
          market === 'network_a'
            ? { status_code: 0, music_info_list: found }
            : {
                status_code: 0,
                business_data: found.map((music) => ({ data: { music_info: music } })),
              },
        );
      }
      case PROVIDER_PATHS.instagramPostByUrl: {
        const code = /\/(?:reel|reels|p|tv|share\/reel)\/([A-Za-z0-9_-]+)/.exec(
          param('post_url'),
        )?.[1];
        const item = code ? instagram.get(code) : undefined;
        return item ? ok(item) : notFound();
      }
      case PROVIDER_PATHS.youtubeVideoInfo: {
        const item = youtube.get(param('video_id'));
        return item ? ok(item) : notFound();
      }
      case PROVIDER_PATHS.networkAUserProfile: {
        // The contract's priority: sec_user_id, then user_id, then unique_id.
        const entry =
          creatorBy('network_a', 'sec_uid', param('sec_user_id')) ??
          creatorBy('network_a', 'uid', param('user_id')) ??
          creatorBy('network_a', 'unique_id', param('unique_id'));
        return entry ? ok({ status_code: 0, user: entry.user }) : notFound();
      }
      case PROVIDER_PATHS.networkBUserProfile:
      case PROVIDER_PATHS.networkBUserProfileByHandle: {
        const entry =
          path === PROVIDER_PATHS.networkBUserProfile
            ? creatorBy('network_b', 'sec_uid', param('sec_user_id'))
            : creatorBy('network_b', 'unique_id', param('unique_id'));
        // network_b answers an unknown user with a 200 and no user.
        return ok({ status_code: 0, user: entry?.user ?? null });
      }
      case PROVIDER_PATHS.networkAUserPosts:
      case PROVIDER_PATHS.networkBUserPosts: {
        const market: Market =
          path === PROVIDER_PATHS.networkAUserPosts ? 'network_a' : 'network_b';
        const entry =
          creatorBy(market, 'sec_uid', param('sec_user_id')) ??
          creatorBy(market, 'unique_id', param('unique_id'));
        const count = Number(query.get('count') ?? '20');
        const offset = offsetParam('max_cursor');
        const ids = entry?.postIds ?? [];
        const list = ids
          .slice(offset, offset + count)
          .map((id) => posts[market].get(id))
          .filter((aweme): aweme is Record<string, unknown> => aweme !== undefined)
          // network_b's lists withhold play counts (a 0 placeholder), as its feeds do.
          .map((aweme) =>
            market === 'network_b'
              ? {
                  ...aweme,
                  statistics: { ...(aweme.statistics as Record<string, unknown>), play_count: 0 },
                }
              : aweme,
          );
        return ok({
          status_code: 0,
          aweme_list: list,
          max_cursor: offset + count,
          has_more: offset + count < ids.length ? 1 : 0,
        });
      }
      default:
        return { status: 404, json: { detail: 'Not Found' } };
    }
  };

  /** What the real API checks before the endpoint runs: the key, then the request's shape. */
  const precheck = (request: RecordedRequest): FakeBehavior | undefined => {
    if (request.path.startsWith('/media/')) return undefined;
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return { status: 401, json: { detail: `Invalid API key ${PROVIDER_BODY_MARKER}` } };
    }
    const endpoint = contractFor(request.path);
    if (!endpoint) return undefined;
    const issues = validateRequest(endpoint, {
      method: request.method,
      query: request.query,
      json: request.json,
      bodyText: request.body.toString('utf8'),
    });
    return issues.length > 0 ? { status: 422, json: { detail: issues } } : undefined;
  };

  const server = await startFakeHttpServer(route, { precheck });
  return Object.assign(server, {
    apiKey,
    addPost: (market: Market, aweme: Record<string, unknown>) => {
      posts[market].set(String(aweme.aweme_id), aweme);
    },
    setSearchResults: (market: Market, keyword: string, ids: string[]) => {
      searches[market].set(keyword, ids);
    },
    setPageSize: (size: number) => {
      pageSize = size;
    },
    setPlayCounts: (counts: Record<string, number>) => {
      playCounts = { ...counts };
    },
    setStatisticsShape: (shape: StatisticsShape) => {
      statisticsShape = shape;
    },
    addSound: (market: Market, music: Record<string, unknown>) => {
      sounds[market].set(String(music.id_str), music);
    },
    setChart: (market: Market, kind: 'popular' | 'rising', items: Record<string, unknown>[]) => {
      charts.set(`${market}:${kind}`, items);
    },
    setHashtags: (market: Market, items: Record<string, unknown>[]) => {
      hashtags.set(market, items);
    },
    addShareLink: (shareUrl: string, market: Market, id: string) => {
      shareLinks.set(shareUrl, { market, id });
    },
    addInstagramPost: (code: string, item: Record<string, unknown>) => {
      instagram.set(code, item);
    },
    addYoutubeVideo: (id: string, item: Record<string, unknown>) => {
      youtube.set(id, item);
    },
    addCreator: (market: Market, user: Record<string, unknown>, postIds: string[]) => {
      creators[market] = creators[market].filter((entry) => entry.user.sec_uid !== user.sec_uid);
      creators[market].push({ user, postIds: [...postIds] });
    },
    setMedia: (
      name: string,
      content: Buffer | string,
      contentType = 'video/mp4',
      options: { needsChainToken?: boolean } = {},
    ) => {
      media.set(name, {
        content: Buffer.isBuffer(content) ? content : Buffer.from(content),
        contentType,
        needsChainToken: options.needsChainToken ?? false,
      });
      return `${server.url}/media/${encodeURIComponent(name)}`;
    },
  });
}
