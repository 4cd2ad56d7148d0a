import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import {
  OPENAI_PATHS,
  PROVIDER_BODY_MARKER,
  startFakeOpenAI,
  type FakeOpenAI,
} from '../../../test/fakes';
import {
  OpenAiLlmProvider,
  perAttemptTimeoutMs,
  type OpenAiLlmSettings,
} from './openai-llm.provider';
import { failure as failureOf } from '../../../test/support/failures';

interface Intent {
  intent: 'scan' | 'chat' | 'refuse';
  reply: string;
}

const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['intent', 'reply'],
  properties: {
    intent: { type: 'string', enum: ['scan', 'chat', 'refuse'] },
    reply: { type: 'string' },
  },
};

function validateIntent(value: unknown): Intent {
  const candidate = value as Partial<Intent>;
  if (
    !['scan', 'chat', 'refuse'].includes(candidate?.intent as string) ||
    typeof candidate.reply !== 'string'
  ) {
    throw new Error('intent or reply missing');
  }
  return candidate as Intent;
}

let fake: FakeOpenAI;
let dir: string;

function llm(overrides: Partial<OpenAiLlmSettings> = {}): OpenAiLlmProvider {
  return new OpenAiLlmProvider({
    apiKey: fake.apiKey,
    baseUrl: fake.baseUrl,
    model: 'text-model',
    visionModel: 'vision-model',
    transcriptionModel: 'whisper-1',
    timeoutMs: 2_000,
    maxRetries: 0,
    ...overrides,
  });
}

const request = (images?: string[]) => ({
  name: 'assist_intent',
  schema: SCHEMA,
  system: 'Classify.',
  user: 'hello',
  images,
  validate: validateIntent,
});

const failure = (promise: Promise<unknown>) => failureOf(promise, { hides: PROVIDER_BODY_MARKER });

beforeAll(async () => {
  Logger.overrideLogger(false);
  fake = await startFakeOpenAI();
  dir = await mkdtemp(join(tmpdir(), 'reelscout-llm-test-'));
});

afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => fake.reset());

async function audioFile(name = 'audio.m4a'): Promise<string> {
  const audio = join(dir, name);
  await writeFile(audio, Buffer.alloc(2048, 1));
  return audio;
}

async function elapsed<T>(work: () => Promise<T>): Promise<{ ms: number; outcome: T }> {
  const started = Date.now();
  const outcome = await work();
  return { ms: Date.now() - started, outcome };
}

describe('OpenAiLlmProvider through the fake OpenAI API', () => {
  it('asks for a strict JSON-schema answer and returns the validated value', async () => {
    fake.setStructuredAnswer({ intent: 'chat', reply: 'Hi!' });
    await expect(llm().structured(request())).resolves.toEqual({ intent: 'chat', reply: 'Hi!' });
    const [body] = fake.chatRequests();
    expect(body.model).toBe('text-model');
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'assist_intent', strict: true, schema: SCHEMA },
    });
    expect(body.messages).toEqual([
      { role: 'system', content: 'Classify.' },
      { role: 'user', content: 'hello' },
    ]);
    expect(fake.requests(OPENAI_PATHS.chatCompletions)[0].headers.authorization).toBe(
      `Bearer ${fake.apiKey}`,
    );
  });

  it('retries once when the answer does not validate, then succeeds', async () => {
    fake.setStructuredSequence([{ intent: 'maybe' }, { intent: 'scan', reply: 'On it' }]);
    await expect(llm().structured(request())).resolves.toEqual({ intent: 'scan', reply: 'On it' });
    expect(fake.calls(OPENAI_PATHS.chatCompletions)).toBe(2);
    const retry = fake.chatRequests()[1].messages as { role: string; content: string }[];
    expect(retry[retry.length - 1].content).toMatch(/not usable/);
  });

  it('fails with provider_error after the second invalid answer (not JSON, then invalid)', async () => {
    fake.setStructuredSequence(['this is not json', { intent: 'scan' }]);
    const error = await failure(llm().structured(request()));
    expect(error.code).toBe('provider_error');
    expect(fake.calls(OPENAI_PATHS.chatCompletions)).toBe(2);
  });

  it('treats a refusal as an invalid answer', async () => {
    fake.setRefusal('I cannot help with that.');
    expect((await failure(llm().structured(request()))).code).toBe('provider_error');
    expect(fake.calls(OPENAI_PATHS.chatCompletions)).toBe(2);
  });

  it('sends frames as image_url data-URL parts to the vision model', async () => {
    fake.setStructuredAnswer({ intent: 'chat', reply: 'ok' });
    const frame = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
    await llm().structured(request([frame]));
    const [body] = fake.chatRequests();
    expect(body.model).toBe('vision-model');
    const user = (body.messages as { role: string; content: unknown }[])[1];
    expect(user.content).toEqual([
      { type: 'text', text: 'hello' },
      { type: 'image_url', image_url: { url: frame, detail: 'low' } },
    ]);
  });

  it('maps an API error to provider_error without the body', async () => {
    fake.setBehavior(OPENAI_PATHS.chatCompletions, { status: 500 });
    const error = await failure(llm().structured(request()));
    expect(error.code).toBe('provider_error');
    expect(error.message).toMatch(/HTTP 500/);
  });

  it('uses the configured SDK retries on 429', async () => {
    fake.setStructuredAnswer({ intent: 'chat', reply: 'ok' });
    fake.setBehavior(
      OPENAI_PATHS.chatCompletions,
      { status: 429, headers: { 'retry-after-ms': '1' } },
      { times: 1 },
    );
    await expect(llm({ maxRetries: 1 }).structured(request())).resolves.toEqual({
      intent: 'chat',
      reply: 'ok',
    });
    expect(fake.calls(OPENAI_PATHS.chatCompletions)).toBe(2);
  });

  it('honours its timeout against a hanging API', async () => {
    fake.setBehavior(OPENAI_PATHS.chatCompletions, { hang: true });
    const error = await failure(llm({ timeoutMs: 150 }).structured(request()));
    expect(error.code).toBe('provider_error');
    expect(error.message).toMatch(/in time/);
  });

  it("answers timeout when the caller's deadline fires", async () => {
    fake.setBehavior(OPENAI_PATHS.chatCompletions, { delayMs: 2_000 });
    const error = await failure(llm().structured(request(), { signal: AbortSignal.timeout(50) }));
    expect(error.code).toBe('timeout');
  });

  it('transcribes with verbose_json segments', async () => {
    fake.setTranscription({
      segments: [
        { start: 0, end: 1.5, text: 'Start with fresh beans.' },
        { start: 1.5, end: 3.25, text: 'Grind them just before.' },
      ],
    });
    const audio = join(dir, 'audio.m4a');
    await writeFile(audio, Buffer.alloc(2048, 1));
    await expect(llm().transcribe(audio, { language: 'en' })).resolves.toEqual([
      { start: 0, end: 1.5, text: 'Start with fresh beans.' },
      { start: 1.5, end: 3.25, text: 'Grind them just before.' },
    ]);
    const [fields] = fake.transcriptionFields();
    expect(fields).toMatchObject({
      model: 'whisper-1',
      response_format: 'verbose_json',
      language: 'en',
    });
  });
});

describe('one overall deadline across the SDK retries (LLM_TIMEOUT_MS)', () => {
  it('gives each SDK attempt its share of the deadline, less the SDK backoffs', () => {
    expect(perAttemptTimeoutMs(60_000, 0)).toBe(60_000);
    expect(perAttemptTimeoutMs(60_000, 1)).toBe(29_750); // (60 000 − 500) / 2
    expect(perAttemptTimeoutMs(60_000, 2)).toBe(19_500); // (60 000 − 500 − 1 000) / 3
    expect(perAttemptTimeoutMs(2_000, 1)).toBe(750);
    // The backoffs alone (15.5 s) exceed the deadline: an equal share, the deadline cuts retries.
    expect(perAttemptTimeoutMs(1_000, 5)).toBe(166);
  });

  it('retries an attempt that hangs past its share and returns the second answer in time', async () => {
    fake.setStructuredAnswer({ intent: 'chat', reply: 'second attempt' });
    fake.setBehavior(OPENAI_PATHS.chatCompletions, { hang: true }, { times: 1 });
    const { ms, outcome } = await elapsed(() =>
      llm({ timeoutMs: 2_000, maxRetries: 1 }).structured(request()),
    );
    expect(outcome).toEqual({ intent: 'chat', reply: 'second attempt' });
    expect(fake.calls(OPENAI_PATHS.chatCompletions)).toBe(2);
    // Attempt one is given up after 750 ms, the backoff is at most 500 ms.
    expect(ms).toBeGreaterThanOrEqual(700);
    expect(ms).toBeLessThan(2_000);
  });

  it('fails with provider_error when the overall deadline passes, attempts hanging', async () => {
    // 5 retries of 166 ms with backoffs of 0.5 s, 1 s, …: the deadline (1 s) passes in the second
    // backoff, so it is ours that fires, and no attempt starts after it.
    fake.setBehavior(OPENAI_PATHS.chatCompletions, { hang: true });
    const { ms, outcome } = await elapsed(() =>
      failure(llm({ timeoutMs: 1_000, maxRetries: 5 }).structured(request())),
    );
    expect(outcome.code).toBe('provider_error');
    expect(outcome.message).toMatch(/did not answer in time/);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(ms).toBeLessThan(1_800);
    await sleep(700); // past the SDK's backoff, which it sleeps without looking at the signal
    expect(fake.calls(OPENAI_PATHS.chatCompletions)).toBe(2);
  });

  it('does not wait out a Retry-After longer than the overall deadline', async () => {
    fake.setBehavior(OPENAI_PATHS.chatCompletions, {
      status: 429,
      headers: { 'retry-after-ms': '1200' },
    });
    const { ms, outcome } = await elapsed(() =>
      failure(llm({ timeoutMs: 400, maxRetries: 1 }).structured(request())),
    );
    expect(outcome.code).toBe('provider_error');
    expect(outcome.message).toMatch(/did not answer in time/);
    expect(ms).toBeLessThan(1_000);
    await sleep(1_000); // the SDK's Retry-After wait ends; it sends nothing after the deadline
    expect(fake.calls(OPENAI_PATHS.chatCompletions)).toBe(1);
  });
});

describe('transcription answers without segments', () => {
  it('fails with provider_error when a compatible server answers plain json without segments', async () => {
    fake.setBehavior(OPENAI_PATHS.transcriptions, {
      json: { text: 'Start with fresh beans.', usage: { type: 'duration', seconds: 3 } },
    });
    const error = await failure(llm().transcribe(await audioFile()));
    expect(error.code).toBe('provider_error');
    expect(error.message).toMatch(/without timestamped segments/);
  });

  it('skips malformed segments instead of throwing', async () => {
    fake.setBehavior(OPENAI_PATHS.transcriptions, {
      json: {
        text: 'ok',
        duration: 2,
        segments: [{ start: 0, end: 1 }, null, { start: 1, end: 2, text: ' ok ' }],
      },
    });
    await expect(llm().transcribe(await audioFile())).resolves.toEqual([
      { start: 1, end: 2, text: 'ok' },
    ]);
  });
});

describe("the fake OpenAI API checks requests against the SDK's declared types", () => {
  const post = (body: unknown) =>
    fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const valid = {
    model: 'text-model',
    messages: [{ role: 'user', content: 'hello' }],
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'assist_intent', strict: true, schema: SCHEMA },
    },
  };

  it('answers 400 invalid_request_error to an unknown top-level key', async () => {
    const response = await post({ ...valid, temprature: 0.2 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: 'Unrecognized request argument supplied: temprature',
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
  });

  it('answers 400 to a response_format whose schema name breaks the pattern', async () => {
    const response = await post({
      ...valid,
      response_format: { type: 'json_schema', json_schema: { name: 'assist intent!', schema: {} } },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({
      type: 'invalid_request_error',
      param: 'response_format.json_schema.name',
      code: null,
    });
    expect(fake.invalidRequests()).toHaveLength(1);
  });

  it.each([
    ['no model', { messages: valid.messages }],
    ['empty messages', { ...valid, messages: [] }],
    ['an unknown role', { ...valid, messages: [{ role: 'robot', content: 'hi' }] }],
    [
      'an unknown part type',
      { ...valid, messages: [{ role: 'user', content: [{ type: 'video', url: 'x' }] }] },
    ],
    [
      'a bad image detail',
      {
        ...valid,
        messages: [
          {
            role: 'user',
            content: [{ type: 'image_url', image_url: { url: 'x', detail: 'max' } }],
          },
        ],
      },
    ],
    ['an unknown response_format type', { ...valid, response_format: { type: 'xml' } }],
  ])('answers 400 to %s', async (_label, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe(
      'invalid_request_error',
    );
  });

  it('refuses verbose_json for a gpt-4o transcribe model, as the real API does', async () => {
    const error = await failure(
      llm({ transcriptionModel: 'gpt-4o-transcribe' }).transcribe(await audioFile()),
    );
    expect(error.code).toBe('provider_error');
    expect(error.message).toMatch(/HTTP 400/);
    expect(fake.invalidRequests()).toEqual([
      expect.objectContaining({ path: OPENAI_PATHS.transcriptions, param: 'response_format' }),
    ]);
  });

  it('passes every request the adapter really sends (text, vision, re-ask, transcription)', async () => {
    fake.setStructuredSequence([{ intent: 'maybe' }, { intent: 'chat', reply: 'ok' }]);
    await llm().structured(request());
    fake.setStructuredAnswer({ intent: 'chat', reply: 'ok' });
    await llm().structured(request(['data:image/jpeg;base64,/9j/4AAQSkZJRg==']));
    fake.setTranscription({ segments: [{ start: 0, end: 1, text: 'hi' }] });
    await llm().transcribe(await audioFile(), { language: 'en' });
    await llm().transcribe(await audioFile());
    expect(fake.calls(OPENAI_PATHS.chatCompletions)).toBe(3);
    expect(fake.calls(OPENAI_PATHS.transcriptions)).toBe(2);
    expect(fake.invalidRequests()).toEqual([]);
  });
});
