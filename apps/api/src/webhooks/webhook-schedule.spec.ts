import { afterFailure, parseRetryDelays } from './webhook-schedule';

describe('webhook retry schedule', () => {
  const delays = parseRetryDelays('5,300,1800,7200,18000,36000,36000');

  it('reads the setting, about 27.6 hours in all (more than the 24 h the issue asks)', () => {
    expect(delays).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(delays.reduce((sum, s) => sum + s, 0) / 3600).toBeGreaterThan(24);
  });

  it('retries after the n-th delay when the n-th attempt fails, within ± 10 %', () => {
    expect(afterFailure(1, delays, false, () => 0.5)).toEqual({ kind: 'retry', delayMs: 5_000 });
    expect(afterFailure(2, delays, false, () => 0)).toEqual({ kind: 'retry', delayMs: 270_000 });
    const high = afterFailure(3, delays, false, () => 0.999999);
    expect(high.kind === 'retry' && high.delayMs).toBeLessThanOrEqual(1_980_000);
    expect(high.kind === 'retry' && high.delayMs).toBeGreaterThan(1_970_000);
  });

  it('fails the delivery after the attempt that follows the last delay', () => {
    expect(afterFailure(7, delays, false).kind).toBe('retry');
    expect(afterFailure(8, delays, false)).toEqual({ kind: 'failed' });
  });

  it('a manual redelivery is one attempt', () => {
    expect(afterFailure(1, delays, true)).toEqual({ kind: 'failed' });
  });

  it('accepts fractions (test rigs)', () => {
    expect(parseRetryDelays('0.2,0.2')).toEqual([0.2, 0.2]);
  });
});
