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

/**
 * The first call a new key can make, as copyable commands (POSIX shell): the key goes into
 * REELSCOUT_API_KEY (the leading space keeps the line out of bash's history, with the default
 * HISTCONTROL), and the call uses the variable, as the README's quickstart does.
 */
export function firstCallCurl(baseUrl: string, key: string): string {
  return [
    ` export REELSCOUT_API_KEY='${key}'`,
    `curl -sS ${baseUrl}/v1/assist \\`,
    `  -H "Authorization: Bearer $REELSCOUT_API_KEY" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"message": "show me trending home espresso reels"}'`,
  ].join('\n');
}
