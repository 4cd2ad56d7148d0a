'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError } from './api';
import { clientTexts } from './client-texts';

/** The `/v1`-style lists the jobs and webhook routes answer: `{object: 'list', data, has_more}`. */
export interface ObjectList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
}

export interface ObjectListState<T> {
  items: T[];
  /** The first page has not arrived yet. */
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  error: ApiError | undefined;
  loadMore: () => void;
  reload: () => void;
  /** Replaces one item in place (after an action answered with its new state). */
  replace: (item: T) => void;
}

export interface ObjectListOptions<T> {
  /** The first page's size (the refreshes ask for as many as are shown, at most 100). */
  limit?: number;
  /** While this is true of the items shown, the list is fetched again every `pollMs`. */
  pollWhile?: (items: T[]) => boolean;
  pollMs?: number;
  /** At most this many refreshes in a row; a reload or a new page starts the count again. */
  maxPolls?: number;
}

function withParams(path: string, params: Record<string, string>): string {
  const search = new URLSearchParams(params).toString();
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/**
 * A list paged with `limit` and `starting_after` (newest first), grown with "load more" and,
 * while `pollWhile` holds, refreshed every `pollMs` (bounded by `maxPolls`). A 401 sends the
 * reader to sign in, as useApi does. `path` null loads nothing.
 */
export function useObjectList<T extends { id: string }>(
  path: string | null,
  { limit = 20, pollWhile, pollMs = 2000, maxPolls = 150 }: ObjectListOptions<T> = {},
): ObjectListState<T> {
  const router = useRouter();
  const pathname = usePathname();
  const [items, setItems] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(path !== null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [generation, setGeneration] = useState(0);
  const [polls, setPolls] = useState(0);
  const current = useRef(0);
  const shown = useRef(0);
  shown.current = items.length;
  const pollRule = useRef(pollWhile);
  pollRule.current = pollWhile;

  const fail = useCallback(
    (caught: unknown) => {
      const apiError =
        caught instanceof ApiError
          ? caught
          : new ApiError(0, 'unexpected', clientTexts().loadFailed);
      if (apiError.status === 401) router.replace(`/sign-in?next=${encodeURIComponent(pathname)}`);
      else setError(apiError);
    },
    [router, pathname],
  );

  // The first page, on every new path or reload.
  useEffect(() => {
    if (path === null) return;
    const request = ++current.current;
    setLoading(true);
    setError(undefined);
    setPolls(0);
    api<ObjectList<T>>(withParams(path, { limit: String(limit) }))
      .then((page) => {
        if (request !== current.current) return;
        setItems(page.data);
        setHasMore(page.has_more);
      })
      .catch((caught: unknown) => request === current.current && fail(caught))
      .finally(() => request === current.current && setLoading(false));
  }, [path, limit, generation, fail]);

  // Refreshes what is shown while the rule says something is still moving (bounded).
  const moving = !loading && !error && pollRule.current ? pollRule.current(items) : false;
  useEffect(() => {
    if (path === null || !moving || polls >= maxPolls) return;
    const request = current.current;
    const timer = setTimeout(() => {
      const size = Math.min(100, Math.max(limit, shown.current));
      api<ObjectList<T>>(withParams(path, { limit: String(size) }))
        .then((page) => {
          if (request !== current.current) return;
          setItems(page.data);
          setHasMore(page.has_more);
        })
        .catch((caught: unknown) => request === current.current && fail(caught))
        .finally(() => request === current.current && setPolls((n) => n + 1));
    }, pollMs);
    return () => clearTimeout(timer);
  }, [path, moving, polls, maxPolls, pollMs, limit, fail]);

  const loadMore = useCallback(() => {
    const last = items[items.length - 1];
    if (path === null || !last) return;
    const request = current.current;
    setLoadingMore(true);
    api<ObjectList<T>>(withParams(path, { limit: String(limit), starting_after: last.id }))
      .then((page) => {
        if (request !== current.current) return;
        setItems((previous) => [...previous, ...page.data]);
        setHasMore(page.has_more);
        setPolls(0);
      })
      .catch((caught: unknown) => request === current.current && fail(caught))
      .finally(() => setLoadingMore(false));
  }, [items, path, limit, fail]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  const replace = useCallback((item: T) => {
    setItems((previous) => previous.map((each) => (each.id === item.id ? item : each)));
    setPolls(0);
  }, []);

  return { items, loading, loadingMore, hasMore, error, loadMore, reload, replace };
}
