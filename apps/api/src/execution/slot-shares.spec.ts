import { SlotShares } from './slot-shares';

describe('SlotShares', () => {
  it('four slots at half: an account holds two live slots, or one of the two test slots', () => {
    const shares = new SlotShares(4, 0.5, 0.5);
    expect(shares.testSlots).toBe(2);
    expect(shares.capOf('live')).toBe(2);
    expect(shares.capOf('test')).toBe(1);
  });

  it('an account at its share is excluded, in the modes whose cap it reached', () => {
    const shares = new SlotShares(4, 0.5, 0.5);
    shares.take('a', 'test');
    expect(shares.exclusions()).toEqual({ fullLive: [], fullTest: ['a'], testAllowed: true });
    shares.take('a', 'live');
    expect(shares.exclusions()).toEqual({ fullLive: ['a'], fullTest: ['a'], testAllowed: true });
    shares.give('a', 'live');
    shares.give('a', 'test');
    expect(shares.exclusions()).toEqual({ fullLive: [], fullTest: [], testAllowed: true });
  });

  it('test work as a whole stops at its share, whoever holds it', () => {
    const shares = new SlotShares(4, 0.5, 0.5);
    shares.take('a', 'test');
    shares.take('b', 'test');
    expect(shares.exclusions().testAllowed).toBe(false);
    shares.give('b', 'test');
    expect(shares.exclusions().testAllowed).toBe(true);
  });

  it('rounds down to at least one slot', () => {
    const shares = new SlotShares(1, 0.5, 0.5);
    expect(shares.testSlots).toBe(1);
    expect(shares.capOf('live')).toBe(1);
    expect(shares.capOf('test')).toBe(1);
  });
});
