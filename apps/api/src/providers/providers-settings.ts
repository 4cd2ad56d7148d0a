import type { ConfigType } from '@nestjs/config';
import type { providersConfig } from '../config';

/** The providers' settings (the `providers` configuration namespace), read once at start-up. */
export type ProvidersSettings = ConfigType<typeof providersConfig>;

/** Settings with every default, for tests: pass overrides for what the test cares about. */
export function defaultProvidersSettings(
  overrides: {
    videoProvider?: Partial<ProvidersSettings['videoProvider']>;
    llm?: Partial<ProvidersSettings['llm']>;
    sandbox?: Partial<ProvidersSettings['sandbox']>;
  } = {},
): ProvidersSettings {
  return {
    videoProvider: {
      timeoutMs: 30_000,
      downloadTimeoutMs: 120_000,
      maxRetries: 2,
      breakerThreshold: 5,
      breakerCoolDownMs: 30_000,
      ...overrides.videoProvider,
    },
    llm: {
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      visionModel: 'gpt-4o-mini',
      transcriptionModel: 'whisper-1',
      timeoutMs: 60_000,
      maxRetries: 1,
      ...overrides.llm,
    },
    sandbox: { mediaDir: '.data/sandbox-media', slowDelayMs: 330_000, ...overrides.sandbox },
  };
}
