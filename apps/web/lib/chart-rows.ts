import { OPERATIONS } from '@reelscout/domain/prices';
import type { DailySpendView } from '@reelscout/domain/views';
import { addDays, daysBetween } from './usage-filters';

/** Without a chosen start, the chart shows at least this many days, ending at the last one. */
export const MIN_CHART_DAYS = 14;

export type Row = { day: string } & Record<string, number | string>;

/**
 * One row per day (gaps filled with zero when the span is reasonable), one column per operation.
 * Without a chosen start, at least MIN_CHART_DAYS days are shown, so one busy day is not one
 * bar across the whole chart.
 */
export function toChartRows(
  days: DailySpendView[],
  range: { from?: string; to?: string } = {},
): { rows: Row[]; operations: string[] } {
  const seen = new Set(days.map((d) => d.operation));
  const operations = [
    ...OPERATIONS.filter((op) => seen.has(op)),
    ...[...seen].filter((op) => !(OPERATIONS as readonly string[]).includes(op)).sort(),
  ];
  const sorted = [...new Set(days.map((d) => d.day))].sort();
  const last = range.to || sorted[sorted.length - 1];
  const earliest = last ? addDays(last, 1 - MIN_CHART_DAYS) : undefined;
  const first = range.from || (earliest && sorted[0] > earliest ? earliest : sorted[0]);
  const span = first && last ? daysBetween(first, last) : null;
  const allDays = span ?? sorted;
  const byDay = new Map<string, Row>();
  for (const day of allDays) {
    const row: Row = { day };
    for (const op of operations) row[op] = 0;
    byDay.set(day, row);
  }
  for (const d of days) {
    const row = byDay.get(d.day);
    if (row) row[d.operation] = (row[d.operation] as number) + d.chargedMicros;
  }
  return { rows: [...byDay.values()], operations };
}
