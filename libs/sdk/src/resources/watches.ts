import { type Core, type RequestOptions, type WithResponse } from '../core';
import { Page, type ListBody, pagePromise, type PagePromise } from '../pagination';
import type {
  CreatorPost,
  CreatorRunResult,
  CreatorSnapshot,
  DeletedWatch,
  ListParams,
  SnapshotListParams,
  Watch,
  WatchCreateParams,
  WatchRunResult,
  WatchUpdateParams,
} from '../types';

/** Runs one paid operation by path, with the client's `Prefer: wait` and job polling. */
export type RunOperation = <T>(path: string, options?: RequestOptions) => Promise<WithResponse<T>>;

/**
 * `/v1/watches`, of the key's mode: niche watches (`kind: "niche"`, saved scans that run every
 * hour or day and deliver only reels they have not delivered before, webhook `watch.new_reels`)
 * and creator watches (`kind: "creator"`, one creator's follower snapshots and new posts against
 * their median, webhooks `creator.new_posts` and `creator.outlier_post`).
 */
export class Watches {
  constructor(
    private readonly core: Core,
    private readonly runOperation: RunOperation,
  ) {}

  create(body: WatchCreateParams, options?: RequestOptions): Promise<WithResponse<Watch>> {
    return this.core.request({ method: 'POST', path: '/v1/watches', body, options });
  }

  list(params: ListParams = {}, options?: RequestOptions): PagePromise<Watch> {
    const fetchPage = async (startingAfter?: string): Promise<Page<Watch>> => {
      const body = await this.core.request<ListBody<Watch>>({
        method: 'GET',
        path: '/v1/watches',
        query: { limit: params.limit, starting_after: startingAfter },
        options,
      });
      return new Page(body, fetchPage);
    };
    return pagePromise(fetchPage(params.starting_after));
  }

  get(id: string, options?: RequestOptions): Promise<WithResponse<Watch>> {
    return this.core.request({ method: 'GET', path: this.path(id), options });
  }

  /** Pause (`status: "paused"`), resume, or change its interval or `min_outlier_score`. */
  update(
    id: string,
    body: WatchUpdateParams,
    options?: RequestOptions,
  ): Promise<WithResponse<Watch>> {
    return this.core.request({ method: 'PATCH', path: this.path(id), body, options });
  }

  delete(id: string, options?: RequestOptions): Promise<WithResponse<DeletedWatch>> {
    return this.core.request({ method: 'DELETE', path: this.path(id), options });
  }

  /**
   * Runs the watch now. A niche watch's run is a paid scan: only reels it has not delivered
   * before, charged per new reel (`reels: []` is free). A creator watch's run answers a
   * `CreatorRunResult` (its snapshot and new posts) at a flat price. Waits for the run like the
   * operations do.
   */
  run<T extends WatchRunResult | CreatorRunResult = WatchRunResult>(
    id: string,
    options?: RequestOptions,
  ): Promise<WithResponse<T>> {
    return this.runOperation<T>(`watches/${encodeURIComponent(id)}/run`, options);
  }

  /** A creator watch's follower history, oldest first, within `from`–`to` (free). */
  snapshots(
    id: string,
    params: SnapshotListParams = {},
    options?: RequestOptions,
  ): PagePromise<CreatorSnapshot> {
    const fetchPage = async (startingAfter?: string): Promise<Page<CreatorSnapshot>> => {
      const body = await this.core.request<ListBody<CreatorSnapshot>>({
        method: 'GET',
        path: `${this.path(id)}/snapshots`,
        query: {
          from: params.from,
          to: params.to,
          limit: params.limit,
          starting_after: startingAfter,
        },
        options,
      });
      return new Page(body, fetchPage, (snapshot) => snapshot.at);
    };
    return pagePromise(fetchPage(params.starting_after));
  }

  /** A creator watch's posts, newest first (free). */
  posts(id: string, params: ListParams = {}, options?: RequestOptions): PagePromise<CreatorPost> {
    const fetchPage = async (startingAfter?: string): Promise<Page<CreatorPost>> => {
      const body = await this.core.request<ListBody<CreatorPost>>({
        method: 'GET',
        path: `${this.path(id)}/posts`,
        query: { limit: params.limit, starting_after: startingAfter },
        options,
      });
      return new Page(body, fetchPage);
    };
    return pagePromise(fetchPage(params.starting_after));
  }

  private path(id: string): string {
    return `/v1/watches/${encodeURIComponent(id)}`;
  }
}
