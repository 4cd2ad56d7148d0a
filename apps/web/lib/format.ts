import { formatUsd, type Micros } from '@reelscout/domain/money';

/** `-12500` → `-$0.012500`: six decimals from integers, as the API's billing headers. */
export function usd(micros: Micros): string {
  const text = formatUsd(micros);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Chart ticks: `12500000` → `$12.50`, `7500` → `$0.0075` (trailing zeros dropped, ≥ 2 decimals). */
export function usdShort(micros: Micros): string {
  const full = usd(Math.round(micros));
  return full.replace(/(\.\d\d\d*?)0+$/, '$1');
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'shortOffset',
};

const DATE_TIME_SECONDS: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'shortOffset',
};

export interface DateTimeOptions {
  withSeconds?: boolean;
  /** BCP 47 locale of the text (default en-GB: `21 Nov 2025, 16:42 GMT+1`). */
  locale?: string;
  /** IANA zone (default: the reader's own). */
  timeZone?: string;
}

/**
 * In the reader's time zone, with its offset, so a time is never ambiguous:
 * `21 Nov 2025, 16:42 GMT+1` (seconds: `21 Nov, 16:42:10 GMT+1`).
 */
export function formatDateTime(iso: string, options: boolean | DateTimeOptions = false): string {
  const {
    withSeconds = false,
    locale = 'en-GB',
    timeZone,
  } = typeof options === 'boolean' ? { withSeconds: options } : options;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    ...(withSeconds ? DATE_TIME_SECONDS : DATE_TIME),
    timeZone,
  }).format(date);
}

/** The same instant in UTC, as the CSV exports write it: `2025-11-21 15:42:10 UTC`. */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
