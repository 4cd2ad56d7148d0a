import type { Mode } from './modes';
import type { Micros } from './money';

/**
 * Wire shapes of the dashboard's `/account` read routes, shared by the API that sends them and
 * the dashboard that reads them.
 */

/** One row of `GET /account/ledger`: a movement of credit and the balance after it. */
export interface LedgerEntryView {
  id: string;
  mode: Mode;
  kind: string;
  amountMicros: Micros;
  balanceAfterMicros: Micros;
  operation: string | null;
  requestId: string | null;
  reason: string | null;
  createdAt: string;
}

/** One row of `GET /account/usage`: one call made with a key, charged or not. */
export interface UsageView {
  id: string;
  requestId: string;
  createdAt: string;
  operation: string;
  mode: Mode;
  subject: string | null;
  market: string | null;
  status: number;
  errorCode: string | null;
  chargedMicros: Micros;
  durationMs: number;
  keyId: string | null;
}
