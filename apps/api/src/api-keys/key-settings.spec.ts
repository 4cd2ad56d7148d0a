import { DomainError } from '@reelscout/domain';
import { parseIsoInstant } from '../usage/dto/usage.dto';
import { diffSettings, toSettingsRow, toSettingsView } from './key-settings';

const now = new Date('2030-06-01T00:00:00.000Z');
const row = (input: Parameters<typeof toSettingsRow>[0]) =>
  toSettingsRow(input, now, parseIsoInstant);

function paramOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).param;
  }
  return undefined;
}

describe('key settings', () => {
  it('turns the fields given into columns; absent stays absent, null clears', () => {
    expect(row({})).toEqual({});
    expect(
      row({
        name: ' prod ',
        limits: { dailyMicros: 5, totalMicros: null },
        operations: ['scan', 'assist', 'scan'],
        expiresAt: '2030-06-01T00:00:00.001Z',
        subjectLimits: { monthlyMicros: 1 },
      }),
    ).toEqual({
      name: 'prod',
      limitDailyMicros: 5,
      limitTotalMicros: null,
      operations: ['assist', 'scan'],
      expiresAt: new Date('2030-06-01T00:00:00.001Z'),
      subjectLimitMonthlyMicros: 1,
    });
    expect(row({ limits: null, operations: null, expiresAt: null })).toEqual({
      limitTotalMicros: null,
      limitDailyMicros: null,
      limitMonthlyMicros: null,
      operations: null,
      expiresAt: null,
    });
  });

  it.each([
    [{ limits: { dailyMicros: -1 } }, 'limits.dailyMicros'],
    [{ limits: { totalMicros: 0 } }, 'limits.totalMicros'],
    [{ limits: { monthlyMicros: 2.5 } }, 'limits.monthlyMicros'],
    [{ limits: { monthlyMicros: 2e18 } }, 'limits.monthlyMicros'],
    [{ subjectLimits: { dailyMicros: 0 } }, 'subjectLimits.dailyMicros'],
    [{ operations: [] }, 'operations'],
    [{ operations: ['scan', 'fly'] }, 'operations'],
    [{ expiresAt: '2030-06-01T00:00:00.000Z' }, 'expiresAt'],
    [{ expiresAt: 'next week' }, 'expiresAt'],
    [{ name: '' }, 'name'],
  ])('%j is refused with param %s', (input, param) => {
    expect(paramOf(() => row(input as Parameters<typeof toSettingsRow>[0]))).toBe(param);
  });

  it('diffs only the fields that changed', () => {
    const before = toSettingsView({
      name: 'a',
      limitTotalMicros: null,
      limitDailyMicros: 5,
      limitMonthlyMicros: null,
      operations: null,
      expiresAt: null,
      subjectLimitDailyMicros: null,
      subjectLimitMonthlyMicros: null,
    });
    expect(diffSettings(before, before)).toBeNull();
    expect(diffSettings(before, { ...before, operations: ['scan'] })).toEqual({
      before: { operations: null },
      after: { operations: ['scan'] },
    });
  });
});
