import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { DomainError } from '@reelscout/domain';
import {
  OPENAI_PATHS,
  PROVIDER_BODY_MARKER,
  startFakeOpenAI,
  type FakeOpenAI,
} from '../../../test/fakes';
import { OpenAiLlmProvider, type OpenAiLlmSettings } from './openai-llm.provider';

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

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).not.toContain(PROVIDER_BODY_MARKER);
    return error as DomainError;
  }
  throw new Error('expected a rejection');
}

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
