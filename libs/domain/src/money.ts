/**
 * Money is integer micro-USD (1 USD = 1 000 000 micro-USD) end to end.
 * These helpers never go through floating point.
 */
export type Micros = number;

export const MICROS_PER_USD = 1_000_000;

/** Largest amount we accept anywhere: 1 billion USD, far inside Number.MAX_SAFE_INTEGER. */
export const MAX_MICROS = 1_000_000_000 * MICROS_PER_USD;

export function assertMicros(value: number, what = 'amount'): asserts value is Micros {
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_MICROS) {
    throw new RangeError(`${what} must be a whole number of micro-USD between 0 and ${MAX_MICROS}`);
  }
}

/** `37500` → `"0.037500"`; always six decimals, computed with integer arithmetic. */
export function formatUsd(micros: Micros | bigint): string {
  const value = BigInt(micros);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 1_000_000n;
  const fraction = (abs % 1_000_000n).toString().padStart(6, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

/**
 * `"12.50"` → `12500000`. Accepts up to six decimals, no sign, no exponent.
 * Returns null for anything else so callers can report their own error.
 */
export function parseUsd(text: string): Micros | null {
  const match = /^(\d{1,10})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  const micros = Number(match[1]) * MICROS_PER_USD + Number((match[2] ?? '').padEnd(6, '0'));
  return Number.isSafeInteger(micros) && micros <= MAX_MICROS ? micros : null;
}
