import {
  startFakeHttpServer,
  type FakeBehavior,
  type FakeServerControls,
  type RecordedRequest,
} from './fake-http';
import {
  checkChatCompletionRequest,
  checkTranscriptionRequest,
  invalidRequestBody,
  parseMultipart,
  type ContractViolation,
} from './openai-contract';

export const OPENAI_PATHS = {
  chatCompletions: '/v1/chat/completions',
  transcriptions: '/v1/audio/transcriptions',
} as const;

export interface FakeTranscription {
  segments: { start: number; end: number; text: string }[];
  text?: string;
  language?: string;
  duration?: number;
}

export interface FakeOpenAI extends FakeServerControls {
  /** The SDK's `baseURL`: `<url>/v1`. */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Every chat completion answers with this content (a value is JSON-serialised; a string is sent as is). */
  setStructuredAnswer(answer: unknown): void;
  /** Chat completions answer with these, one per call; the last one repeats. */
  setStructuredSequence(answers: unknown[]): void;
  /** Chat completions answer with a refusal instead of content. */
  setRefusal(text: string): void;
  setTranscription(transcription: FakeTranscription): void;
  /**
   * Requests whose `response_format.json_schema.name` is `name` get this answer instead: a value
   * (JSON-serialised), or a function of the request body (e.g. to score the ids it was sent).
   */
  setAnswerFor(name: string, answer: unknown | ((body: Record<string, unknown>) => unknown)): void;
  /** Requests for schema `name` misbehave like this (status, hang, malformed, …). */
  setBehaviorFor(name: string, behavior: FakeBehavior | null): void;
  /** How many chat completions asked for schema `name`. */
  callsFor(name: string): number;
  /** The JSON bodies of the chat completion requests received. */
  chatRequests(): Record<string, unknown>[];
  /** The multipart form fields (not files) of the transcription requests received. */
  transcriptionFields(): Record<string, string>[];
  /** Requests refused with 400 because they broke the SDK's declared contract (openai-contract.ts). */
  invalidRequests(): (ContractViolation & { path: string })[];
}

/**
 * An in-process fake of the OpenAI API on 127.0.0.1: `POST /v1/chat/completions` (answers with a
 * configurable JSON document, a scripted sequence, or a refusal, and token usage) and
 * `POST /v1/audio/transcriptions` (`verbose_json` with segments). Misbehaviour per path through
 * `setBehavior`. Every request is first checked against the request types the `openai` SDK
 * declares (openai-contract.ts); one that breaks them gets OpenAI's 400 `invalid_request_error`.
 */
export async function startFakeOpenAI(options: { apiKey?: string } = {}): Promise<FakeOpenAI> {
  const apiKey = options.apiKey ?? 'fake-openai-key';
  let answers: unknown[] = [{}];
  let refusal: string | null = null;
  let transcription: FakeTranscription = { segments: [] };
  let completions = 0;
  const answersByName = new Map<string, unknown>();
  const behaviorsByName = new Map<string, FakeBehavior>();
  const callsByName = new Map<string, number>();
  const invalid: (ContractViolation & { path: string })[] = [];

  /**
   * Runs before any `setBehavior` fault, as the real API authenticates and validates a request
   * before anything else can happen to it: a wrong key is 401, a request that breaks the SDK's
   * declared contract is 400.
   */
  const precheck = (request: RecordedRequest): FakeBehavior | undefined => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return {
        status: 401,
        json: {
          error: {
            message: 'Incorrect API key provided',
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_api_key',
          },
        },
      };
    }
    if (request.method !== 'POST') return undefined;
    let violation: ContractViolation | null = null;
    if (request.path === OPENAI_PATHS.chatCompletions) {
      violation = checkChatCompletionRequest(request.json);
    } else if (request.path === OPENAI_PATHS.transcriptions) {
      const contentType = request.headers['content-type'];
      violation = checkTranscriptionRequest(contentType, parseMultipart(contentType, request.body));
    }
    if (!violation) return undefined;
    invalid.push({ path: request.path, ...violation });
    return { status: 400, json: invalidRequestBody(violation) };
  };

  const route = (request: RecordedRequest): FakeBehavior => {
    if (request.method === 'POST' && request.path === OPENAI_PATHS.chatCompletions) {
      const body = (request.json ?? {}) as {
        model?: string;
        response_format?: { json_schema?: { name?: string } };
      };
      const name = body.response_format?.json_schema?.name ?? '';
      callsByName.set(name, (callsByName.get(name) ?? 0) + 1);
      const misbehaviour = behaviorsByName.get(name);
      if (misbehaviour) return misbehaviour;
      let answer = answers[Math.min(completions, answers.length - 1)];
      if (answersByName.has(name)) {
        const byName = answersByName.get(name);
        answer = typeof byName === 'function' ? byName(body) : byName;
      }
      completions += 1;
      return {
        json: {
          id: `chatcmpl-fake-${completions}`,
          object: 'chat.completion',
          created: 1_767_225_600,
          model: body.model ?? 'fake-model',
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              logprobs: null,
              message: {
                role: 'assistant',
                content:
                  refusal === null
                    ? typeof answer === 'string'
                      ? answer
                      : JSON.stringify(answer)
                    : null,
                refusal,
              },
            },
          ],
          usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
        },
      };
    }
    if (request.method === 'POST' && request.path === OPENAI_PATHS.transcriptions) {
      const text = transcription.text ?? transcription.segments.map((s) => s.text).join(' ');
      return {
        json: {
          task: 'transcribe',
          language: transcription.language ?? 'english',
          duration: transcription.duration ?? transcription.segments.at(-1)?.end ?? 0,
          text,
          segments: transcription.segments.map((segment, id) => ({
            id,
            seek: 0,
            start: segment.start,
            end: segment.end,
            text: ` ${segment.text}`,
            tokens: [],
            temperature: 0,
            avg_logprob: -0.2,
            compression_ratio: 1.2,
            no_speech_prob: 0.01,
          })),
        },
      };
    }
    return { status: 404, json: { error: { message: 'Unknown route' } } };
  };

  const server = await startFakeHttpServer(route, { precheck });
  const reset = server.reset;
  return Object.assign(server, {
    baseUrl: `${server.url}/v1`,
    apiKey,
    setStructuredAnswer: (answer: unknown) => {
      answers = [answer];
      refusal = null;
    },
    setStructuredSequence: (sequence: unknown[]) => {
      answers = sequence.length > 0 ? [...sequence] : [{}];
      completions = 0;
      refusal = null;
    },
    setRefusal: (text: string) => {
      refusal = text;
    },
    setTranscription: (value: FakeTranscription) => {
      transcription = value;
    },
    setAnswerFor: (name: string, answer: unknown) => {
      answersByName.set(name, answer);
    },
    setBehaviorFor: (name: string, behavior: FakeBehavior | null) => {
      if (behavior) behaviorsByName.set(name, behavior);
      else behaviorsByName.delete(name);
    },
    callsFor: (name: string) => callsByName.get(name) ?? 0,
    chatRequests: () =>
      server
        .requests(OPENAI_PATHS.chatCompletions)
        .map((request) => (request.json ?? {}) as Record<string, unknown>),
    transcriptionFields: () =>
      server.requests(OPENAI_PATHS.transcriptions).map((request) => multipartFields(request)),
    invalidRequests: () => [...invalid],
    reset: () => {
      reset();
      completions = 0;
      invalid.length = 0;
      answersByName.clear();
      behaviorsByName.clear();
      callsByName.clear();
    },
  });
}

/** The text fields of a multipart/form-data body (file parts skipped). */
function multipartFields(request: RecordedRequest): Record<string, string> {
  const parts = parseMultipart(request.headers['content-type'], request.body) ?? [];
  const fields: Record<string, string> = {};
  for (const part of parts) {
    if (part.filename === undefined) fields[part.name] = part.value;
  }
  return fields;
}
