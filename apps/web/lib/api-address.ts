'use client';

import { useEffect, useState } from 'react';

/**
 * The API's address as integrators reach it: NEXT_PUBLIC_API_PUBLIC_URL, fixed at build time
 * (next.config.js: API_PUBLIC_URL, default http://localhost:$API_PORT), else this page's origin.
 */
export function useApiBaseUrl(): string {
  const configured = process.env.NEXT_PUBLIC_API_PUBLIC_URL;
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  return (configured || origin).replace(/\/+$/, '');
}

/** The first call a new key can make, as a copyable command (POSIX shell quoting). */
export function firstCallCurl(baseUrl: string, key: string): string {
  return [
    `curl -sS ${baseUrl}/v1/assist \\`,
    `  -H 'Authorization: Bearer ${key}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"message": "show me trending home espresso reels"}'`,
  ].join('\n');
}
