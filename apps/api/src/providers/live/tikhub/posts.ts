import { DomainError, videoHostInfo, type Market } from '@reelscout/domain';
import { ProviderCallError } from '../../http/provider-call.error';
import type { QueryValue } from '../../http/provider-http.client';
import type { CallOptions, Post, PostRef } from '../../provider.types';
import { asObject, at, firstDefined, text, type JsonObject } from '../json-read';
import { ENDPOINTS, type Endpoint } from '../tikhub-endpoints';
import {
  canFallBack,
  isNotFoundAnswer,
  pickFailure,
  riskControl,
  type TikhubClient,
} from './client';
import {
  filteredReason,
  isRiskControl,
  mapAppAweme,
  mapInstagramMedia,
  mapWebItem,
  mapYoutubeVideo,
  NETWORK_A_REGION_BLOCKED,
  payloadOf,
  platformStatus,
  unavailableReason,
} from './mappers';
import type { TikhubMedia } from './media';

/** Posts by reference (each platform's endpoints, fallbacks in order) and share links. */
export class TikhubPosts {
  constructor(
    private readonly client: TikhubClient,
    private readonly media: TikhubMedia,
  ) {}

  async getPost(ref: PostRef, options: CallOptions = {}): Promise<Post | null> {
    return this.client.guard(async () => {
      const post = await this.lookUpPost(ref, options.signal);
      if (post?.captions?.url && post.captions.segments === null) {
        post.captions = {
          ...post.captions,
          segments: await this.media.fetchCaptions(post.captions.url, options.signal),
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
    return this.client.guard(async () => {
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

  private async lookUpPost(ref: PostRef, signal?: AbortSignal): Promise<Post | null> {
    switch (ref.platform) {
      case 'network_a':
        return this.postFromChain('network_a', signal, [
          { endpoint: ENDPOINTS.networkAPost, query: { aweme_id: ref.id }, web: false },
          { endpoint: ENDPOINTS.networkAPostWeb, query: { itemId: ref.id }, web: true },
        ]);
      case 'network_b':
        return this.postFromChain('network_b', signal, [
          { endpoint: ENDPOINTS.networkBPost, query: { aweme_id: ref.id }, web: false },
          { endpoint: ENDPOINTS.networkBPostWeb, query: { aweme_id: ref.id }, web: false },
        ]);
      case 'instagram':
        return this.notFoundAsNull(async () => {
          const body = await this.client.call(ENDPOINTS.instagramPostByUrl, {
            query: { post_url: `https://www.instagram.com/reel/${ref.id}/` },
            signal,
          });
          return mapInstagramMedia(payloadOf(body), ref.id);
        });
      case 'youtube':
        return this.notFoundAsNull(async () => {
          const body = await this.client.call(ENDPOINTS.youtubeVideoInfo, {
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
        const body = await this.client.call(step.endpoint, {
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
      case 'network_a':
        return this.postUrlByShareUrl(ENDPOINTS.networkAPostByShareUrl, 'network_a', url, signal);
      case 'network_b':
        return this.client.firstThatAnswers([
          async () => {
            const body = await this.client.call(ENDPOINTS.networkBAwemeId, {
              query: { url },
              signal,
            });
            const id = text(firstDefined(at(body, 'data', 'aweme_id'), at(body, 'data')));
            if (!id || !/^[0-9]{19}$/.test(id)) {
              throw new ProviderCallError('malformed', 'no post id for the share link');
            }
            return `https://www.douyin.com/video/${id}`;
          },
          () => this.postUrlByShareUrl(ENDPOINTS.networkBPostByShareUrl, 'network_b', url, signal),
        ]);
      case 'instagram': {
        const body = await this.client.call(ENDPOINTS.instagramPostByUrl, {
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
    const body = await this.client.call(endpoint, {
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
}

/** The post of a detail answer; `null` when it is gone (region-blocked, deleted, private). */
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
