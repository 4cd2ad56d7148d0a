import { MODES, isMode, parseUsd, type Mode } from '@reelscout/domain';
import { UsageError } from './operator-command';

/** `--mode`: one of the modes. */
export function parseMode(value: string): Mode {
  if (!isMode(value)) throw new UsageError(`--mode must be one of ${MODES.join(', ')}`);
  return value;
}

/** `--usd` of a credit: a positive amount in USD (parseUsd), as micro-USD. */
export function parsePositiveUsd(value: string): number {
  const micros = parseUsd(value);
  if (micros === null || micros <= 0)
    throw new UsageError('--usd must be a positive amount such as 12.50');
  return micros;
}
