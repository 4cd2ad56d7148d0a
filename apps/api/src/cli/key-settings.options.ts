import { OPERATIONS, formatUsd, parseUsd, type ApiKeyView } from '@reelscout/domain';
import { Option } from 'nest-commander';
import type { KeySettingsInput } from '../api-keys/key-settings';
import { parseIsoInstant } from '../usage/dto/usage.dto';
import { OperatorCommand, UsageError } from './operator-command';

/**
 * A setting's flag given as `none` (or `all` for operations): the setting is cleared. A value of
 * its own, not null: commander takes a parser's null for "no value" and stores '' instead.
 */
export const CLEARED = 'none';
export type Cleared = typeof CLEARED;

/**
 * A limit flag: USD with up to six decimals (parseUsd), at least 0.000001; `none` clears it.
 */
export function parseUsdLimit(name: string, value: string): number | Cleared {
  if (value === 'none') return CLEARED;
  const micros = parseUsd(value);
  if (micros === null || micros < 1)
    throw new UsageError(
      `--${name} must be a positive amount such as 12.50 (at least 0.000001), or none`,
    );
  return micros;
}

/** `--operations`: a comma-separated list of operations; `all` (or `none`) clears it. */
export function parseOperations(value: string): string[] | Cleared {
  if (value === 'all' || value === 'none') return CLEARED;
  const names = value.split(',').map((o) => o.trim());
  const unknown = names.filter((o) => !(OPERATIONS as readonly string[]).includes(o));
  if (unknown.length || names.length === 0)
    throw new UsageError(
      `--operations must list operations among ${OPERATIONS.join(', ')} (comma-separated), or all; unknown: ${unknown.join(', ')}`,
    );
  return names;
}

/** `--expires-at`: an ISO 8601 instant; `none` clears it. */
export function parseExpiresAt(value: string): Date | Cleared {
  if (value === 'none') return CLEARED;
  const at = parseIsoInstant(value);
  if (!at)
    throw new UsageError(
      `--expires-at must be an ISO 8601 date-time such as 2026-12-31T00:00:00Z, or none`,
    );
  return at;
}

/** The key settings options keys:create and keys:update share, as their parsers return them. */
export interface KeySettingsOptions {
  limitTotalUsd?: number | Cleared;
  limitDailyUsd?: number | Cleared;
  limitMonthlyUsd?: number | Cleared;
  operations?: string[] | Cleared;
  expiresAt?: Date | Cleared;
  subjectLimitDailyUsd?: number | Cleared;
  subjectLimitMonthlyUsd?: number | Cleared;
}

/** A setting as the API takes it: absent stays undefined, cleared is null. */
const setting = <T>(value: T | Cleared | undefined): T | null | undefined =>
  value === CLEARED ? null : value;

/** The key settings the options give (only those present), checked as the API checks them. */
export function keySettingsFromOptions(options: KeySettingsOptions): KeySettingsInput {
  const settings: KeySettingsInput = {};
  const limits = {
    totalMicros: setting(options.limitTotalUsd),
    dailyMicros: setting(options.limitDailyUsd),
    monthlyMicros: setting(options.limitMonthlyUsd),
  };
  if (Object.values(limits).some((v) => v !== undefined)) settings.limits = limits;
  const subjectLimits = {
    dailyMicros: setting(options.subjectLimitDailyUsd),
    monthlyMicros: setting(options.subjectLimitMonthlyUsd),
  };
  if (Object.values(subjectLimits).some((v) => v !== undefined))
    settings.subjectLimits = subjectLimits;
  if (options.operations !== undefined) settings.operations = setting(options.operations);
  if (options.expiresAt !== undefined) settings.expiresAt = setting(options.expiresAt);
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
export abstract class KeySettingsCommand<
  Options extends KeySettingsOptions,
> extends OperatorCommand<Options> {
  @Option({
    flags: '--limit-total-usd <usd>',
    name: 'limitTotalUsd',
    description: 'spend limit of the key in all, e.g. 50.00',
  })
  limitTotal(value: string): number | Cleared {
    return this.parsed(() => parseUsdLimit('limit-total-usd', value));
  }

  @Option({
    flags: '--limit-daily-usd <usd>',
    name: 'limitDailyUsd',
    description: 'spend limit per UTC day, e.g. 5.00',
  })
  limitDaily(value: string): number | Cleared {
    return this.parsed(() => parseUsdLimit('limit-daily-usd', value));
  }

  @Option({
    flags: '--limit-monthly-usd <usd>',
    name: 'limitMonthlyUsd',
    description: 'spend limit per UTC month, e.g. 100.00',
  })
  limitMonthly(value: string): number | Cleared {
    return this.parsed(() => parseUsdLimit('limit-monthly-usd', value));
  }

  @Option({
    flags: '--operations <list>',
    name: 'operations',
    description: `the operations the key may call, e.g. assist,scan (of ${OPERATIONS.join(', ')}; "all": every one)`,
  })
  operations(value: string): string[] | Cleared {
    return this.parsed(() => parseOperations(value));
  }

  @Option({
    flags: '--expires-at <instant>',
    name: 'expiresAt',
    description: 'when the key stops working (ISO 8601, in the future), e.g. 2026-12-31T00:00Z',
  })
  expiresAt(value: string): Date | Cleared {
    return this.parsed(() => parseExpiresAt(value));
  }

  @Option({
    flags: '--subject-limit-daily-usd <usd>',
    name: 'subjectLimitDailyUsd',
    description: 'per end customer (x-subject) limit per UTC day, e.g. 1.00',
  })
  subjectLimitDaily(value: string): number | Cleared {
    return this.parsed(() => parseUsdLimit('subject-limit-daily-usd', value));
  }

  @Option({
    flags: '--subject-limit-monthly-usd <usd>',
    name: 'subjectLimitMonthlyUsd',
    description: 'per end customer limit per UTC month, e.g. 10',
  })
  subjectLimitMonthly(value: string): number | Cleared {
    return this.parsed(() => parseUsdLimit('subject-limit-monthly-usd', value));
  }
}
