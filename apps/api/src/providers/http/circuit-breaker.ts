export interface CircuitBreakerOptions {
  /** Consecutive outages that open the circuit. */
  failureThreshold: number;
  /** How long the circuit stays open before one trial call is let through. */
  coolDownMs: number;
  /** Clock (injectable for tests). */
  now?: () => number;
}

export type CircuitState = 'closed' | 'open' | 'half_open';

/**
 * A classic three-state breaker for one endpoint. Closed: calls pass, consecutive outages are
 * counted. Open: calls are refused until the cool-down has passed. Half-open: exactly one trial
 * call passes; its success closes the circuit, its failure opens it again for another cool-down.
 */
export class CircuitBreaker {
  private stateValue: CircuitState = 'closed';
  private failures = 0;
  private openedAt = 0;
  private trialInFlight = false;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  get state(): CircuitState {
    return this.stateValue;
  }

  /** True when a call may go out now. A `true` in half-open reserves the single trial. */
  tryAcquire(): boolean {
    if (this.stateValue === 'closed') return true;
    if (this.stateValue === 'open') {
      if (this.now() - this.openedAt < this.options.coolDownMs) return false;
      this.stateValue = 'half_open';
      this.trialInFlight = false;
    }
    if (this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  /** The provider answered (any answer that is not an outage, including a 404). */
  recordSuccess(): void {
    this.failures = 0;
    this.trialInFlight = false;
    this.stateValue = 'closed';
  }

  /** The provider was unhealthy: 429, 5xx, network error, timeout, garbage. */
  recordFailure(): void {
    this.trialInFlight = false;
    if (this.stateValue === 'half_open') {
      this.open();
      return;
    }
    this.failures += 1;
    if (this.failures >= this.options.failureThreshold) this.open();
  }

  /** The call ended without telling anything about the provider (the caller gave up). */
  release(): void {
    this.trialInFlight = false;
  }

  private open(): void {
    this.stateValue = 'open';
    this.openedAt = this.now();
    this.failures = 0;
  }
}

/** One breaker per endpoint family, created on first use. */
export class CircuitBreakers {
  private readonly breakers = new Map<string, CircuitBreaker>();

  constructor(private readonly options: CircuitBreakerOptions) {}

  for(family: string): CircuitBreaker {
    let breaker = this.breakers.get(family);
    if (!breaker) {
      breaker = new CircuitBreaker(this.options);
      this.breakers.set(family, breaker);
    }
    return breaker;
  }

  stateOf(family: string): CircuitState {
    return this.breakers.get(family)?.state ?? 'closed';
  }
}
