import { CircuitBreaker, CircuitBreakers } from './circuit-breaker';
import { backoffDelay, parseRetryAfter } from './backoff';

describe('CircuitBreaker', () => {
  let now = 0;
  const breaker = () =>
    new CircuitBreaker({ failureThreshold: 3, coolDownMs: 1_000, now: () => now });

  beforeEach(() => {
    now = 0;
  });

  it('opens after the threshold of consecutive failures and refuses calls', () => {
    const b = breaker();
    for (let i = 0; i < 3; i += 1) {
      expect(b.tryAcquire()).toBe(true);
      b.recordFailure();
    }
    expect(b.state).toBe('open');
    expect(b.tryAcquire()).toBe(false);
  });

  it('a success in between resets the count', () => {
    const b = breaker();
    b.recordFailure();
    b.recordFailure();
    b.recordSuccess();
    b.recordFailure();
    b.recordFailure();
    expect(b.state).toBe('closed');
  });

  it('lets exactly one trial call through after the cool-down, and closes on its success', () => {
    const b = breaker();
    for (let i = 0; i < 3; i += 1) b.recordFailure();
    now = 999;
    expect(b.tryAcquire()).toBe(false);
    now = 1_000;
    expect(b.tryAcquire()).toBe(true);
    expect(b.state).toBe('half_open');
    expect(b.tryAcquire()).toBe(false);
    b.recordSuccess();
    expect(b.state).toBe('closed');
    expect(b.tryAcquire()).toBe(true);
  });

  it('re-opens for another cool-down when the trial fails', () => {
    const b = breaker();
    for (let i = 0; i < 3; i += 1) b.recordFailure();
    now = 1_000;
    expect(b.tryAcquire()).toBe(true);
    b.recordFailure();
    expect(b.state).toBe('open');
    now = 1_500;
    expect(b.tryAcquire()).toBe(false);
    now = 2_000;
    expect(b.tryAcquire()).toBe(true);
  });

  it('keeps one breaker per family', () => {
    const breakers = new CircuitBreakers({
      failureThreshold: 1,
      coolDownMs: 1_000,
      now: () => now,
    });
    breakers.for('a').recordFailure();
    expect(breakers.stateOf('a')).toBe('open');
    expect(breakers.stateOf('b')).toBe('closed');
  });
});

describe('backoff', () => {
  it('stays within [0, min(max, base·2^attempt)]', () => {
    const options = { baseMs: 100, maxMs: 1_000 };
    expect(backoffDelay(0, options, () => 0.999)).toBeLessThan(100);
    expect(backoffDelay(3, options, () => 0.999)).toBeLessThan(800);
    expect(backoffDelay(10, options, () => 0.999)).toBeLessThanOrEqual(1_000);
    expect(backoffDelay(2, options, () => 0)).toBe(0);
  });

  it('honours Retry-After, capped at the maximum', () => {
    const options = { baseMs: 100, maxMs: 1_000 };
    expect(backoffDelay(0, options, () => 0, 500)).toBe(500);
    expect(backoffDelay(0, options, () => 0, 60_000)).toBe(1_000);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('2')).toBe(2_000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
