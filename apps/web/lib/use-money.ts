import type { Micros } from '@reelscout/domain/money';
import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { usd, usdDecimal, usdShort } from './format';

export interface MoneyFormat {
  /** All six decimals: `$0.010000` (en), `US$0.010000` (zh-Hans). */
  usd: (micros: Micros) => string;
  /** Trailing zeros dropped, two decimals at least: `$12.50`, `US$0.0075`. */
  usdShort: (micros: Micros) => string;
  /** A decimal string of USD (a preset, a limit from the API), exact: `"25"` → `$25`. */
  usdDecimal: (decimal: string) => string;
}

/** Money in the page's language (lib/format.ts), exact from integer micro-USD. */
export function useMoney(): MoneyFormat {
  const locale = useLocale();
  return useMemo(
    () => ({
      usd: (micros: Micros) => usd(micros, locale),
      usdShort: (micros: Micros) => usdShort(micros, locale),
      usdDecimal: (decimal: string) => usdDecimal(decimal, locale),
    }),
    [locale],
  );
}
