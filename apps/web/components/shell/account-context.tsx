'use client';

import { createContext, useContext } from 'react';
import type { AccountView } from '@reelscout/domain/views';

export interface AccountContextValue {
  account: AccountView;
  /** Reloads the account (after something that may change it). */
  refresh: () => void;
}

export const AccountContext = createContext<AccountContextValue | null>(null);

/** The signed-in account; only inside the dashboard shell. */
export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount() outside the dashboard shell');
  return value;
}
