import type { Micros } from '@reelscout/domain/money';
import { useMoney } from '../../lib/use-money';

type MoneyProps = { className?: string } & (
  { micros: Micros; amountUsd?: never } | { amountUsd: string; micros?: never }
);

/**
 * An amount in the page's language, never through a float: integer micro-USD with all six
 * decimals (`$0.010000`, `US$0.010000`), or a decimal string from the API as it is written
 * (`amountUsd="0.010000"`).
 */
export function Money({ micros, amountUsd, className }: MoneyProps) {
  const { usd, usdDecimal } = useMoney();
  return (
    <span className={className ? `money ${className}` : 'money'}>
      {micros === undefined ? usdDecimal(amountUsd) : usd(micros)}
    </span>
  );
}
