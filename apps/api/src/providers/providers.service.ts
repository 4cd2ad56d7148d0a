import { Clock } from '../common/clock/clock';
import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import type { Mode } from '@reelscout/domain';
import {
  SANDBOX_MEDIA_RENDERER,
  type SandboxMediaRenderer,
} from '../sandbox-media/sandbox-media.types';
import type { ShortLinkResolver } from '../link-resolution/short-link-resolver';
import type { FetchLike } from './http/provider-http.client';
import { createProviderRateLimiter, type ProviderRateLimiter } from './http/provider-rate-limiter';
import type { LlmProvider } from './llm.provider';
import type { CallOptions } from './provider.types';
import { OpenAiLlmProvider } from './live/openai-llm.provider';
import { TikhubVideoDataProvider } from './live/tikhub';
import { EgressGuard } from '../egress';
import { providersConfig } from '../config';
import type { ProvidersSettings } from './providers-settings';
import { SandboxLlmProvider } from './sandbox/sandbox-llm.provider';
import { SandboxLlmRules } from './sandbox/sandbox-llm.rules';
import { SandboxMediaRegistry } from './sandbox/sandbox-media-registry';
import { SandboxVideoDataProvider } from './sandbox/sandbox-video-data.provider';
import { notConfigured, unconfiguredLlm, unconfiguredVideoData } from './unconfigured.providers';
import type { VideoDataProvider } from './video-data.provider';
import type { CreatorSource } from './creator-source';
import { SandboxCreators } from './sandbox/sandbox-creators';

/** The providers one API key's mode may use. */
export interface ModeProviders {
  mode: Mode;
  videoData: VideoDataProvider;
  llm: LlmProvider;
  /** Share-link resolution for `MarketsService.resolveLink` (the video-data provider's). */
  shortLinks: ShortLinkResolver;
}

/** Settings each live provider still needs, by provider (empty when it is configured). */
export interface LiveProviderSettingsMissing {
  videoData: string[];
  llm: string[];
}

/** How the 503 message names each provider (the same words the unconfigured stand-ins use). */
const PROVIDER_NAMES: Record<keyof LiveProviderSettingsMissing, string> = {
  videoData: 'The video-data provider',
  llm: 'The language model',
};

/** Test seams (never set in production): how adapters reach the network, clocks, the sandbox. */
export interface ProvidersHooks {
  fetch?: FetchLike;
  random?: () => number;
  now?: () => number;
  backoff?: { baseMs: number; maxMs: number };
  createSandbox?: () => Pick<ModeProviders, 'videoData' | 'llm'>;
}

export const PROVIDERS_HOOKS = Symbol('PROVIDERS_HOOKS');

/** Spacing added to the provider's 1 s rate window (see ProviderRateLimiterOptions.marginMs). */
const PROVIDER_RATE_MARGIN_MS = 250;

/**
 * Mode routing (docs/architecture.md §2): a test key gets the sandbox, a live key the live
 * adapters. The two never cross: the sandbox is built only for `test`, the live adapters only for
 * `live`. A live adapter whose settings are missing answers every call with 503
 * `provider_unavailable` naming the missing setting.
 */
@Injectable()
export class ProvidersService implements OnApplicationShutdown {
  private readonly logger = new Logger('Providers');
  private live?: ModeProviders;
  private test?: ModeProviders;
  private sandboxCreators?: SandboxCreators;
  /** The video-data provider's request-rate limit, per provider key (shared via Redis). */
  private rateLimiter?: ProviderRateLimiter;

  constructor(
    @Inject(providersConfig.KEY) private readonly settings: ProvidersSettings,
    @Optional()
    @Inject(SANDBOX_MEDIA_RENDERER)
    private readonly renderer: SandboxMediaRenderer | null = null,
    @Optional() @Inject(PROVIDERS_HOOKS) private readonly hooks: ProvidersHooks = {},
    /** The egress module's guard; without one, the strict policy (public addresses only). */
    @Optional() private readonly egress: EgressGuard = new EgressGuard(),
    /** The app's clock, which the sandbox's late reel is judged by; without one, real time. */
    @Optional() @Inject(Clock) private readonly clock: Clock | null = null,
    /** The test-mode LLM's rules, which the operations' modules hand in (none without them). */
    @Optional() private readonly sandboxRules: SandboxLlmRules = new SandboxLlmRules(),
  ) {
    const missing = this.missingLiveSettings();
    if (missing.videoData.length > 0 || missing.llm.length > 0) {
      this.logger.log(
        `live providers not fully configured (missing: ${[...missing.videoData, ...missing.llm].join(', ')}); ` +
          'live calls needing them answer 503, test keys use the sandbox',
      );
    }
  }

  for(mode: Mode): ModeProviders {
    if (mode === 'test') {
      this.test ??= this.buildTest();
      return this.test;
    }
    this.live ??= this.buildLive();
    return this.live;
  }

  /**
   * Creator profiles and post lists for a mode (creator watches): the sandbox's creators for
   * `test`, the live adapter's for `live` (503 `provider_unavailable` when it is not configured).
   */
  creatorsFor(mode: Mode): CreatorSource {
    if (mode === 'test') {
      this.sandboxCreators ??= new SandboxCreators(() => this.clock?.now() ?? new Date());
      return this.sandboxCreators;
    }
    const videoData = this.for('live').videoData;
    if (videoData instanceof TikhubVideoDataProvider) return videoData.creators;
    const missing = this.missingLiveSettings().videoData;
    const fail = async (): Promise<never> => {
      throw notConfigured(PROVIDER_NAMES.videoData, missing);
    };
    return { profile: fail, posts: fail };
  }

  /** Settings each live provider still needs (empty when it is configured). */
  missingLiveSettings(): LiveProviderSettingsMissing {
    const video = this.settings.videoProvider;
    return {
      videoData: [
        ...(video.baseUrl ? [] : ['VIDEO_PROVIDER_BASE_URL']),
        ...(video.apiKey ? [] : ['VIDEO_PROVIDER_API_KEY']),
      ],
      llm: this.settings.llm.apiKey ? [] : ['OPENAI_API_KEY'],
    };
  }

  /**
   * Fails fast, before any provider call (and before any LLM spend), with 503
   * `provider_unavailable` naming the missing settings when a live provider an operation needs
   * is not configured; the first missing one in `needs` order is reported. Test keys always pass:
   * the sandbox needs no settings.
   */
  requireConfigured(mode: Mode, ...needs: (keyof LiveProviderSettingsMissing)[]): void {
    if (mode !== 'live') return;
    const missing = this.missingLiveSettings();
    for (const need of needs) {
      if (missing[need].length > 0) throw notConfigured(PROVIDER_NAMES[need], missing[need]);
    }
  }

  private buildTest(): ModeProviders {
    const sandbox = this.hooks.createSandbox?.() ?? this.createSandbox();
    return withShortLinks('test', sandbox.videoData, sandbox.llm);
  }

  private createSandbox(): Pick<ModeProviders, 'videoData' | 'llm'> {
    const registry = new SandboxMediaRegistry();
    return {
      videoData: new SandboxVideoDataProvider({
        renderer: this.renderer,
        slowDelayMs: this.settings.sandbox.slowDelayMs,
        registry,
        now: () => this.clock?.now() ?? new Date(),
      }),
      llm: new SandboxLlmProvider(this.sandboxRules, registry),
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.rateLimiter?.close();
  }

  private buildLive(): ModeProviders {
    const missing = this.missingLiveSettings();
    const video = this.settings.videoProvider;
    if (missing.videoData.length === 0) {
      this.rateLimiter = createProviderRateLimiter({
        key: video.apiKey!,
        perSecond: video.ratePerSecond ?? 10,
        // The provider counts arrivals; slots are counted when handed out. The spacing absorbs
        // the jitter between the two, at the cost of some peak rate (docs/configuration.md).
        marginMs: PROVIDER_RATE_MARGIN_MS,
        redisUrl: video.redisUrl || undefined,
      });
    }
    const llm = this.settings.llm;
    const videoData =
      missing.videoData.length > 0
        ? unconfiguredVideoData(missing.videoData)
        : new TikhubVideoDataProvider({
            baseUrl: video.baseUrl!,
            apiKey: video.apiKey!,
            timeoutMs: video.timeoutMs,
            downloadTimeoutMs: video.downloadTimeoutMs,
            maxRetries: video.maxRetries,
            breakerThreshold: video.breakerThreshold,
            breakerCoolDownMs: video.breakerCoolDownMs,
            backoff: this.hooks.backoff,
            fetch: this.hooks.fetch,
            random: this.hooks.random,
            now: this.hooks.now,
            egress: this.egress,
            region: video.region,
            gate: this.rateLimiter,
          });
    const model =
      missing.llm.length > 0
        ? unconfiguredLlm(missing.llm)
        : new OpenAiLlmProvider({
            apiKey: llm.apiKey!,
            baseUrl: llm.baseUrl,
            model: llm.model,
            visionModel: llm.visionModel,
            transcriptionModel: llm.transcriptionModel,
            timeoutMs: llm.timeoutMs,
            maxRetries: llm.maxRetries,
            fetch: this.hooks.fetch,
          });
    return withShortLinks('live', videoData, model);
  }
}

function withShortLinks(mode: Mode, videoData: VideoDataProvider, llm: LlmProvider): ModeProviders {
  return {
    mode,
    videoData,
    llm,
    // The caller's deadline reaches the provider call: a stalled resolution ends with `timeout`.
    shortLinks: {
      resolve: (url: string, options?: CallOptions) => videoData.resolveShareLink(url, options),
    },
  };
}
