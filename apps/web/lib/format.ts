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

const dateTime = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const dateTimeSeconds = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** In the reader's time zone: `21 Nov 2025, 16:42`. */
export function formatDateTime(iso: string, withSeconds = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (withSeconds ? dateTimeSeconds : dateTime).format(date);
}

/** `340` → `340 ms`, `12400` → `12.4 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}
