import { DomainError } from '@reelscout/domain';
import type { LlmProvider } from './llm.provider';
import type { VideoDataProvider } from './video-data.provider';

/**
 * Stand-ins for live providers whose settings are missing: every call fails at once with 503
 * `provider_unavailable` naming the missing settings, before any network traffic.
 */
export function unconfiguredVideoData(missing: string[]): VideoDataProvider {
  const fail = async (): Promise<never> => {
    throw notConfigured('The video-data provider', missing);
  };
  return {
    searchVideos: fail,
    getPost: fail,
    resolveShareLink: fail,
    batchPlayCounts: fail,
    getSound: fail,
    soundCharts: fail,
    trendChart: fail,
    searchSounds: fail,
    videosUsingSound: fail,
    downloadMedia: fail,
  };
}

export function unconfiguredLlm(missing: string[]): LlmProvider {
  const fail = async (): Promise<never> => {
    throw notConfigured('The language model', missing);
  };
  return { structured: fail, transcribe: fail };
}

export function notConfigured(what: string, missing: string[]): DomainError {
  const list =
    missing.length === 1
      ? `${missing[0]} is not set`
      : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]} are not set`;
  return new DomainError(
    'provider_unavailable',
    `${what} is not configured for live keys: ${list}. Test keys (rs_test_…) use the sandbox.`,
  );
}
