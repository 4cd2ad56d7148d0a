import { type Core, type RequestOptions, type WithResponse } from '../core';
import { Page, type ListBody, pagePromise, type PagePromise } from '../pagination';
import type {
  DeletedWatch,
  ListParams,
  Watch,
  WatchCreateParams,
  WatchRunResult,
  WatchUpdateParams,
} from '../types';

/** Runs one paid operation by path, with the client's `Prefer: wait` and job polling. */
export type RunOperation = <T>(path: string, options?: RequestOptions) => Promise<WithResponse<T>>;

/**
 * `/v1/watches`: saved scans that run every hour or day and deliver only reels they have not
 * delivered before (webhook `watch.new_reels`), of the key's mode.
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
   * Runs the watch now, as a paid scan: only reels it has not delivered before, charged per new
   * reel (`reels: []` is free). Waits for the run like the operations do.
   */
  run(id: string, options?: RequestOptions): Promise<WithResponse<WatchRunResult>> {
    return this.runOperation<WatchRunResult>(`watches/${encodeURIComponent(id)}/run`, options);
  }

  private path(id: string): string {
    return `/v1/watches/${encodeURIComponent(id)}`;
  }
}
