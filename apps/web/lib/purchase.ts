import { formatUsd, parseUsd } from '@reelscout/domain/money';

/**
 * `"25"` → `"25.00"` within the bounds, whole cents; otherwise `error: 'range'` (the form says
 * which amounts it takes).
 */
export function checkPurchase(
  text: string,
  limits: { min: string; max: string },
): { amountUsd: string } | { error: 'range' } {
  const micros = parseUsd(text.replace(/^\$/, ''));
  const min = parseUsd(limits.min) ?? 0;
  const max = parseUsd(limits.max) ?? 0;
  if (micros === null || micros % 10_000 !== 0 || micros < min || micros > max) {
    return { error: 'range' };
  }
  return { amountUsd: formatUsd(micros).slice(0, -4) };
}
