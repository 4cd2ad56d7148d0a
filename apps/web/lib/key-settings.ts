import type { Micros } from '@reelscout/domain/money';
import { OPERATIONS } from '@reelscout/domain/prices';
import type { ApiKeyView, KeyAuditEntryView } from '@reelscout/domain/views';
import { formatDateTime, usdShort } from './format';

/** The key settings form as typed: USD amounts and a local date-time, all strings. */
export interface KeySettingsForm {
  name: string;
  totalUsd: string;
  dailyUsd: string;
  monthlyUsd: string;
  /** The checked operations; every one checked means "all" (null on the wire). */
  operations: string[];
  /** `<input type="datetime-local">` value, in the reader's time zone; empty: never. */
  expiresLocal: string;
  subjectDailyUsd: string;
  subjectMonthlyUsd: string;
}

/** Where each form field's value goes in the API body: the `param` a 400 names. */
export const SETTINGS_PARAMS = {
  name: 'name',
  totalUsd: 'limits.totalMicros',
  dailyUsd: 'limits.dailyMicros',
  monthlyUsd: 'limits.monthlyMicros',
  operations: 'operations',
  expiresLocal: 'expiresAt',
  subjectDailyUsd: 'subjectLimits.dailyMicros',
  subjectMonthlyUsd: 'subjectLimits.monthlyMicros',
} as const satisfies Record<keyof KeySettingsForm, string>;

export const ALL_SETTINGS_PARAMS: readonly string[] = [
  ...Object.values(SETTINGS_PARAMS),
  'mode',
  'limits',
  'subjectLimits',
];

export const EMPTY_SETTINGS: KeySettingsForm = {
  name: '',
  totalUsd: '',
  dailyUsd: '',
  monthlyUsd: '',
  operations: [...OPERATIONS],
  expiresLocal: '',
  subjectDailyUsd: '',
  subjectMonthlyUsd: '',
};

const USD = /^(\d{1,10})(?:\.(\d{0,6}))?$/;

/**
 * `"1.5"` → 1 500 000, `""` → null (no limit), without floats. Anything else (a sign, more than
 * six decimals, letters) → undefined: the caller shows "Enter an amount in USD". Zero passes
 * through, so the API's own rule (at least 0.000001) is what the reader sees.
 */
export function usdToMicros(text: string): Micros | null | undefined {
  const trimmed = text.trim().replace(/^\$/, '');
  if (trimmed === '') return null;
  const match = USD.exec(trimmed);
  if (!match) return undefined;
  const decimals = (match[2] ?? '').padEnd(6, '0');
  return Number(match[1]) * 1_000_000 + Number(decimals);
}

/** 1 500 000 → `"1.5"`, null → `""`: an input's value for an amount already set. */
export function microsToUsdInput(micros: Micros | null): string {
  if (micros === null) return '';
  const whole = Math.floor(micros / 1_000_000);
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** ISO instant → `YYYY-MM-DDTHH:mm` in the reader's time zone (a datetime-local value). */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (reader's time zone) → ISO 8601 UTC; empty → null; invalid → undefined. */
export function localInputToIso(local: string): string | null | undefined {
  if (!local.trim()) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The form as a key's current settings show it (for the edit dialog). */
export function formFromKey(key: ApiKeyView): KeySettingsForm {
  return {
    name: key.name,
    totalUsd: microsToUsdInput(key.limits.totalMicros),
    dailyUsd: microsToUsdInput(key.limits.dailyMicros),
    monthlyUsd: microsToUsdInput(key.limits.monthlyMicros),
    operations: key.operations ?? [...OPERATIONS],
    expiresLocal: isoToLocalInput(key.expiresAt),
    subjectDailyUsd: microsToUsdInput(key.subjectLimits.dailyMicros),
    subjectMonthlyUsd: microsToUsdInput(key.subjectLimits.monthlyMicros),
  };
}

/** The settings as the API takes them. */
export interface KeySettingsBody {
  name: string;
  limits: { totalMicros: Micros | null; dailyMicros: Micros | null; monthlyMicros: Micros | null };
  operations: string[] | null;
  expiresAt: string | null;
  subjectLimits: { dailyMicros: Micros | null; monthlyMicros: Micros | null };
}

export type SettingsCheck =
  { ok: true; body: KeySettingsBody } | { ok: false; fields: Record<string, string> };

/**
 * The words these helpers write, in the page's language: the `keys.settingsTexts` messages
 * (`useTranslations('keys').raw('settingsTexts')`).
 */
export interface KeySettingsTexts {
  amountInvalid: string;
  nameMissing: string;
  operationsMissing: string;
  expiryInvalid: string;
  never: string;
  none: string;
  all: string;
  seconds: string;
  /** Audited field path (dots as `_`: message keys cannot hold dots) → its name. */
  fields: Record<string, string>;
  /** Grace period in seconds → its name. */
  grace: Record<string, string>;
}

/** Checks what the browser can (format, a name, at least one operation) and builds the body. */
export function checkSettings(form: KeySettingsForm, texts: KeySettingsTexts): SettingsCheck {
  const fields: Record<string, string> = {};
  const amount = (name: keyof KeySettingsForm, text: string): Micros | null => {
    const micros = usdToMicros(text);
    if (micros === undefined) fields[SETTINGS_PARAMS[name]] = texts.amountInvalid;
    return micros ?? null;
  };
  const name = form.name.trim();
  if (!name) fields.name = texts.nameMissing;
  const limits = {
    totalMicros: amount('totalUsd', form.totalUsd),
    dailyMicros: amount('dailyUsd', form.dailyUsd),
    monthlyMicros: amount('monthlyUsd', form.monthlyUsd),
  };
  const subjectLimits = {
    dailyMicros: amount('subjectDailyUsd', form.subjectDailyUsd),
    monthlyMicros: amount('subjectMonthlyUsd', form.subjectMonthlyUsd),
  };
  if (form.operations.length === 0) fields.operations = texts.operationsMissing;
  const expiresAt = localInputToIso(form.expiresLocal);
  if (expiresAt === undefined) fields.expiresAt = texts.expiryInvalid;
  if (Object.keys(fields).length) return { ok: false, fields };
  const all = OPERATIONS.every((op) => form.operations.includes(op));
  return {
    ok: true,
    body: {
      name,
      limits,
      operations: all ? null : OPERATIONS.filter((op) => form.operations.includes(op)),
      expiresAt: expiresAt ?? null,
      subjectLimits,
    },
  };
}

function changedPart<T extends object>(before: T, after: T): Partial<T> | undefined {
  const part: Partial<T> = {};
  for (const field of Object.keys(after) as (keyof T)[]) {
    if (before[field] !== after[field]) part[field] = after[field];
  }
  return Object.keys(part).length ? part : undefined;
}

/** `PATCH` body: only what changed (null clears); empty when nothing did. */
export function settingsPatch(key: ApiKeyView, next: KeySettingsBody): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (next.name !== key.name) patch.name = next.name;
  const limits = changedPart(key.limits, next.limits);
  if (limits) patch.limits = limits;
  if (JSON.stringify(next.operations) !== JSON.stringify(key.operations)) {
    patch.operations = next.operations;
  }
  const wasExpiry = key.expiresAt ? new Date(key.expiresAt).getTime() : null;
  const isExpiry = next.expiresAt ? new Date(next.expiresAt).getTime() : null;
  // datetime-local has minutes only: an unchanged field keeps the stored instant.
  const sameMinute =
    wasExpiry !== null && isExpiry !== null && Math.floor(wasExpiry / 60_000) * 60_000 === isExpiry;
  if (wasExpiry !== isExpiry && !sameMinute) patch.expiresAt = next.expiresAt;
  const subjectLimits = changedPart(key.subjectLimits, next.subjectLimits);
  if (subjectLimits) patch.subjectLimits = subjectLimits;
  return patch;
}

/** How long a rolled key keeps working, in seconds (named by `keys.settingsTexts.grace`). */
export const GRACE_CHOICES = [0, 3_600, 86_400, 604_800] as const;

/** `$1.2 of $5 today`-style spend against a limit: the fraction used, 0 to 1, or null. */
export function spendShare(spent: Micros, limit: Micros | null): number | null {
  if (limit === null || limit <= 0) return null;
  return Math.min(1, spent / limit);
}

function flatten(value: Record<string, unknown> | null, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [name, each] of Object.entries(value ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (each !== null && typeof each === 'object' && !Array.isArray(each)) {
      for (const [inner, v] of flatten(each as Record<string, unknown>, path)) out.set(inner, v);
    } else out.set(path, each);
  }
  return out;
}

/**
 * One audited value as text: amounts in USD and instants in the reader's zone, both written for
 * `locale` (`en-GB`, `zh-Hans-CN`: lib/format.ts picks the money locale from its language), null
 * as words.
 */
export function auditValue(
  path: string,
  value: unknown,
  texts: KeySettingsTexts,
  locale?: string,
): string {
  if (path === 'operations') return Array.isArray(value) ? value.join(', ') : texts.all;
  if (value === null || value === undefined) {
    return path === 'expiresAt' || path === 'revokedAt' ? texts.never : texts.none;
  }
  if (path.endsWith('Micros') && typeof value === 'number') return usdShort(value, locale);
  if (path === 'graceSeconds' && typeof value === 'number') {
    return texts.grace[String(value)] ?? texts.seconds.replace('{seconds}', String(value));
  }
  if ((path === 'expiresAt' || path === 'revokedAt') && typeof value === 'string') {
    return formatDateTime(value, { locale });
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface AuditChange {
  field: string;
  before: string | null;
  after: string;
}

/** An entry's fields, each as before → after (before null: nothing was there, as on a create). */
export function auditChanges(
  entry: KeyAuditEntryView,
  texts: KeySettingsTexts,
  locale?: string,
): AuditChange[] {
  const before = flatten(entry.before);
  const after = flatten(entry.after);
  // A changed object (limits) is recorded whole: leave out its parts that stayed the same.
  const paths = [...new Set([...after.keys(), ...before.keys()])].filter(
    (path) =>
      !before.has(path) ||
      JSON.stringify(before.get(path) ?? null) !== JSON.stringify(after.get(path) ?? null),
  );
  return paths.map((path) => ({
    field: texts.fields[path.replace(/\./g, '_')] ?? path,
    before:
      entry.before === null || !before.has(path)
        ? null
        : auditValue(path, before.get(path) ?? null, texts, locale),
    after: auditValue(path, after.get(path) ?? null, texts, locale),
  }));
}
