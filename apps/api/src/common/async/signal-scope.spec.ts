import { anySignal, timeout } from './abort';
import { mapLimitSettled } from './map-limit';
import { inheritScope, scopeOf, scopeSignal } from './signal-scope';

describe('signal scope', () => {
  it('is read from the signal it was bound to, and from no other', () => {
    const operation = new AbortController();
    const scope = scopeSignal(operation.signal, { name: 'a' });
    expect(scopeOf(operation.signal)).toBe(scope);
    expect(scopeOf(new AbortController().signal)).toBeUndefined();
    expect(scopeOf(undefined)).toBeUndefined();
  });

  it('reaches signals combined by anySignal, from whichever source has it', () => {
    const operation = new AbortController();
    const scope = scopeSignal(operation.signal, { name: 'a' });
    const attempt = timeout(60_000);
    try {
      expect(scopeOf(anySignal([operation.signal, attempt.signal]))).toBe(scope);
      expect(scopeOf(anySignal([attempt.signal, operation.signal]))).toBe(scope);
      expect(scopeOf(anySignal([undefined, operation.signal]))).toBe(scope);
      expect(scopeOf(anySignal([attempt.signal, new AbortController().signal]))).toBeUndefined();
    } finally {
      attempt.clear();
    }
  });

  it('reaches a child controller that follows its parent, and the first scoped parent wins', () => {
    const a = new AbortController();
    const b = new AbortController();
    const scopeA = scopeSignal(a.signal, { name: 'a' });
    const scopeB = scopeSignal(b.signal, { name: 'b' });
    const child = new AbortController();
    expect(inheritScope(child.signal, undefined, b.signal, a.signal)).toBe(child.signal);
    expect(scopeOf(child.signal)).toBe(scopeB);
    // A signal that has a scope keeps it.
    inheritScope(child.signal, a.signal);
    expect(scopeOf(child.signal)).toBe(scopeB);
    expect(scopeOf(a.signal)).toBe(scopeA);
  });

  it('keeps two operations apart, down to the signals their parallel items get', async () => {
    const seen: string[] = [];
    const run = (name: string) => {
      const operation = new AbortController();
      scopeSignal(operation.signal, { name });
      return mapLimitSettled(
        [1, 2, 3],
        2,
        async (_item, _index, signal) => {
          await new Promise((resolve) => setImmediate(resolve));
          seen.push(scopeOf<{ name: string }>(signal)?.name ?? 'none');
        },
        { signal: operation.signal },
      );
    };
    await Promise.all([run('a'), run('b')]);
    expect(seen.sort()).toEqual(['a', 'a', 'a', 'b', 'b', 'b']);
  });
});
