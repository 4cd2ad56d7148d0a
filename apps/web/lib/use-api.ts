'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from './api';
import { clientTexts } from './client-texts';

export interface Resource<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads one GET route (or nothing while `path` is null). A 401 means the session ended:
 * the reader is sent to sign in and brought back here afterwards.
 */
export function useApi<T>(path: string | null): Resource<T> {
  const router = useRouter();
  const pathname = usePathname();
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({
    loading: path !== null,
  });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState((previous) => ({ data: previous.data, loading: true }));
    api<T>(path, { signal: controller.signal })
      .then((data) => setState({ data, loading: false }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const apiError =
          error instanceof ApiError
            ? error
            : new ApiError(0, 'unexpected', clientTexts().loadFailed);
        if (apiError.status === 401) {
          router.replace(`/sign-in?next=${encodeURIComponent(pathname)}`);
          return;
        }
        setState({ error: apiError, loading: false });
      });
    return () => controller.abort();
  }, [path, generation, router, pathname]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
