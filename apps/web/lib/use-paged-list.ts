'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageView } from '@reelscout/domain/views';
import { api, ApiError } from './api';
import { clientTexts } from './client-texts';

export interface PagedList<T> {
  items: T[];
  /** The first page has not arrived yet. */
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  error: ApiError | undefined;
  loadMore: () => void;
  reload: () => void;
}

function separator(path: string): string {
  return path.includes('?') ? '&' : '?';
}

/** A cursor-paginated list (`{items, nextCursor}`), newest first, grown with "load more". */
export function usePagedList<T>(path: string): PagedList<T> {
  const router = useRouter();
  const pathname = usePathname();
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [generation, setGeneration] = useState(0);
  const current = useRef(0);

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

  useEffect(() => {
    const request = ++current.current;
    setLoading(true);
    setError(undefined);
    api<PageView<T>>(path)
      .then((page) => {
        if (request !== current.current) return;
        setItems(page.items);
        setCursor(page.nextCursor);
      })
      .catch((caught: unknown) => request === current.current && fail(caught))
      .finally(() => request === current.current && setLoading(false));
  }, [path, generation, fail]);

  const loadMore = useCallback(() => {
    if (!cursor) return;
    const request = current.current;
    setLoadingMore(true);
    api<PageView<T>>(`${path}${separator(path)}cursor=${encodeURIComponent(cursor)}`)
      .then((page) => {
        if (request !== current.current) return;
        setItems((previous) => [...previous, ...page.items]);
        setCursor(page.nextCursor);
      })
      .catch((caught: unknown) => request === current.current && fail(caught))
      .finally(() => setLoadingMore(false));
  }, [cursor, path, fail]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  return { items, loading, loadingMore, hasMore: cursor !== null, error, loadMore, reload };
}
