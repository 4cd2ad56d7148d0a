import type { Mode } from '../modes';
import type { Micros } from '../money';
import type { PageView } from './page.view';

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

/** `GET /account/usage`. */
export type UsagePageView = PageView<UsageView>;

/** Spend on one UTC day (`YYYY-MM-DD`) for one operation. */
export interface DailySpendView {
  day: string;
  operation: string;
  chargedMicros: Micros;
  calls: number;
}

/** `GET /account/usage/daily`. */
export interface DailySpendListView {
  days: DailySpendView[];
}
