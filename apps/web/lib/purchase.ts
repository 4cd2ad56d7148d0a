import { formatUsd, parseUsd } from '@reelscout/domain/money';

/** `"25"` → `"25.00"` within the bounds, whole cents; an error message otherwise. */
export function checkPurchase(
  text: string,
  limits: { min: string; max: string },
): { amountUsd: string } | { error: string } {
  const micros = parseUsd(text.replace(/^\$/, ''));
  const min = parseUsd(limits.min) ?? 0;
  const max = parseUsd(limits.max) ?? 0;
  const range = `Enter an amount from $${limits.min} to $${limits.max}, in whole cents.`;
  if (micros === null || micros % 10_000 !== 0 || micros < min || micros > max) {
    return { error: range };
  }
  return { amountUsd: formatUsd(micros).slice(0, -4) };
}
