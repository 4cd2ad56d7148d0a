import { DomainError } from '@reelscout/domain';

/**
 * One rule of the sandbox's stand-in for the LLM: an operation's test-mode answer to one of its
 * prompts, kept next to that prompt (`x.sandbox.ts`). Deterministic: the same input always gives
 * the same answer. It reads the request's structured `input` (never the prompt text), checked
 * here as a real model would read what it is sent.
 */
export interface SandboxLlmRule<I, O> {
  /** Reads the request's `input` (or, when absent, the prompt's user text) or throws. */
  read(input: unknown, user: string): I;
  answer(input: I): O;
}

export function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

export function stringField(value: unknown, key: string): string | undefined {
  const found = field(value, key);
  return typeof found === 'string' ? found : undefined;
}

export function arrayField<T>(value: unknown, key: string): T[] {
  const found = field(value, key);
  return Array.isArray(found) ? (found as T[]) : [];
}

export function missingInput(name: string): DomainError {
  return new DomainError(
    'provider_error',
    `The language model (sandbox stand-in) needs the structured input for "${name}".`,
  );
}
