'use client';

import { createContext, useContext, type ReactNode } from 'react';

const ApiAddress = createContext<string>('');

/** Gives the pages the API's public address, read by the server at run time (lib/api-origin.ts). */
export function ApiAddressProvider({ value, children }: { value: string; children: ReactNode }) {
  return <ApiAddress.Provider value={value}>{children}</ApiAddress.Provider>;
}

/** The API's address as integrators reach it (no trailing slash), for links and samples. */
export function useApiBaseUrl(): string {
  return useContext(ApiAddress);
}
