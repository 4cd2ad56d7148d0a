import type { Micros } from '@reelscout/domain/money';
import { usd } from '../../lib/format';

/** An amount of micro-USD, shown with all six decimals (formatted from integers, no floats). */
export function Money({ micros, className }: { micros: Micros; className?: string }) {
  return <span className={className ? `money ${className}` : 'money'}>{usd(micros)}</span>;
}
