import { MODES, type Mode } from '@reelscout/domain/modes';
import { OPERATIONS, type Operation } from '@reelscout/domain/prices';
import { USAGE_GROUP_BYS, type UsageGroupBy } from '@reelscout/domain/views';

/** The usage page's filters, as they appear in its URL (dates are UTC days, both inclusive). */
export interface UsageFilters {
  mode: Mode | '';
  operation: Operation | '';
  subject: string;
  from: string;
  to: string;
  /** One of the account's keys (its id); empty: every key. */
  keyId: string;
  /** Calls and charge per key or per subject, besides the list; empty: no grouping. */
  groupBy: UsageGroupBy | '';
}

export const NO_FILTERS: UsageFilters = {
  mode: '',
  operation: '',
  subject: '',
  from: '',
  to: '',
  keyId: '',
  groupBy: '',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Reads filters from a query string, dropping anything malformed. */
export function filtersFromSearch(params: { get(name: string): string | null }): UsageFilters {
  const mode = params.get('mode') ?? '';
  const operation = params.get('operation') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const keyId = params.get('key_id') ?? '';
  const groupBy = params.get('group_by') ?? '';
  return {
    mode: (MODES as readonly string[]).includes(mode) ? (mode as Mode) : '',
    operation: (OPERATIONS as readonly string[]).includes(operation)
      ? (operation as Operation)
      : '',
    subject: (params.get('subject') ?? '').slice(0, 128),
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    keyId: UUID.test(keyId) ? keyId : '',
    groupBy: (USAGE_GROUP_BYS as readonly string[]).includes(groupBy)
      ? (groupBy as UsageGroupBy)
      : '',
  };
}

/** A problem with the filters as typed (its message is `usage.filters.problems.<problem>`). */
export type FilterProblem = 'fromInvalid' | 'toInvalid' | 'fromAfterTo' | 'subjectTooLong';

/** A problem with the filters as typed, or null. */
export function checkFilters(filters: UsageFilters): FilterProblem | null {
  if (filters.from && !isDay(filters.from)) return 'fromInvalid';
  if (filters.to && !isDay(filters.to)) return 'toInvalid';
  if (filters.from && filters.to && filters.from > filters.to) return 'fromAfterTo';
  if (filters.subject.length > 128) return 'subjectTooLong';
  return null;
}

/** `day` (`YYYY-MM-DD`) moved by `days`, in UTC. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The day after `day`. */
export function nextDay(day: string): string {
  return addDays(day, 1);
}

const PAGE_PARAMS: Record<keyof UsageFilters, string> = {
  mode: 'mode',
  operation: 'operation',
  subject: 'subject',
  from: 'from',
  to: 'to',
  keyId: 'key_id',
  groupBy: 'group_by',
};

/** For the page URL: only the filters that are set (`key_id`, `group_by` as the API names them). */
export function filtersToPageQuery(filters: UsageFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value) query[PAGE_PARAMS[name as keyof UsageFilters]] = value.trim();
  }
  return query;
}

/**
 * For the API: `from` inclusive and `to` exclusive instants, so the end day counts in full.
 * Which calls match, only: the grouping is asked for separately (`group_by`).
 */
export function filtersToApiQuery(
  filters: Omit<UsageFilters, 'keyId' | 'groupBy'> & { keyId?: string },
): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.mode) query.mode = filters.mode;
  if (filters.operation) query.operation = filters.operation;
  if (filters.subject.trim()) query.subject = filters.subject.trim();
  if (filters.keyId) query.key_id = filters.keyId;
  if (filters.from) query.from = `${filters.from}T00:00:00.000Z`;
  if (filters.to) query.to = `${nextDay(filters.to)}T00:00:00.000Z`;
  return query;
}

/** Every day from `first` to `last` inclusive, or null when the span is over `max` days. */
export function daysBetween(first: string, last: string, max = 366): string[] | null {
  const days: string[] = [];
  for (let day = first; day <= last; day = nextDay(day)) {
    days.push(day);
    if (days.length > max) return null;
  }
  return days;
}
