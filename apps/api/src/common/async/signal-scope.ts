/**
 * Values scoped to one operation, carried by its AbortSignal instead of AsyncLocalStorage.
 *
 * Every piece of an operation's work already receives the operation's signal (or one derived
 * from it), so the signal is its context: `scopeSignal` binds a scope to the operation's signal,
 * signals derived from it inherit it (`anySignal` does this itself; a child AbortController that
 * follows a parent calls `inheritScope`), and `scopeOf` reads it wherever the signal arrives.
 *
 * Why not AsyncLocalStorage: on Node 20, once any store is in use, every promise of the process
 * runs async hooks (an init hook per promise, before and after hooks per reaction, a trampoline
 * per native callback), and the hooks' bookkeeping outlives the request: a large share of a
 * charged call's CPU and allocations (docs/performance.md).
 */
const scopes = new WeakMap<AbortSignal, object>();

/** Binds `scope` to an operation's signal (and to every signal derived from it later). */
export function scopeSignal<T extends object>(signal: AbortSignal, scope: T): T {
  scopes.set(signal, scope);
  return scope;
}

/** The scope of the operation `signal` belongs to, if any. */
export function scopeOf<T extends object>(signal: AbortSignal | undefined): T | undefined {
  return signal ? (scopes.get(signal) as T | undefined) : undefined;
}

/**
 * `child`, derived from `parents` (it aborts when they do), takes the first parent's scope: the
 * work it bounds belongs to that operation. Returns `child`.
 */
export function inheritScope(
  child: AbortSignal,
  ...parents: (AbortSignal | undefined)[]
): AbortSignal {
  if (scopes.has(child)) return child;
  for (const parent of parents) {
    const scope = parent && scopes.get(parent);
    if (scope) {
      scopes.set(child, scope);
      break;
    }
  }
  return child;
}
