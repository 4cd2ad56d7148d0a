import type { CallOptions, TimedText } from './provider.types';

/** A JSON schema object, passed through to the model as-is (OpenAI strict structured outputs). */
export type JsonSchema = Record<string, unknown>;

export interface StructuredRequest<T> {
  /** The schema's name; also selects the sandbox stand-in's rule (see `SANDBOX_LLM_RULES`). */
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
   * The structured facts the prompt was built from. The live model ignores it (it reads the
   * prompt); the sandbox's rule-based stand-in reads only this, never the prompt text. See
   * `SandboxLlmInputs` for what each known `name` expects.
   */
  input?: unknown;
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
