import { Logger } from '@nestjs/common';
import { DomainError } from '@reelscout/domain';
import { MarketsService } from '../link-resolution/markets.service';
import type { LlmProvider } from './llm.provider';
import type { CallOptions } from './provider.types';
import { defaultProvidersSettings } from './providers-settings';
import { ProvidersService } from './providers.service';
import type { VideoDataProvider } from './video-data.provider';

beforeAll(() => Logger.overrideLogger(false));

describe('ProvidersService short links', () => {
  it("hands the caller's signal to the provider's share-link resolution", async () => {
    const seen: (AbortSignal | undefined)[] = [];
    const videoData = {
      resolveShareLink: (_url: string, options: CallOptions = {}) => {
        seen.push(options.signal);
        return new Promise<string>((_, reject) => {
          options.signal?.addEventListener(
            'abort',
            () => reject(new DomainError('timeout', 'The deadline passed.')),
            { once: true },
          );
        });
      },
    } as unknown as VideoDataProvider;
    const providers = new ProvidersService(defaultProvidersSettings(), null, {
      createSandbox: () => ({ videoData, llm: {} as LlmProvider }),
    });
    const controller = new AbortController();
    const pending = new MarketsService().resolveVideo(
      'https://vm.tiktok.com/ZMeAbCd12/',
      providers.for('test').shortLinks,
      { signal: controller.signal },
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'timeout' });
    expect(seen).toEqual([controller.signal]);
  });
});

describe('ProvidersService.requireConfigured', () => {
  it('names the missing settings of the first provider that needs them (503), live only', () => {
    const service = new ProvidersService(defaultProvidersSettings({ llm: { apiKey: 'sk' } }));
    let error: unknown;
    try {
      service.requireConfigured('live', 'videoData', 'llm');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'provider_unavailable', status: 503 });
    expect((error as DomainError).message).toContain(
      'VIDEO_PROVIDER_BASE_URL and VIDEO_PROVIDER_API_KEY are not set',
    );
    expect(() => service.requireConfigured('live', 'llm')).not.toThrow();
    expect(() => service.requireConfigured('test', 'videoData', 'llm')).not.toThrow();
  });

  it('passes when the live providers are configured', () => {
    const service = new ProvidersService(
      defaultProvidersSettings({
        videoProvider: { baseUrl: 'http://127.0.0.1:9', apiKey: 'k' },
        llm: { apiKey: 'sk' },
      }),
    );
    expect(() => service.requireConfigured('live', 'videoData', 'llm')).not.toThrow();
  });
});
