import type { Market } from '@reelscout/domain';
import type { ProviderRequest } from '../../http/provider-http.client';
import type { CallOptions, VideoSearchPage } from '../../provider.types';
import { ENDPOINTS, type Endpoint } from '../tikhub-endpoints';
import { SEARCH_PAGE_SIZE, type TikhubClient } from './client';
import { payloadOf } from './mappers';
import {
  checkSearch,
  decodeCursor,
  readSearchPage,
  type PageState,
  type Paging,
} from './search-page';

/** One way of running a search; several per market, tried in order. */
export interface SearchStrategy {
  endpoint: Endpoint;
  request(phrase: string, page: PageState, region: string): Pick<ProviderRequest, 'query' | 'body'>;
  paging: Paging;
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
 * Video search: each market's searches in order, the first that answers serves the page. A
 * cursor names the endpoint that served its page, so the next page starts there.
 */
export class TikhubSearch {
  constructor(private readonly client: TikhubClient) {}

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
    return this.client.guard(() =>
      this.client.firstThatAnswers(
        strategies.slice(start).map((strategy) => async () => {
          // A fallback cannot continue another endpoint's search session; a page-numbered one
          // cannot read a cursor either, so it starts from its first page (the caller dedupes).
          const state: PageState =
            strategy.endpoint.family === page.e
              ? page
              : { c: strategy.paging === 'page' ? '1' : page.c };
          const body = await this.client.call(strategy.endpoint, {
            ...strategy.request(phrase, state, this.client.region),
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
            this.client.logger.log(
              `${strategy.endpoint.family}: skipped ${result.skipped} deleted, private or unreadable item(s)`,
            );
          }
          return result.page;
        }),
      ),
    );
  }
}
