import type { Mode } from '../modes';
import type { Micros } from '../money';
import type { PageView } from './page.view';

/**
 * Where a call came from: `api` (made with a key) or `dashboard` (a playground run of the
 * signed-in account, made without a key: `keyId` null).
 */
export const USAGE_SOURCES = ['api', 'dashboard'] as const;
export type UsageSource = (typeof USAGE_SOURCES)[number];

/** One row of `GET /account/usage`: one call (made with a key, or a dashboard run), charged or not. */
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
  source: UsageSource;
}

export const USAGE_GROUP_BYS = ['key', 'subject'] as const;
export type UsageGroupBy = (typeof USAGE_GROUP_BYS)[number];

/** Calls and spend of one key or one subject (`group_by=key|subject`). */
export interface UsageGroupView {
  /** The key id or the subject; null: calls without a subject (or without a key). */
  group: string | null;
  /** `group_by=key`: the key's label and display start (null otherwise). */
  keyName: string | null;
  keyStart: string | null;
  calls: number;
  chargedMicros: Micros;
}

/** `GET /account/usage`: a page of calls; with `group_by`, also the groups over every match. */
export interface UsagePageView extends PageView<UsageView> {
  /** Null unless `group_by` is given. */
  groups: UsageGroupView[] | null;
}

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
