'use client';

import { useTranslations } from 'next-intl';
import { useApiBaseUrl } from './api-address-context';

/** On every page: where the API is, and its reference. */
export function SiteFooter() {
  const t = useTranslations('shell');
  const apiUrl = useApiBaseUrl();
  return (
    <footer className="site-footer">
      <span>
        API <code data-testid="api-address">{apiUrl}</code>
      </span>
      <a href={`${apiUrl}/docs`} target="_blank" rel="noreferrer">
        {t('apiReference')}
      </a>
      <a href={`${apiUrl}/openapi.json`} target="_blank" rel="noreferrer">
        {t('openapiDocument')}
      </a>
    </footer>
  );
}
