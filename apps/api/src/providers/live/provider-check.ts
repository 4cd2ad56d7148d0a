import { ProviderCallError } from '../http/provider-call.error';
import { ProviderHttpClient, type FetchLike, type QueryValue } from '../http/provider-http.client';
import { asArray, at, firstDefined, idText, text } from './json-read';
import { ENDPOINTS, type Endpoint } from './tikhub-endpoints';
import { SEARCH_STRATEGIES } from './tikhub';
import { payloadOf } from './tikhub/mappers';

/**
 * `npm run cli -- providers:check`: one real call to every endpoint the live adapter uses, with
 * the operator's own credentials, printing per endpoint `ok` or the failure and its latency.
 * Ids come from the provider's own answers (search → post → sound), starting from the spec's
 * default keyword and its sound-chart example id; Instagram and YouTube need a public post the
 * operator names (`--instagram-url`, `--youtube-id`), and are skipped without one.
 */

export interface ProviderCheckOptions {
  baseUrl?: string;
  apiKey?: string;
  region?: string;
  instagramUrl?: string;
  youtubeId?: string;
  /** Each call's timeout; the whole check ends within `deadlineMs`. */
  timeoutMs?: number;
  deadlineMs?: number;
  fetch?: FetchLike;
}

export interface ProviderCheckResult {
  endpoint: string;
  outcome: 'ok' | 'failed' | 'skipped';
  latencyMs: number | null;
  detail: string;
}

/** The spec's default search keyword (TikHub V5.3.2 request models). */
const SPEC_KEYWORD = '猫咪';
/** The sound in the spec's `get_sound_rank_list` example answer. */
const SPEC_SOUND_ID = '7424014547218565904';

interface Discovered {
  networkAPost?: string;
  networkAShareUrl?: string;
  networkBPost?: string;
  networkBShareUrl?: string;
  networkASound?: string;
  networkBSound?: string;
  /** The author of the post found, for the creator endpoints: secure id and handle. */
  networkAAuthor?: { secUid: string | null; handle: string | null };
  networkBAuthor?: { secUid: string | null; handle: string | null };
}

/** Settings the check cannot run without, by name (empty when it can run). */
export function missingCheckSettings(options: ProviderCheckOptions): string[] {
  return [
    ...(options.baseUrl ? [] : ['VIDEO_PROVIDER_BASE_URL']),
    ...(options.apiKey ? [] : ['VIDEO_PROVIDER_API_KEY']),
  ];
}

export async function runProviderCheck(
  options: ProviderCheckOptions,
  report: (result: ProviderCheckResult) => void,
): Promise<ProviderCheckResult[]> {
  const http = new ProviderHttpClient({
    baseUrl: options.baseUrl!,
    apiKey: options.apiKey!,
    timeoutMs: options.timeoutMs ?? 15_000,
    maxRetries: 0,
    backoff: { baseMs: 0, maxMs: 0 },
    breaker: { failureThreshold: 1_000, coolDownMs: 1 },
    fetch: options.fetch,
  });
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.deadlineMs ?? 55_000);
  const region = options.region ?? 'US';
  const found: Discovered = {};
  const results: ProviderCheckResult[] = [];

  const call = async (
    endpoint: Endpoint,
    request: { query?: Record<string, QueryValue>; body?: unknown } | null,
    learn?: (payload: Record<string, unknown>) => void,
  ): Promise<void> => {
    if (request === null) {
      const result: ProviderCheckResult = {
        endpoint: endpoint.path,
        outcome: 'skipped',
        latencyMs: null,
        detail: 'no public id to call it with',
      };
      results.push(result);
      report(result);
      return;
    }
    const started = performance.now();
    let result: ProviderCheckResult;
    try {
      const body = await http.request({
        family: endpoint.family,
        method: endpoint.method,
        path: endpoint.path,
        ...request,
        signal: deadline.signal,
      });
      learn?.(payloadOf(body));
      result = { endpoint: endpoint.path, outcome: 'ok', latencyMs: 0, detail: 'ok' };
    } catch (error) {
      result = {
        endpoint: endpoint.path,
        outcome: 'failed',
        latencyMs: 0,
        detail: describe(error),
      };
    }
    result.latencyMs = Math.round(performance.now() - started);
    results.push(result);
    report(result);
  };

  const firstAweme = (payload: Record<string, unknown>) =>
    firstDefined(
      at(payload, 'business_data', 0, 'data', 'aweme_info'),
      at(payload, 'data', 0, 'aweme_info'),
      at(payload, 'search_item_list', 0, 'aweme_info'),
      at(payload, 'aweme_list', 0),
    );
  const learnPost = (network: 'A' | 'B') => (payload: Record<string, unknown>) => {
    const aweme = firstAweme(payload);
    const id = idText(at(aweme, 'aweme_id'));
    const shareUrl = text(at(aweme, 'share_url'));
    const sound = idText(firstDefined(at(aweme, 'music', 'id_str'), at(aweme, 'music', 'mid')));
    const author = {
      secUid: text(at(aweme, 'author', 'sec_uid')),
      handle: text(at(aweme, 'author', 'unique_id')),
    };
    if (network === 'A') {
      if (aweme !== undefined) found.networkAAuthor ??= author;
      found.networkAPost ??= id ?? undefined;
      found.networkAShareUrl ??= shareUrl ?? undefined;
      found.networkASound ??= sound ?? undefined;
    } else {
      if (aweme !== undefined) found.networkBAuthor ??= author;
      found.networkBPost ??= id ?? undefined;
      found.networkBShareUrl ??= shareUrl ?? undefined;
      found.networkBSound ??= sound ?? undefined;
    }
  };
  try {
    // First: calls that need no id; they supply the ids for the rest.
    await Promise.all([
      // Every search, exactly as the adapter sends it (first page).
      ...(['network_a', 'network_b'] as const).flatMap((market) =>
        SEARCH_STRATEGIES[market].map((strategy) =>
          call(
            strategy.endpoint,
            strategy.request(SPEC_KEYWORD, { c: '0' }, region),
            learnPost(market === 'network_a' ? 'A' : 'B'),
          ),
        ),
      ),
      call(
        ENDPOINTS.networkASoundRank,
        {
          query: { period: 7, page: 1, limit: 20, rank_type: 'popular', country_code: region },
        },
        (payload) => {
          const clip = idText(at(payload, 'data', 'sound_list', 0, 'clip_id'));
          found.networkASound ??= clip ?? undefined;
        },
      ),
      // The trends collection's hashtag charts, as it asks for them (first page).
      call(ENDPOINTS.networkAHashtagList, {
        query: { page: 1, limit: 20, period: 7, country_code: region, sort_by: 'popular' },
      }),
      call(ENDPOINTS.networkBTopicBillboard, {
        query: { billboard_tag: 0, order_key: 1, time_filter: 1 },
      }),
    ]);
    await Promise.all([
      call(
        ENDPOINTS.networkBMusicChart,
        { query: { chart_type: 'hot', cursor: '0' } },
        (payload) => {
          const list = firstDefined(payload.music_list, payload.data);
          const first = asArray(list)[0];
          found.networkBSound ??=
            idText(firstDefined(at(first, 'music_info', 'id_str'), at(first, 'id_str'))) ??
            undefined;
        },
      ),
      call(ENDPOINTS.networkBMusicSearch, {
        body: { keyword: SPEC_KEYWORD, cursor: 0 },
      }),
      call(ENDPOINTS.networkAMusicSearch, {
        query: { keyword: SPEC_KEYWORD, offset: 0, count: 20, region },
      }),
    ]);
    const a = found.networkAPost;
    const b = found.networkBPost;
    const soundA = found.networkASound ?? SPEC_SOUND_ID;
    const soundB = found.networkBSound;
    await Promise.all([
      call(ENDPOINTS.networkAPost, a ? { query: { aweme_id: a } } : null),
      call(ENDPOINTS.networkAPostWeb, a ? { query: { itemId: a } } : null),
      call(
        ENDPOINTS.networkAPostByShareUrl,
        found.networkAShareUrl ? { query: { share_url: found.networkAShareUrl } } : null,
      ),
      call(ENDPOINTS.networkBPost, b ? { query: { aweme_id: b } } : null),
      call(ENDPOINTS.networkBPostWeb, b ? { query: { aweme_id: b } } : null),
      call(ENDPOINTS.networkBStatistics, b ? { query: { aweme_ids: b } } : null),
      call(
        ENDPOINTS.networkBPostByShareUrl,
        found.networkBShareUrl ? { query: { share_url: found.networkBShareUrl } } : null,
      ),
      call(
        ENDPOINTS.networkBAwemeId,
        b ? { query: { url: `https://www.douyin.com/video/${b}` } } : null,
      ),
    ]);
    // The creator endpoints, for the author of the post found, as creator watches call them.
    const authorA = found.networkAAuthor;
    const authorB = found.networkBAuthor;
    const firstPage = { max_cursor: 0, count: 20, sort_type: 0 };
    await Promise.all([
      call(
        ENDPOINTS.networkAUserProfile,
        authorA?.secUid ? { query: { sec_user_id: authorA.secUid } } : null,
      ),
      call(
        ENDPOINTS.networkAUserPosts,
        authorA?.secUid ? { query: { sec_user_id: authorA.secUid, ...firstPage } } : null,
      ),
      call(
        ENDPOINTS.networkBUserProfile,
        authorB?.secUid ? { query: { sec_user_id: authorB.secUid } } : null,
      ),
      call(
        ENDPOINTS.networkBUserProfileByHandle,
        authorB?.handle ? { query: { unique_id: authorB.handle } } : null,
      ),
      call(
        ENDPOINTS.networkBUserPosts,
        authorB?.secUid ? { query: { sec_user_id: authorB.secUid, ...firstPage } } : null,
      ),
    ]);
    await Promise.all([
      call(ENDPOINTS.networkAMusicDetail, { query: { music_id: soundA } }),
      call(ENDPOINTS.networkAMusicVideos, { query: { music_id: soundA, cursor: 0, count: 20 } }),
      call(ENDPOINTS.networkBMusicDetail, soundB ? { query: { music_id: soundB } } : null),
      call(
        ENDPOINTS.networkBMusicVideos,
        soundB ? { query: { music_id: soundB, cursor: 0 } } : null,
      ),
      call(
        ENDPOINTS.instagramPostByUrl,
        options.instagramUrl ? { query: { post_url: options.instagramUrl } } : null,
      ),
      call(
        ENDPOINTS.youtubeVideoInfo,
        options.youtubeId ? { query: { video_id: options.youtubeId } } : null,
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
  return results;
}

/** A failure in a line: status, the parameter names a 422 names, never the provider's body. */
function describe(error: unknown): string {
  if (!(error instanceof ProviderCallError)) return 'unexpected failure';
  switch (error.kind) {
    case 'contract':
      return `HTTP 422: the provider refused our parameters (${error.params.join(', ') || 'unnamed'})`;
    case 'http':
      if (error.isCredentialFailure) return `HTTP ${error.status}: key refused or quota used up`;
      return `HTTP ${error.status}${error.transient ? ' (the provider asks to retry)' : ''}`;
    case 'aborted':
      return 'not called in time (the check ends within a minute)';
    default:
      return `${error.kind}: ${error.message}`;
  }
}
