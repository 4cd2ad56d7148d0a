/**
 * The small schema the sandbox's data files (fixtures/*.json) are checked against when they are
 * loaded. A check takes the parsed JSON and the path of the value in the file (`$[3].hooks.zh`)
 * and returns the value typed, or throws a `FixtureFieldError` naming that path.
 */

export type Check<T> = (value: unknown, path: string) => T;

/** A value of a data file that does not have the expected shape. */
export class FixtureFieldError extends Error {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`${path} ${problem}`);
    this.name = 'FixtureFieldError';
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  }
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

function expected(path: string, what: string, value: unknown): FixtureFieldError {
  return new FixtureFieldError(path, `must be ${what} (found ${describe(value)})`);
}

/** A non-empty string (not only spaces), optionally matching a pattern. */
export function text(pattern?: RegExp): Check<string> {
  return (value, path) => {
    if (typeof value !== 'string' || value.trim() === '') {
      throw expected(path, 'a non-empty string', value);
    }
    if (pattern && !pattern.test(value)) {
      throw expected(path, `a string matching ${pattern}`, value);
    }
    return value;
  };
}

/** An integer in [min, max]. */
export function integer(min: number, max = Number.MAX_SAFE_INTEGER): Check<number> {
  return (value, path) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      throw expected(path, `an integer from ${min} to ${max}`, value);
    }
    return value;
  };
}

/** One of the listed strings. */
export function oneOf<const T extends string>(values: readonly T[]): Check<T> {
  return (value, path) => {
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
      throw expected(path, `one of ${values.map((v) => `"${v}"`).join(', ')}`, value);
    }
    return value as T;
  };
}

/** An array of at least `min` items. */
export function array<T>(item: Check<T>, min = 0): Check<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) throw expected(path, 'an array', value);
    if (value.length < min) {
      throw new FixtureFieldError(
        path,
        `must have at least ${min} item${min === 1 ? '' : 's'} (found ${value.length})`,
      );
    }
    return value.map((entry, index) => item(entry, `${path}[${index}]`));
  };
}

/** A pair, written as a two-item array. */
export function pair<A, B>(first: Check<A>, second: Check<B>): Check<[A, B]> {
  return (value, path) => {
    if (!Array.isArray(value) || value.length !== 2) {
      throw expected(path, 'an array of exactly 2 items', value);
    }
    return [first(value[0], `${path}[0]`), second(value[1], `${path}[1]`)];
  };
}

type Shape = Record<string, Check<unknown>>;
type Checked<S extends Shape> = { [K in keyof S]: ReturnType<S[K]> };

function plainObject(value: unknown, path: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw expected(path, 'an object', value);
  }
  return value as Record<string, unknown>;
}

/**
 * An object with exactly these fields: a missing or an unknown field is refused. The result has
 * the shape's field order, not the file's.
 */
export function object<S extends Shape>(shape: S): Check<Checked<S>> {
  return (value, path) => {
    const input = plainObject(value, path);
    for (const key of Object.keys(input)) {
      if (!Object.prototype.hasOwnProperty.call(shape, key)) {
        throw new FixtureFieldError(`${path}.${key}`, 'is not a known field');
      }
    }
    const result: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      if (!Object.prototype.hasOwnProperty.call(input, key)) {
        throw new FixtureFieldError(`${path}.${key}`, 'is missing');
      }
      result[key] = check(input[key], `${path}.${key}`);
    }
    return result as Checked<S>;
  };
}

/** An object used as a map: every key matches `key`, in the file's order. */
export function record<T>(key: RegExp, entry: Check<T>): Check<Record<string, T>> {
  return (value, path) => {
    const input = plainObject(value, path);
    const result: Record<string, T> = {};
    for (const [name, item] of Object.entries(input)) {
      const at = `${path}["${name}"]`;
      if (!key.test(name)) throw new FixtureFieldError(at, `is not a key matching ${key}`);
      result[name] = entry(item, at);
    }
    return result;
  };
}

/** One of several shapes, told apart by the string field `tag` (each shape checks it too). */
export function variant<T>(tag: string, shapes: Record<string, Check<T>>): Check<T> {
  const kinds = Object.keys(shapes);
  return (value, path) => {
    const kind = oneOf(kinds)(plainObject(value, path)[tag], `${path}.${tag}`);
    return shapes[kind](value, path);
  };
}

/** A check followed by a rule over the whole value (`problem` returns a message or null). */
export function refine<T>(
  check: Check<T>,
  problem: (value: T) => { path: string; message: string } | null,
): Check<T> {
  return (value, path) => {
    const checked = check(value, path);
    const found = problem(checked);
    if (found) throw new FixtureFieldError(`${path}${found.path}`, found.message);
    return checked;
  };
}
