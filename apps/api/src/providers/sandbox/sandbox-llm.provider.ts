import { DomainError } from '@reelscout/domain';
import type { LlmProvider, StructuredRequest, TranscribeOptions } from '../llm.provider';
import type { CallOptions, TimedText } from '../provider.types';
import { SandboxMediaRegistry } from './sandbox-media-registry';
import type { SandboxLlmRules } from './sandbox-llm.rules';

/**
 * The test-mode LLM: a deterministic, rule-based stand-in (the rules its `SandboxLlmRules` were
 * handed; each rule lives next to its prompt, in its operation's `x.sandbox.ts`), not a model.
 * Its answers go through the caller's `validate` like a real model's, so an operation's
 * validation is exercised in test mode too. It never opens a network connection.
 */
export class SandboxLlmProvider implements LlmProvider {
  constructor(
    private readonly rules: SandboxLlmRules,
    private readonly registry: SandboxMediaRegistry = new SandboxMediaRegistry(),
  ) {}

  async structured<T>(request: StructuredRequest<T>, options: CallOptions = {}): Promise<T> {
    throwIfAborted(options.signal);
    const answer = this.rules.answer(request.name, request.input, request.user);
    try {
      // A JSON round trip, as a real answer would have had.
      return request.validate(JSON.parse(JSON.stringify(answer)));
    } catch (error) {
      throw new DomainError(
        'provider_error',
        'The language model returned an answer that does not fit the expected shape.',
        { cause: error },
      );
    }
  }

  /**
   * The caption track a sandbox media file was rendered with (the sandbox's videos speak their
   * captions); no segments for any other file.
   */
  async transcribe(filePath: string, options: TranscribeOptions = {}): Promise<TimedText[]> {
    throwIfAborted(options.signal);
    return (this.registry.transcriptOf(filePath) ?? []).map((segment) => ({ ...segment }));
  }
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) {
    throw new DomainError('timeout', 'The deadline passed while waiting for the language model.');
  }
}
