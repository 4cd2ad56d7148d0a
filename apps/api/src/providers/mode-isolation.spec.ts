import { rm } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import {
  appAweme,
  createStubSandboxRenderer,
  startFakeOpenAI,
  startFakeProvider,
  type FakeOpenAI,
  type FakeProvider,
  type StubSandboxRenderer,
} from '../../test/fakes';
import { defaultProvidersSettings } from './providers-settings';
import { ProvidersService, type ModeProviders } from './providers.service';
import { SandboxLlmRules } from './sandbox/sandbox-llm.rules';

/**
 * docs/architecture.md §2: a test key never reaches a live provider, and a live key never reads the
 * sandbox. Both live providers are configured to point at local fakes that count connections.
 */
describe('mode isolation', () => {
  let provider: FakeProvider;
  let openai: FakeOpenAI;
  let renderer: StubSandboxRenderer;
  let sandboxBuilds = 0;
  let service: ProvidersService;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    [provider, openai] = await Promise.all([startFakeProvider(), startFakeOpenAI()]);
    provider.addPost(
      'network_a',
      appAweme({ id: '7301234567890121111', desc: 'live coffee reel', handle: 'live.only' }),
    );
    openai.setStructuredAnswer({ intent: 'chat', reply: 'live', query: null });
    renderer = await createStubSandboxRenderer();
    const settings = defaultProvidersSettings({
      videoProvider: { baseUrl: provider.url, apiKey: provider.apiKey, maxRetries: 0 },
      llm: { baseUrl: openai.baseUrl, apiKey: openai.apiKey, maxRetries: 0 },
      sandbox: { slowDelayMs: 1 },
    });
    // The sandbox answers the rules it is handed (the operations hand in theirs); one of its own.
    const rules = new SandboxLlmRules();
    rules.register('probe', { read: (input) => input, answer: () => ({ intent: 'chat' }) });
    const real = new ProvidersService(settings, renderer, {}, undefined, null, rules);
    service = new ProvidersService(settings, renderer, {
      createSandbox: () => {
        sandboxBuilds += 1;
        const sandbox: ModeProviders = real.for('test');
        return { videoData: sandbox.videoData, llm: sandbox.llm };
      },
    });
  });

  afterAll(async () => {
    await Promise.all([provider.close(), openai.close(), renderer.dispose()]);
  });

  it('a test-mode call never opens a socket to the configured live providers', async () => {
    const test = service.for('test');
    const page = await test.videoData.searchVideos('network_a', 'coffee');
    const post = await test.videoData.getPost(page.items[0]);
    await test.videoData.batchPlayCounts(['7500000000000000001']);
    await test.videoData.soundCharts('network_b', { kind: 'popular' });
    await test.videoData.resolveShareLink('https://vm.tiktok.com/ZMsandbox1/');
    const file = await test.videoData.downloadMedia(post!.mediaUrl!, {
      maxBytes: 1e6,
      kind: 'video',
    });
    await test.llm.structured({
      name: 'probe',
      schema: {},
      system: '',
      user: 'hi',
      input: { message: 'show me coffee reels' },
      validate: (value) => value,
    });
    try {
      await test.llm.transcribe(file);
    } finally {
      // The caller owns a downloaded file (VideoDataProvider.downloadMedia): it deletes it.
      await rm(file, { force: true });
    }

    expect(page.items.some((item) => item.id === '7301234567890121111')).toBe(false);
    expect(provider.connections).toBe(0);
    expect(openai.connections).toBe(0);
    expect(provider.requests()).toEqual([]);
    expect(openai.requests()).toEqual([]);
  });

  it('a live call never reads the sandbox', async () => {
    const before = sandboxBuilds;
    const fresh = new ProvidersService(
      defaultProvidersSettings({
        videoProvider: { baseUrl: provider.url, apiKey: provider.apiKey, maxRetries: 0 },
        llm: { baseUrl: openai.baseUrl, apiKey: openai.apiKey, maxRetries: 0 },
      }),
      null,
      {
        createSandbox: () => {
          sandboxBuilds += 1;
          throw new Error('the sandbox must not be built for a live key');
        },
      },
    );
    const live = fresh.for('live');
    const page = await live.videoData.searchVideos('network_a', 'coffee');
    const answer = await live.llm.structured({
      name: 'assist_intent',
      schema: {},
      system: '',
      user: 'hi',
      input: { message: 'show me coffee reels' },
      validate: (value) => value,
    });

    expect(page.items.map((item) => item.id)).toEqual(['7301234567890121111']);
    expect(answer).toEqual({ intent: 'chat', reply: 'live', query: null });
    expect(provider.connections).toBeGreaterThan(0);
    expect(openai.connections).toBeGreaterThan(0);
    expect(sandboxBuilds).toBe(before);
  });
});
