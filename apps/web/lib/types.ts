import type { Micros } from '@reelscout/domain/money';
import type { Mode } from '@reelscout/domain/modes';

/** Response shapes of the API's /auth and /account routes, as the dashboard reads them. */

export type {
  LedgerEntryView as LedgerEntry,
  UsageView as UsageRecord,
} from '@reelscout/domain/account-views';

export interface Account {
  id: string;
  email: string;
  apiAccess: boolean;
  isAdmin: boolean;
  createdAt: string;
}

export interface SessionView {
  signedIn: boolean;
  account: Account | null;
}

export type InviteState = 'valid' | 'expired' | 'used' | 'unknown';

export interface InviteView {
  state: InviteState;
  email: string | null;
}

export interface CreatedInvite {
  id: string;
  url: string;
  expiresAt: string;
  email: string | null;
  grantsApiAccess: boolean;
}

export interface ApiKey {
  id: string;
  name: string;
  mode: Mode;
  /** Display start such as `rs_test_AbCd…`; the rest of the key is never stored. */
  start: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: 'active' | 'revoked';
}

/** The creation response: the only time the plaintext `key` exists outside its owner's hands. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

export interface Balance {
  balance: Micros;
  held: Micros;
  available: Micros;
}

export interface CreditOverview {
  balances: Record<Mode, Balance>;
  spendThisMonth: Record<Mode, Micros>;
  livePurchases: { available: boolean; reason: string | null };
  presetsUsd: string[];
  limitsUsd: { min: string; max: string; testMax: string };
}

export interface CheckoutStatus {
  /** `open` until Stripe's webhook says how the checkout ended. */
  status: 'open' | 'paid' | 'failed' | 'expired';
  amountMicros: Micros;
  liveBalanceMicros: Micros;
}

export interface DailySpend {
  day: string;
  operation: string;
  chargedMicros: Micros;
  calls: number;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
