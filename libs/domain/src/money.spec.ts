import fc from 'fast-check';
import { formatUsd, parseUsd, MICROS_PER_USD } from './money';
import { maxCharge, scanCharge, PRICES } from './prices';

describe('formatUsd', () => {
  it.each([
    [0, '0.000000'],
    [1, '0.000001'],
    [37_500, '0.037500'],
    [52_500, '0.052500'],
    [150_000, '0.150000'],
    [12_500_000, '12.500000'],
    [-10_000, '-0.010000'],
  ])('formats %d micro-USD as %s', (micros, text) => {
    expect(formatUsd(micros)).toBe(text);
  });

  it('round-trips with parseUsd for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 * MICROS_PER_USD }), (micros) => {
        expect(parseUsd(formatUsd(micros))).toBe(micros);
      }),
    );
  });
});

describe('parseUsd', () => {
  it.each(['', 'abc', '-1', '1e3', '1.1234567', '.5', '1,50', ' 1 2'])('refuses %p', (text) => {
    expect(parseUsd(text)).toBeNull();
  });
  it('accepts short decimals', () => {
    expect(parseUsd('12.5')).toBe(12_500_000);
    expect(parseUsd('0.01')).toBe(10_000);
  });
});

describe('prices', () => {
  it('holds the most a scan can cost for its limit', () => {
    expect(maxCharge('scan', { limit: 5 })).toBe(37_500);
    expect(maxCharge('scan')).toBe(150_000);
  });
  it('charges scans pro rata per reel delivered', () => {
    expect(scanCharge(7)).toBe(52_500);
    expect(scanCharge(0)).toBe(0);
    expect(scanCharge(20)).toBe(150_000);
  });
  it('has fixed prices for the other operations', () => {
    expect(maxCharge('assist')).toBe(PRICES.assist);
    expect(maxCharge('playbook')).toBe(200_000);
    expect(maxCharge('music')).toBe(250_000);
  });
});
