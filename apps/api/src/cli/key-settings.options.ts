import { OPERATIONS, formatUsd, parseUsd, type ApiKeyView } from '@reelscout/domain';
import { Option } from 'nest-commander';
import type { KeySettingsInput } from '../api-keys/key-settings';
import { parseIsoInstant } from '../usage/dto/usage.dto';
import { OperatorCommand, UsageError, str, type Flags } from './operator-command';

/**
 * A limit flag: USD with up to six decimals (parseUsd), at least 0.000001; `none` clears it
 * (null); absent: undefined.
 */
function usdLimit(flags: Flags, name: string): number | null | undefined {
  const value = str(flags[name]);
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  const micros = parseUsd(value);
  if (micros === null || micros < 1)
    throw new UsageError(
      `--${name} must be a positive amount such as 12.50 (at least 0.000001), or none`,
    );
  return micros;
}

/** The key settings the flags give (only those present), checked as the API checks them. */
export function keySettingsFromFlags(flags: Flags): KeySettingsInput {
  const settings: KeySettingsInput = {};
  const limits = {
    totalMicros: usdLimit(flags, 'limit-total-usd'),
    dailyMicros: usdLimit(flags, 'limit-daily-usd'),
    monthlyMicros: usdLimit(flags, 'limit-monthly-usd'),
  };
  if (Object.values(limits).some((v) => v !== undefined)) settings.limits = limits;
  const subjectLimits = {
    dailyMicros: usdLimit(flags, 'subject-limit-daily-usd'),
    monthlyMicros: usdLimit(flags, 'subject-limit-monthly-usd'),
  };
  if (Object.values(subjectLimits).some((v) => v !== undefined))
    settings.subjectLimits = subjectLimits;
  const operations = str(flags.operations);
  if (operations !== undefined) {
    if (operations === 'all' || operations === 'none') settings.operations = null;
    else {
      const names = operations.split(',').map((o) => o.trim());
      const unknown = names.filter((o) => !(OPERATIONS as readonly string[]).includes(o));
      if (unknown.length || names.length === 0)
        throw new UsageError(
          `--operations must list operations among ${OPERATIONS.join(', ')} (comma-separated), or all; unknown: ${unknown.join(', ')}`,
        );
      settings.operations = names;
    }
  }
  const expiresAt = str(flags['expires-at']);
  if (expiresAt !== undefined) {
    if (expiresAt === 'none') settings.expiresAt = null;
    else {
      const at = parseIsoInstant(expiresAt);
      if (!at)
        throw new UsageError(
          `--expires-at must be an ISO 8601 date-time such as 2026-12-31T00:00:00Z, or none`,
        );
      settings.expiresAt = at;
    }
  }
  return settings;
}

/** One line describing a key's settings. */
export function describeKey(key: ApiKeyView): string {
  const usd = (m: number | null) => (m === null ? 'none' : `${formatUsd(m)} USD`);
  return [
    `limits: total ${usd(key.limits.totalMicros)}, daily ${usd(key.limits.dailyMicros)}, monthly ${usd(key.limits.monthlyMicros)}`,
    `operations: ${key.operations ? key.operations.join(',') : 'all'}`,
    `expires: ${key.expiresAt ?? 'never'}`,
    `subject limits: daily ${usd(key.subjectLimits.dailyMicros)}, monthly ${usd(key.subjectLimits.monthlyMicros)}`,
  ].join('; ');
}

/** A key name as the API takes it. */
export function keyName(name: string): string {
  if (name.length < 1 || name.length > 64) throw new UsageError('--name must be 1–64 characters');
  return name;
}

/** The key settings flags keys:create and keys:update share ("none" clears one on update). */
export abstract class KeySettingsCommand extends OperatorCommand {
  @Option({
    flags: '--limit-total-usd <usd>',
    name: 'limit-total-usd',
    description: 'spend limit of the key in all, e.g. 50.00',
  })
  limitTotal(value: string): string {
    return value;
  }

  @Option({
    flags: '--limit-daily-usd <usd>',
    name: 'limit-daily-usd',
    description: 'spend limit per UTC day, e.g. 5.00',
  })
  limitDaily(value: string): string {
    return value;
  }

  @Option({
    flags: '--limit-monthly-usd <usd>',
    name: 'limit-monthly-usd',
    description: 'spend limit per UTC month, e.g. 100.00',
  })
  limitMonthly(value: string): string {
    return value;
  }

  @Option({
    flags: '--operations <list>',
    name: 'operations',
    description: `the operations the key may call, e.g. assist,scan (of ${OPERATIONS.join(', ')}; "all": every one)`,
  })
  operations(value: string): string {
    return value;
  }

  @Option({
    flags: '--expires-at <instant>',
    name: 'expires-at',
    description: 'when the key stops working (ISO 8601, in the future), e.g. 2026-12-31T00:00Z',
  })
  expiresAt(value: string): string {
    return value;
  }

  @Option({
    flags: '--subject-limit-daily-usd <usd>',
    name: 'subject-limit-daily-usd',
    description: 'per end customer (x-subject) limit per UTC day, e.g. 1.00',
  })
  subjectLimitDaily(value: string): string {
    return value;
  }

  @Option({
    flags: '--subject-limit-monthly-usd <usd>',
    name: 'subject-limit-monthly-usd',
    description: 'per end customer limit per UTC month, e.g. 10',
  })
  subjectLimitMonthly(value: string): string {
    return value;
  }
}
