'use client';

import { useTranslations } from 'next-intl';
import { API_BASE_URL } from '../../lib/api-address';

/** On every page: where the API is, and its reference. */
export function SiteFooter() {
  const t = useTranslations('shell');
  const apiUrl = API_BASE_URL;
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
