import { countersFor, parseOverrides, type RateLimitConfig } from './rate-limit.config';

const config = (overrides: string): RateLimitConfig => ({
  defaults: { perKey: 120, perSubject: 30, inFlight: 8 },
  overrides: parseOverrides(overrides),
});

describe('countersFor (per-operation overrides)', () => {
  const alice = { keyId: 'k1', subject: 'alice' };

  it('without an override, every operation shares the key’s default counters', () => {
    const c = config('');
    expect(countersFor(c, { operation: 'assist', slow: false }, alice)).toEqual({
      perKey: { key: 'key:k1', limit: 120 },
      perSubject: { key: 'subject:k1:alice', limit: 30 },
      inFlight: null,
    });
    expect(
      countersFor(c, { operation: 'scan', slow: true }, { keyId: 'k1', subject: null }),
    ).toEqual({
      perKey: { key: 'key:k1', limit: 120 },
      perSubject: null,
      inFlight: { key: 'k1', cap: 8 },
    });
  });

  it('an override replaces the default for its operation, looser or tighter', () => {
    const c = config('{"assist":{"perKey":600},"scan":{"perKey":10,"perSubject":50,"inFlight":2}}');
    // Looser than the default: a counter of its own with the higher ceiling.
    expect(countersFor(c, { operation: 'assist', slow: false }, alice)).toEqual({
      perKey: { key: 'key:k1:assist', limit: 600 },
      perSubject: { key: 'subject:k1:alice', limit: 30 },
      inFlight: null,
    });
    expect(countersFor(c, { operation: 'scan', slow: true }, alice)).toEqual({
      perKey: { key: 'key:k1:scan', limit: 10 },
      perSubject: { key: 'subject:k1:alice:scan', limit: 50 },
      inFlight: { key: 'k1:scan', cap: 2 },
    });
    // Operations without an override keep sharing the defaults.
    expect(countersFor(c, { operation: 'music', slow: true }, alice).perKey).toEqual({
      key: 'key:k1',
      limit: 120,
    });
    expect(countersFor(c, { operation: 'music', slow: true }, alice).inFlight).toEqual({
      key: 'k1',
      cap: 8,
    });
  });

  it('an inFlight override caps an operation that is not slow by default', () => {
    expect(
      countersFor(config('{"assist":{"inFlight":3}}'), { operation: 'assist', slow: false }, alice)
        .inFlight,
    ).toEqual({
      key: 'k1:assist',
      cap: 3,
    });
  });
});
