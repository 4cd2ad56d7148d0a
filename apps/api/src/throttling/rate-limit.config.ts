import { OPERATIONS } from '@reelscout/domain';

export interface OperationLimits {
  perKey: number;
  perSubject: number;
  inFlight: number;
}

export interface RateLimitConfig {
  defaults: OperationLimits;
  overrides: Partial<Record<string, Partial<OperationLimits>>>;
}

/** Parses RATE_LIMIT_OVERRIDES; a bad value is a start-up error, not a silent default. */
export function parseOverrides(raw: string | undefined): RateLimitConfig['overrides'] {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('RATE_LIMIT_OVERRIDES must be JSON, e.g. {"scan":{"perKey":60}}');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('RATE_LIMIT_OVERRIDES must be a JSON object keyed by operation');
  }
  const out: RateLimitConfig['overrides'] = {};
  for (const [operation, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (!(OPERATIONS as readonly string[]).includes(operation)) {
      throw new Error(`RATE_LIMIT_OVERRIDES: unknown operation "${operation}"`);
    }
    const limits: Partial<OperationLimits> = {};
    for (const [name, n] of Object.entries((value ?? {}) as Record<string, unknown>)) {
      if (
        !['perKey', 'perSubject', 'inFlight'].includes(name) ||
        !Number.isInteger(n) ||
        (n as number) < 1
      ) {
        throw new Error(`RATE_LIMIT_OVERRIDES.${operation}.${name} must be a positive integer`);
      }
      limits[name as keyof OperationLimits] = n as number;
    }
    out[operation] = limits;
  }
  return out;
}

/** The counters one /v1 call touches. */
export interface CallCounters {
  perKey: { key: string; limit: number };
  perSubject: { key: string; limit: number } | null;
  inFlight: { key: string; cap: number } | null;
}

/**
 * Which counters a call to `operation` counts against, and their ceilings.
 *
 * A default ceiling is one counter shared by every operation of the key (or of the key and
 * subject) without an override. An override *replaces* the default for its operation: that
 * operation gets a counter of its own with the override's ceiling, and its calls do not count
 * against the shared one. So an override can loosen a ceiling (`{"assist":{"perKey":600}}` lets
 * a key make 600 assist calls a minute even though the default is 120) as well as tighten it
 * (`{"scan":{"perKey":10}}`), the way @nestjs/throttler's per-route limits work. The in-flight
 * cap applies to a slow operation (its contract says so: `slow`), and to any operation given an
 * `inFlight` override.
 */
export function countersFor(
  config: RateLimitConfig,
  call: { operation: string; slow: boolean },
  caller: { keyId: string; subject: string | null },
): CallCounters {
  const { operation } = call;
  const override = config.overrides[operation] ?? {};
  // Resource routes (jobs, webhook endpoints) count apart from the operations: polling a job
  // must not eat the budget of the calls that start them.
  const apart = !(OPERATIONS as readonly string[]).includes(operation);
  const own = (base: string, name: keyof OperationLimits) =>
    override[name] !== undefined || apart
      ? { key: `${base}:${operation}`, limit: override[name] ?? config.defaults[name] }
      : { key: base, limit: config.defaults[name] };
  const perKey = own(`key:${caller.keyId}`, 'perKey');
  const perSubject = caller.subject
    ? own(`subject:${caller.keyId}:${caller.subject}`, 'perSubject')
    : null;
  let inFlight: CallCounters['inFlight'] = null;
  if (call.slow || override.inFlight !== undefined) {
    const { key, limit } = own(caller.keyId, 'inFlight');
    inFlight = { key, cap: limit };
  }
  return { perKey, perSubject, inFlight };
}
