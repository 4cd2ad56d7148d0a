import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';

/** The providers' part of the environment (docs/architecture.md §11), read once at start-up. */
export interface ProvidersSettings {
  videoProvider: {
    baseUrl?: string;
    apiKey?: string;
    timeoutMs: number;
    downloadTimeoutMs: number;
    maxRetries: number;
    breakerThreshold: number;
    breakerCoolDownMs: number;
    /** network_a's region for search and charts (default US). */
    region?: string;
    /** Requests per second per provider key (default 10, the provider's published limit). */
    ratePerSecond?: number;
    /** Shares the rate limit across instances when set. */
    redisUrl?: string;
  };
  llm: {
    apiKey?: string;
    baseUrl: string;
    model: string;
    visionModel: string;
    transcriptionModel: string;
    timeoutMs: number;
    maxRetries: number;
  };
  sandbox: {
    mediaDir: string;
    slowDelayMs: number;
  };
}

export const PROVIDERS_SETTINGS = Symbol('PROVIDERS_SETTINGS');

export function providersSettingsFrom(config: ConfigService<Environment, true>): ProvidersSettings {
  const get = <K extends keyof Environment>(key: K): Environment[K] =>
    config.get(key, { infer: true }) as Environment[K];
  return {
    videoProvider: {
      baseUrl: get('VIDEO_PROVIDER_BASE_URL'),
      apiKey: get('VIDEO_PROVIDER_API_KEY'),
      timeoutMs: get('VIDEO_PROVIDER_TIMEOUT_MS'),
      downloadTimeoutMs: get('VIDEO_PROVIDER_DOWNLOAD_TIMEOUT_MS'),
      maxRetries: get('VIDEO_PROVIDER_MAX_RETRIES'),
      breakerThreshold: get('VIDEO_PROVIDER_BREAKER_THRESHOLD'),
      breakerCoolDownMs: get('VIDEO_PROVIDER_BREAKER_COOLDOWN_MS'),
      region: get('VIDEO_PROVIDER_REGION'),
      ratePerSecond: get('VIDEO_PROVIDER_RATE_PER_SECOND'),
      redisUrl: get('REDIS_URL'),
    },
    llm: {
      apiKey: get('OPENAI_API_KEY'),
      baseUrl: get('OPENAI_BASE_URL'),
      model: get('LLM_MODEL'),
      visionModel: get('LLM_VISION_MODEL'),
      transcriptionModel: get('LLM_TRANSCRIPTION_MODEL'),
      timeoutMs: get('LLM_TIMEOUT_MS'),
      maxRetries: get('LLM_MAX_RETRIES'),
    },
    sandbox: {
      mediaDir: get('SANDBOX_MEDIA_DIR'),
      slowDelayMs: get('SANDBOX_SLOW_DELAY_MS'),
    },
  };
}

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
