import {
  DomainError,
  MAX_MICROS,
  OPERATIONS,
  type ApiKeySettingsView,
  type KeyLimitsView,
  type SubjectLimitsView,
} from '@reelscout/domain';
import type { ApiKeySettingsRow } from '../repositories/api-key.repository';

/**
 * The changeable settings of a key as the routes and the CLI pass them: every field optional
 * (absent: unchanged on an update, none on a create); `null` clears a limit, an expiry, or the
 * scopes (all operations).
 */
export interface KeySettingsInput {
  name?: string;
  /** null: no limits at all. */
  limits?: Partial<KeyLimitsView> | null;
  operations?: readonly string[] | null;
  /** ISO 8601, or a Date (the CLI); null: never. */
  expiresAt?: string | Date | null;
  /** null: the account's limits for every field. */
  subjectLimits?: Partial<SubjectLimitsView> | null;
}

export const LIMIT_RULE = 'an integer number of micro-USD of at least 1 (0.000001 USD), or null';

const invalid = (param: string, message: string) =>
  new DomainError('invalid_request', message, { param });

/** A limit: null, or a whole number of micro-USD from 1 (0.000001 USD) to MAX_MICROS. */
export function checkLimit(value: unknown, param: string): number | null {
  if (value === null) return null;
  if (
    typeof value !== 'number' ||
    !Number.isSafeInteger(value) ||
    value < 1 ||
    value > MAX_MICROS
  ) {
    throw invalid(param, `\`${param}\` must be ${LIMIT_RULE}.`);
  }
  return value;
}

export const OPERATIONS_RULE = `an array of operation names (${OPERATIONS.join(', ')}), or null for all`;

/** The scopes: null (all), or a non-empty list of known operations (deduplicated, in order). */
export function checkOperations(value: unknown, param = 'operations'): string[] | null {
  if (value === null) return null;
  if (!Array.isArray(value) || value.length === 0) {
    throw invalid(param, `\`${param}\` must be ${OPERATIONS_RULE}.`);
  }
  for (const name of value) {
    if (typeof name !== 'string' || !(OPERATIONS as readonly string[]).includes(name)) {
      throw invalid(
        param,
        `\`${param}\` lists an unknown operation (${JSON.stringify(name)}); allowed: ${OPERATIONS.join(', ')}.`,
      );
    }
  }
  return OPERATIONS.filter((op) => value.includes(op));
}

/** The expiry: null, or an instant later than `now`. */
export function checkExpiry(
  value: string | Date | null,
  now: Date,
  parse: (text: string) => Date | null,
  param = 'expiresAt',
): Date | null {
  if (value === null) return null;
  const at = typeof value === 'string' ? parse(value) : value;
  if (!at || Number.isNaN(at.getTime())) {
    throw invalid(
      param,
      `\`${param}\` must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z, or null.`,
    );
  }
  if (at.getTime() <= now.getTime()) {
    throw invalid(param, `\`${param}\` must lie in the future (now is ${now.toISOString()}).`);
  }
  return at;
}

/** Checks an input and turns it into the columns it changes (only the fields given). */
export function toSettingsRow(
  input: KeySettingsInput,
  now: Date,
  parse: (text: string) => Date | null,
): Partial<ApiKeySettingsRow> {
  const row: Partial<ApiKeySettingsRow> = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name.length < 1 || name.length > 64)
      throw invalid('name', '`name` must be 1–64 characters.');
    row.name = name;
  }
  const none = { totalMicros: null, dailyMicros: null, monthlyMicros: null };
  const limits = input.limits === null ? none : input.limits;
  const subjectLimits = input.subjectLimits === null ? none : input.subjectLimits;
  if (limits !== undefined) {
    if (limits.totalMicros !== undefined)
      row.limitTotalMicros = checkLimit(limits.totalMicros, 'limits.totalMicros');
    if (limits.dailyMicros !== undefined)
      row.limitDailyMicros = checkLimit(limits.dailyMicros, 'limits.dailyMicros');
    if (limits.monthlyMicros !== undefined)
      row.limitMonthlyMicros = checkLimit(limits.monthlyMicros, 'limits.monthlyMicros');
  }
  if (input.operations !== undefined) row.operations = checkOperations(input.operations);
  if (input.expiresAt !== undefined) row.expiresAt = checkExpiry(input.expiresAt, now, parse);
  if (subjectLimits !== undefined) {
    if (subjectLimits.dailyMicros !== undefined)
      row.subjectLimitDailyMicros = checkLimit(
        subjectLimits.dailyMicros,
        'subjectLimits.dailyMicros',
      );
    if (subjectLimits.monthlyMicros !== undefined)
      row.subjectLimitMonthlyMicros = checkLimit(
        subjectLimits.monthlyMicros,
        'subjectLimits.monthlyMicros',
      );
  }
  return row;
}

/** The settings as the wire (and the audit trail) shows them. */
export function toSettingsView(row: ApiKeySettingsRow): ApiKeySettingsView {
  return {
    name: row.name,
    limits: {
      totalMicros: row.limitTotalMicros,
      dailyMicros: row.limitDailyMicros,
      monthlyMicros: row.limitMonthlyMicros,
    },
    operations: row.operations,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    subjectLimits: {
      dailyMicros: row.subjectLimitDailyMicros,
      monthlyMicros: row.subjectLimitMonthlyMicros,
    },
  };
}

/**
 * The fields of `after` that differ from `before` (nested objects compared as JSON), as two
 * partial snapshots: what the audit trail records for an update.
 */
export function diffSettings(
  before: ApiKeySettingsView,
  after: ApiKeySettingsView,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of Object.keys(after) as (keyof ApiKeySettingsView)[]) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      was[field] = before[field];
      now[field] = after[field];
    }
  }
  return Object.keys(now).length ? { before: was, after: now } : null;
}
