import { useLocale } from 'next-intl';
import { useCallback } from 'react';
import { localizeApiError, type ApiErrorFields } from './api-errors';

/**
 * For an error envelope that did not come through `api()` (a failed job's `error`): its message
 * in the page's language, as ApiError's.
 */
export function useApiErrorText(): (error: ApiErrorFields) => string {
  const locale = useLocale();
  return useCallback((error: ApiErrorFields) => localizeApiError(locale, error).message, [locale]);
}
