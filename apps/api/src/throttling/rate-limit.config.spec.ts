import { countersFor, parseOverrides, type RateLimitConfig } from './rate-limit.config';

const config = (overrides: string): RateLimitConfig => ({
  defaults: { perKey: 120, perSubject: 30, inFlight: 8 },
  overrides: parseOverrides(overrides),
});

describe('countersFor (per-operation overrides)', () => {
  const alice = { keyId: 'k1', subject: 'alice' };

  it('without an override, every operation shares the key’s default counters', () => {
    const c = config('');
    expect(countersFor(c, 'assist', alice)).toEqual({
      perKey: { key: 'key:k1', limit: 120 },
      perSubject: { key: 'subject:k1:alice', limit: 30 },
      inFlight: null,
    });
    expect(countersFor(c, 'scan', { keyId: 'k1', subject: null })).toEqual({
      perKey: { key: 'key:k1', limit: 120 },
      perSubject: null,
      inFlight: { key: 'k1', cap: 8 },
    });
  });

  it('an override replaces the default for its operation, looser or tighter', () => {
    const c = config('{"assist":{"perKey":600},"scan":{"perKey":10,"perSubject":50,"inFlight":2}}');
    // Looser than the default: a counter of its own with the higher ceiling.
    expect(countersFor(c, 'assist', alice)).toEqual({
      perKey: { key: 'key:k1:assist', limit: 600 },
      perSubject: { key: 'subject:k1:alice', limit: 30 },
      inFlight: null,
    });
    expect(countersFor(c, 'scan', alice)).toEqual({
      perKey: { key: 'key:k1:scan', limit: 10 },
      perSubject: { key: 'subject:k1:alice:scan', limit: 50 },
      inFlight: { key: 'k1:scan', cap: 2 },
    });
    // Operations without an override keep sharing the defaults.
    expect(countersFor(c, 'music', alice).perKey).toEqual({ key: 'key:k1', limit: 120 });
    expect(countersFor(c, 'music', alice).inFlight).toEqual({ key: 'k1', cap: 8 });
  });

  it('an inFlight override caps an operation that is not slow by default', () => {
    expect(countersFor(config('{"assist":{"inFlight":3}}'), 'assist', alice).inFlight).toEqual({
      key: 'k1:assist',
      cap: 3,
    });
  });
});
