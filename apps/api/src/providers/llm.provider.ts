import type { CallOptions, TimedText } from './provider.types';

/** A JSON schema object, passed through to the model as-is (OpenAI strict structured outputs). */
export type JsonSchema = Record<string, unknown>;

/**
 * One structured question to the model, written once in an operation's `x.prompt.ts`: the
 * answer's name and schema, and how its messages are written from the question's typed input.
 */
export interface LlmPrompt<I> {
  /** The schema's name; also selects the sandbox stand-in's rule (see `SandboxLlmRules`). */
  name: string;
  /** Strict JSON schema of the answer (every property required, `additionalProperties: false`). */
  schema: JsonSchema;
  system: (input: I) => string;
  user: (input: I) => string;
}

export interface StructuredRequest<T, I = unknown> {
  /** The schema's name; also selects the sandbox stand-in's rule (see `SandboxLlmRules`). */
  name: string;
  /** Strict JSON schema of the answer (every property required, `additionalProperties: false`). */
  schema: JsonSchema;
  system: string;
  user: string;
  /** Frames as `data:image/jpeg;base64,…` URLs; when present the vision model answers. */
  images?: string[];
  /**
   * Re-validates the parsed answer on our side: returns the typed value or throws. An answer that
   * does not validate is asked for once more, then the call fails with `provider_error`.
   */
  validate: (value: unknown) => T;
  /**
   * The facts the question is about, which `system` and `user` are written from (see
   * `promptRequest`). The live model reads the messages; the sandbox's rule-based stand-in reads
   * only these facts, never the message text (its rule for `name`, see `SandboxLlmRules`).
   */
  input?: I;
}

/**
 * The request of a prompt for one input: its messages written from that input, which travels
 * with them. Both providers answer the same facts, the live model as text, the sandbox's
 * stand-in as data, so what a test-mode call answers cannot drift from what a live call asks.
 */
export function promptRequest<I, T>(
  prompt: LlmPrompt<I>,
  input: I,
  answer: Pick<StructuredRequest<T, I>, 'validate' | 'images'>,
): StructuredRequest<T, I> {
  return {
    name: prompt.name,
    schema: prompt.schema,
    system: prompt.system(input),
    user: prompt.user(input),
    ...(answer.images ? { images: answer.images } : {}),
    validate: answer.validate,
    input,
  };
}

export interface TranscribeOptions extends CallOptions {
  /** ISO-639-1 hint (`en`, `zh`); the model detects the language when absent. */
  language?: string;
}

/**
 * The language model. Errors are `DomainError`s only: `provider_error` (502),
 * `provider_unavailable` (503, not configured), `timeout` (504, the caller's signal fired).
 */
export interface LlmProvider {
  structured<T>(request: StructuredRequest<T>, options?: CallOptions): Promise<T>;
  /** Speech in an audio (or video) file, as timed segments in seconds. */
  transcribe(filePath: string, options?: TranscribeOptions): Promise<TimedText[]>;
}
