import type { Mode } from '../modes';
import type { Micros } from '../money';
import type { PageView } from './page.view';

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

/** `GET /account/ledger`. */
export type LedgerPageView = PageView<LedgerEntryView>;
