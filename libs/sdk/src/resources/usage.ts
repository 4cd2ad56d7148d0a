import { type Core, type RequestOptions } from '../core';
import {
  CursorPage,
  type CursorListBody,
  cursorPagePromise,
  type CursorPagePromise,
} from '../pagination';
import type { UsageBucket, UsageListParams, UsageRecord, UsageRecordListParams } from '../types';

/**
 * `/v1/usage`: the key's usage (its mode; a key restricted to some operations, its key line's)
 * in hour or day buckets, and its raw records. Free. For CSV, call the API with
 * `Accept: text/csv`.
 */
export class Usage {
  constructor(private readonly core: Core) {}

  /**
   * Buckets oldest first. `for await (const b of client.usage.list({ group_by: ['subject'] }))`
   * pages through all of them.
   */
  list(params: UsageListParams = {}, options?: RequestOptions): CursorPagePromise<UsageBucket> {
    const { group_by, ...rest } = params;
    return this.paged<UsageBucket>(
      '/v1/usage',
      { ...rest, group_by: group_by?.length ? group_by.join(',') : undefined },
      options,
    );
  }

  /** Records newest first; `for await` pages through all of them. */
  records(
    params: UsageRecordListParams = {},
    options?: RequestOptions,
  ): CursorPagePromise<UsageRecord> {
    return this.paged<UsageRecord>('/v1/usage/records', { ...params }, options);
  }

  private paged<T>(
    path: string,
    query: Record<string, string | number | undefined>,
    options?: RequestOptions,
  ): CursorPagePromise<T> {
    const fetchPage = async (cursor?: string): Promise<CursorPage<T>> => {
      const body = await this.core.request<CursorListBody<T>>({
        method: 'GET',
        path,
        query: { ...query, ...(cursor ? { cursor } : {}) },
        options,
      });
      return new CursorPage(body, fetchPage);
    };
    return cursorPagePromise(fetchPage(query.cursor as string | undefined));
  }
}
