'use client';

import { useApiBaseUrl } from '../../lib/api-address';

/** On every page: where the API is, and its reference. */
export function SiteFooter() {
  const apiUrl = useApiBaseUrl();
  return (
    <footer className="site-footer">
      <span>
        API <code data-testid="api-address">{apiUrl || '…'}</code>
      </span>
      <a href={`${apiUrl}/docs`} target="_blank" rel="noreferrer">
        API reference
      </a>
      <a href={`${apiUrl}/openapi.json`} target="_blank" rel="noreferrer">
        OpenAPI document
      </a>
    </footer>
  );
}
