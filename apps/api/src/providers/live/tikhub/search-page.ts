import { DomainError, type Market } from '@reelscout/domain';
import { ProviderCallError } from '../../http/provider-call.error';
import type { VideoSearchPage } from '../../provider.types';
import { asObject, at, firstDefined, text, type JsonObject } from '../json-read';
import { riskControl } from './client';
import {
  countPostEntries,
  extractPosts,
  isRiskControl,
  payloadOf,
  POST_LIST_KEYS,
} from './mappers';

/**
 * Pages of posts (video search and the videos using a sound): reading one answer, and the
 * cursor that tells the next call which endpoint served the page and where it left off.
 */

/**
 * How the next page is asked for: `cursor` echoes the answer's cursor (or offset); `page`
 * counts pages from 1 (the deprecated network_b GET searches, which take no offset).
 */
export type Paging = 'cursor' | 'page';

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

/**
 * Lists that carry search results (`items` is a feed field, not a search one); a 200 with none of
 * them (and no paging) is not an answer.
 */
const SEARCH_KEYS: readonly string[] = [
  ...POST_LIST_KEYS.filter((key) => key !== 'items'),
  'has_more',
  'hasMore',
];

/** One page of posts, and how many entries it had to skip (deleted, private, unreadable). */
export function readSearchPage(
  market: Market,
  served: { family: string; paging: Paging },
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

/** A search answer is a list of results, or a failure (risk control, no list at all). */
export function checkSearch(market: Market, body: unknown): void {
  const payload = payloadOf(body);
  if (isRiskControl(market, payload)) throw riskControl();
  if (!SEARCH_KEYS.some((key) => key in payload)) {
    throw new ProviderCallError('malformed', 'search answer carries no results list');
  }
}

function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

function encodeCursor(state: PageState): string {
  return Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
}

/** The state a cursor of ours carries; any other cursor is `invalid_request` on `cursor`. */
export function decodeCursor(cursor: string | null | undefined): PageState {
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
