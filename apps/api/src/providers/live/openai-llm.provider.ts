import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import { DomainError } from '@reelscout/domain';
// The only import of the `openai` SDK in Reelscout (STYLE.md "Dependency direction").
import OpenAI from 'openai';
import { anySignal, settledOrAborted, withTimeoutSignal } from '../../common/async/abort';
import type { LlmProvider, StructuredRequest, TranscribeOptions } from '../llm.provider';
import type { CallOptions, TimedText } from '../provider.types';
import { observeLlmCall, recordLlmTokens } from '../../common/observability/observe';

export interface OpenAiLlmSettings {
  apiKey: string;
  baseUrl: string;
  model: string;
  visionModel: string;
  /** Must answer `verbose_json` with segments (whisper-1; see `LLM_TRANSCRIPTION_MODEL`). */
  transcriptionModel: string;
  /** Overall deadline of one logical call, the SDK's retries included (`LLM_TIMEOUT_MS`). */
  timeoutMs: number;
  /** Retries the SDK makes itself on 429, 5xx, connection errors and per-attempt timeouts. */
  maxRetries: number;
  /** Injectable for tests; the SDK uses the global fetch otherwise. */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

const WHAT = 'The language model';
/** Answers that do not validate are asked for once more (then `provider_error`). */
const ATTEMPTS = 2;

/**
 * The SDK's longest backoff before its retry number `retry` (0-based): min(0.5 s · 2^retry, 8 s),
 * less up to 25 % jitter (`calculateDefaultRetryTimeoutMillis` in node_modules/openai/client.js).
 */
const sdkBackoffMs = (retry: number): number => Math.min(500 * 2 ** retry, 8_000);

/**
 * The SDK's per-attempt `timeout` for a call whose overall deadline is `overallMs`. The SDK
 * applies its `timeout` to each attempt and retries a timed-out attempt, so if that timeout were
 * the whole deadline, our deadline would fire with the first attempt's and no retry would ever
 * run. Instead the deadline, less the SDK's longest backoffs between attempts, is shared equally
 * by the `maxRetries + 1` attempts: floor((overall − backoffs) / (maxRetries + 1)). Then every
 * attempt the SDK may make, and its waits, fit in the deadline (with 60 s and 1 retry: two
 * attempts of 29.75 s and a wait of at most 0.5 s). When the backoffs alone would not fit (a short
 * deadline with many retries) it is floor(overall / (maxRetries + 1)), and the overall deadline
 * cuts the later retries short. A `Retry-After` longer than the default backoff is likewise cut
 * short by the overall deadline.
 */
export function perAttemptTimeoutMs(overallMs: number, maxRetries: number): number {
  const attempts = maxRetries + 1;
  let backoffs = 0;
  for (let retry = 0; retry < maxRetries; retry += 1) backoffs += sdkBackoffMs(retry);
  const share = overallMs > backoffs ? (overallMs - backoffs) / attempts : overallMs / attempts;
  return Math.max(1, Math.floor(share));
}

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type UserContent = OpenAI.Chat.Completions.ChatCompletionContentPart[];

/**
 * The live LLM: OpenAI (or any compatible API at `baseUrl`) through the official SDK.
 * Structured answers use strict JSON-schema outputs and are validated again here; one retry
 * when the answer does not parse or validate. Token usage is logged per call. Each SDK call has
 * one overall deadline (`timeoutMs`) that covers the SDK's own retries (`perAttemptTimeoutMs`).
 */
export class OpenAiLlmProvider implements LlmProvider {
  private readonly client: OpenAI;
  private readonly logger = new Logger('LlmProvider');

  constructor(private readonly settings: OpenAiLlmSettings) {
    this.client = new OpenAI({
      apiKey: settings.apiKey,
      baseURL: settings.baseUrl,
      timeout: perAttemptTimeoutMs(settings.timeoutMs, settings.maxRetries),
      maxRetries: settings.maxRetries,
      ...(settings.fetch ? { fetch: settings.fetch } : {}),
    });
  }

  async structured<T>(request: StructuredRequest<T>, options: CallOptions = {}): Promise<T> {
    const images = request.images ?? [];
    const model = images.length > 0 ? this.settings.visionModel : this.settings.model;
    const userContent: UserContent = [
      { type: 'text', text: request.user },
      ...images.map((url): OpenAI.Chat.Completions.ChatCompletionContentPartImage => ({
        type: 'image_url',
        image_url: { url, detail: 'low' },
      })),
    ];
    const messages: ChatMessage[] = [
      { role: 'system', content: request.system },
      { role: 'user', content: images.length > 0 ? userContent : request.user },
    ];

    let problem = '';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      const completion = await this.call(model, options.signal, (signal) =>
        this.client.chat.completions.create(
          {
            model,
            messages,
            response_format: {
              type: 'json_schema',
              json_schema: { name: request.name, strict: true, schema: request.schema },
            },
          },
          { signal },
        ),
      );
      if (!completion || typeof completion !== 'object' || !Array.isArray(completion.choices)) {
        // An empty or non-JSON 200 (a proxy's error page, a cut connection) is the provider's fault.
        throw new DomainError(
          'provider_error',
          `${WHAT} answered with an empty or malformed response.`,
        );
      }
      this.logUsage(request.name, completion.model ?? model, completion.usage);
      recordLlmTokens(model, completion.usage);

      const message = completion.choices[0]?.message;
      const outcome = parseAnswer(message?.content ?? null, message?.refusal ?? null, request);
      if (outcome.ok) return outcome.value;
      problem = outcome.problem;
      this.logger.warn(`llm ${request.name}: answer rejected (attempt ${attempt}): ${problem}`);
      messages.push(
        { role: 'assistant', content: message?.content ?? '' },
        {
          role: 'user',
          content:
            `That answer was not usable (${problem.slice(0, 300)}). ` +
            'Answer again with JSON that follows the schema exactly.',
        },
      );
    }
    throw new DomainError(
      'provider_error',
      `${WHAT} returned an answer that does not fit the expected shape.`,
    );
  }

  async transcribe(filePath: string, options: TranscribeOptions = {}): Promise<TimedText[]> {
    try {
      await access(filePath);
    } catch (error) {
      throw new DomainError('internal_error', 'The audio file to transcribe does not exist.', {
        cause: error,
      });
    }
    const model = this.settings.transcriptionModel;
    const result = await this.call(model, options.signal, (signal) =>
      this.client.audio.transcriptions.create(
        {
          file: createReadStream(filePath),
          model,
          response_format: 'verbose_json',
          timestamp_granularities: ['segment'],
          ...(options.language ? { language: options.language } : {}),
        },
        { signal },
      ),
    );
    if (!result || typeof result !== 'object') {
      throw new DomainError(
        'provider_error',
        `${WHAT} answered with an empty or malformed response.`,
      );
    }
    this.logger.log(
      `llm transcription: model=${model} audioSec=${Math.round(result.duration ?? 0)}`,
    );
    if (!Array.isArray(result.segments)) {
      // A model or server that ignores `verbose_json` answers plain `json` ({text}): without
      // timestamps the transcript cannot be placed on the video, so this is no answer at all.
      this.logger.error(
        `llm transcription: model=${model} answered without "segments"; LLM_TRANSCRIPTION_MODEL ` +
          'must name a model that answers response_format=verbose_json with segment timestamps ' +
          '(whisper-1, or a Whisper model on an OpenAI-compatible server)',
      );
      throw new DomainError(
        'provider_error',
        `${WHAT} answered the transcription without timestamped segments.`,
      );
    }
    // Each segment is checked, as a compatible server may send fewer fields than the SDK declares.
    const segments = (result.segments as unknown[]).flatMap((segment): TimedText[] => {
      const { start, end, text } = (segment ?? {}) as Record<string, unknown>;
      if (typeof start !== 'number' || typeof end !== 'number' || typeof text !== 'string') {
        return [];
      }
      const trimmed = text.trim();
      return Number.isFinite(start) && end > start && trimmed !== ''
        ? [{ start, end, text: trimmed }]
        : [];
    });
    if (
      segments.length === 0 &&
      typeof result.text === 'string' &&
      result.text.trim() &&
      result.duration > 0
    ) {
      return [{ start: 0, end: result.duration, text: result.text.trim() }];
    }
    return segments;
  }

  /** Runs one SDK call, turning every failure into a customer-safe `DomainError`. */
  private async call<R>(
    model: string,
    callerSignal: AbortSignal | undefined,
    work: (signal: AbortSignal) => Promise<R>,
  ): Promise<R> {
    // The call's overall deadline, across the SDK's attempts and backoffs (its own `timeout`
    // applies per attempt, see `perAttemptTimeoutMs`); our own timer, so we know which one fired.
    return withTimeoutSignal(this.settings.timeoutMs, async (timedOut) => {
      const signal = anySignal([callerSignal, timedOut]);
      try {
        return await observeLlmCall(model, () => settledOrAborted(work(signal), signal));
      } catch (error) {
        throw this.toDomainError(error, callerSignal, timedOut);
      }
    });
  }

  private toDomainError(
    error: unknown,
    callerSignal: AbortSignal | undefined,
    timeout: AbortSignal,
  ): DomainError {
    if (error instanceof DomainError) return error;
    if (callerSignal?.aborted) {
      return new DomainError(
        'timeout',
        'The deadline passed while waiting for the language model.',
        {
          cause: error,
        },
      );
    }
    if (timeout.aborted || error instanceof OpenAI.APIConnectionTimeoutError) {
      return new DomainError('provider_error', `${WHAT} did not answer in time.`, { cause: error });
    }
    if (error instanceof OpenAI.APIConnectionError) {
      return new DomainError('provider_error', `${WHAT} could not be reached.`, { cause: error });
    }
    if (error instanceof OpenAI.APIError) {
      const status = error.status;
      if (status === 401 || status === 403) {
        this.logger.error(`llm: the API rejected the configured key (HTTP ${status})`);
      }
      return new DomainError(
        'provider_error',
        `${WHAT} returned an error (HTTP ${status ?? 'unknown'}).`,
        { cause: error },
      );
    }
    return new DomainError('provider_error', `${WHAT} failed.`, { cause: error });
  }

  private logUsage(name: string, model: string, usage: OpenAI.CompletionUsage | undefined): void {
    this.logger.log(
      `llm ${name}: model=${model} promptTokens=${usage?.prompt_tokens ?? '?'} ` +
        `completionTokens=${usage?.completion_tokens ?? '?'} totalTokens=${usage?.total_tokens ?? '?'}`,
    );
  }
}

type Outcome<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Parses and validates one answer; never throws. */
export function parseAnswer<T>(
  content: string | null,
  refusal: string | null,
  request: Pick<StructuredRequest<T>, 'validate'>,
): Outcome<T> {
  if (refusal) return { ok: false, problem: 'the model refused' };
  if (content === null || content.trim() === '') return { ok: false, problem: 'empty answer' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { ok: false, problem: 'the answer is not JSON' };
  }
  try {
    return { ok: true, value: request.validate(parsed) };
  } catch (error) {
    return {
      ok: false,
      problem: `the answer does not validate: ${error instanceof Error ? error.message : 'invalid'}`,
    };
  }
}
