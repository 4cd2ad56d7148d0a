import { formatUsd, type Micros } from '@reelscout/domain/money';

/**
 * The locale Intl writes US dollars with: `$` for English (en-US; en-GB would say `US$`), `US$`
 * for simplified Chinese. Takes a dashboard locale (`en`, `zh-Hans`) or a formatting one
 * (`en-GB`, `zh-Hans-CN`).
 */
export function moneyLocale(locale: string): string {
  return locale.toLowerCase().split('-')[0] === 'zh' ? 'zh-Hans-CN' : 'en-US';
}

const CURRENCY_FORMATS = new Map<string, Intl.NumberFormat>();

/**
 * A decimal amount of USD as text (`"1.50"`, `"25"`, `"-0.0075"`; exact, never a float) written
 * as the locale writes money, with exactly the decimals given: `$1.50`, `US$25`. Anything else
 * is returned as it is.
 */
export function usdDecimal(decimal: string, locale = 'en'): string {
  if (!/^-?\d+(\.\d+)?$/.test(decimal)) return decimal;
  const point = decimal.indexOf('.');
  const digits = point < 0 ? 0 : decimal.length - point - 1;
  const cacheKey = `${moneyLocale(locale)}|${digits}`;
  let format = CURRENCY_FORMATS.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(moneyLocale(locale), {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    CURRENCY_FORMATS.set(cacheKey, format);
  }
  // A numeric string is formatted as the exact decimal it writes (Intl.NumberFormat v3), so
  // amounts beyond 2^53 micro-USD or with six decimals never pass through a float.
  return format.format(decimal as Intl.StringNumericLiteral);
}

/**
 * All six decimals, grouped and signed as the locale writes money: `-12500` → `-$0.012500` (en),
 * `1234500000` → `US$1,234.500000` (zh-Hans). Exact: formatted from the integer's decimal text.
 */
export function usd(micros: Micros, locale = 'en'): string {
  return usdDecimal(formatUsd(micros), locale);
}

/**
 * Chart ticks and limits: `12500000` → `$12.50`, `7500` → `$0.0075` (trailing zeros dropped,
 * ≥ 2 decimals; a fractional micro-USD from a chart scale is rounded first).
 */
export function usdShort(micros: Micros, locale = 'en'): string {
  const decimal = formatUsd(Math.round(micros)).replace(/(\.\d\d\d*?)0+$/, '$1');
  return usdDecimal(decimal, locale);
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
