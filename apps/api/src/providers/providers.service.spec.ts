import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { configModule } from '../config';
import { OpenAiLlmProvider } from './live/openai-llm.provider';
import { TikhubVideoDataProvider } from './live/tikhub';
import { defaultProvidersSettings } from './providers-settings';
import { ProvidersModule } from './providers.module';
import { ProvidersService } from './providers.service';
import { SandboxLlmProvider } from './sandbox/sandbox-llm.provider';
import { SandboxVideoDataProvider } from './sandbox/sandbox-video-data.provider';
import { failure } from '../../test/support/failures';

beforeAll(() => Logger.overrideLogger(false));

describe('ProvidersService mode routing', () => {
  it('gives test keys the sandbox, once', () => {
    const service = new ProvidersService(defaultProvidersSettings());
    const test = service.for('test');
    expect(test.mode).toBe('test');
    expect(test.videoData).toBeInstanceOf(SandboxVideoDataProvider);
    expect(test.llm).toBeInstanceOf(SandboxLlmProvider);
    expect(service.for('test')).toBe(test);
  });

  it('gives live keys the live adapters when configured, never the sandbox', () => {
    const service = new ProvidersService(
      defaultProvidersSettings({
        videoProvider: { baseUrl: 'http://127.0.0.1:9', apiKey: 'k' },
        llm: { apiKey: 'sk' },
      }),
    );
    const live = service.for('live');
    expect(live.videoData).toBeInstanceOf(TikhubVideoDataProvider);
    expect(live.llm).toBeInstanceOf(OpenAiLlmProvider);
    expect(service.for('live')).toBe(live);
    expect(service.missingLiveSettings()).toEqual({ videoData: [], llm: [] });
  });

  it('answers 503 naming the missing setting when a live provider is not configured', async () => {
    const service = new ProvidersService(
      defaultProvidersSettings({ videoProvider: { baseUrl: 'https://api.tikhub.io' } }),
    );
    const live = service.for('live');
    const video = await failure(live.videoData.searchVideos('network_a', 'coffee'));
    expect(video.code).toBe('provider_unavailable');
    expect(video.status).toBe(503);
    expect(video.message).toContain('VIDEO_PROVIDER_API_KEY is not set');
    expect(video.message).not.toContain('VIDEO_PROVIDER_BASE_URL');
    const llm = await failure(
      live.llm.structured({
        name: 'assist_intent',
        schema: {},
        system: '',
        user: 'hi',
        validate: (x) => x,
      }),
    );
    expect(llm.message).toContain('OPENAI_API_KEY is not set');
    expect((await failure(live.shortLinks.resolve('https://vm.tiktok.com/ZMabc/'))).code).toBe(
      'provider_unavailable',
    );
  });

  it('names every missing video-provider setting', async () => {
    const live = new ProvidersService(defaultProvidersSettings()).for('live');
    const error = await failure(
      live.videoData.getPost({ platform: 'network_a', id: '7000000000000000001' }),
    );
    expect(error.message).toContain(
      'VIDEO_PROVIDER_BASE_URL and VIDEO_PROVIDER_API_KEY are not set',
    );
  });

  it('resolves short links through the mode’s video-data provider', async () => {
    const test = new ProvidersService(defaultProvidersSettings()).for('test');
    await expect(test.shortLinks.resolve('https://vm.tiktok.com/ZMsandbox1/')).resolves.toMatch(
      /^https:\/\/www\.tiktok\.com\/@[^/]+\/video\/[0-9]{19}$/,
    );
  });
});

describe('ProvidersModule', () => {
  it('reads its settings from the validated environment', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        configModule({
          environment: {
            DATABASE_URL: 'postgres://localhost/x',
            VIDEO_PROVIDER_BASE_URL: 'http://127.0.0.1:9',
            VIDEO_PROVIDER_API_KEY: 'key',
          },
        }),
        ProvidersModule,
      ],
    }).compile();
    const service = moduleRef.get(ProvidersService);
    expect(service.missingLiveSettings()).toEqual({ videoData: [], llm: ['OPENAI_API_KEY'] });
    expect(service.for('live').videoData).toBeInstanceOf(TikhubVideoDataProvider);
    await moduleRef.close();
  });
});
