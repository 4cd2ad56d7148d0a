import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { MARKETS } from '@reelscout/domain';
import { musicConfig } from '../config';
import { sandboxCatalogue } from '../providers';
import { SANDBOX_RENDERER_VERSION } from '../sandbox-media/sandbox-media.renderer';
import { SOUND_ANALYSIS_VERSION } from './music.settings';
import { parseFeatures, SoundAnalysisCache, type SoundFeatures } from './sound-analysis.cache';
import type { SoundToAnalyze } from './sound-analysis.service';
import shipped from './sandbox-sound-readings.data.json';

/**
 * The readings of the sandbox's sounds, as the analyzer made them from the sandbox's rendered
 * audio (`npm run sandbox:readings` writes the JSON file; sandbox-sound-readings.e2e-spec.ts
 * re-reads a sample on every run and fails when the file no longer matches the analyzer).
 */
export interface SandboxSoundReadings {
  analyzerVersion: string;
  rendererVersion: string;
  readings: Record<string, SoundFeatures>;
}

export const SHIPPED_READINGS = shipped as SandboxSoundReadings;

/** Every sandbox sound of both networks, with the audio a music call would analyze. */
export function sandboxSounds(): SoundToAnalyze[] {
  const catalogue = sandboxCatalogue();
  return MARKETS.flatMap((market) =>
    catalogue.sounds(market).map(({ sound }) => ({
      namespacedId: sound.namespacedId,
      playUrl: sound.playUrl,
    })),
  );
}

/** Whether a readings file was made by this code's analyzer from this code's rendered audio. */
export function readingsAreCurrent(file: SandboxSoundReadings): boolean {
  return (
    file.analyzerVersion === SOUND_ANALYSIS_VERSION &&
    file.rendererVersion === SANDBOX_RENDERER_VERSION
  );
}

/**
 * Test mode's first music call, quick on a fresh install: at start-up the shipped readings of
 * the sandbox's 128 sounds go into the permanent sound-analysis cache (one statement; a row
 * already there is kept), so no call waits for about 50 analyses of sounds every install reads
 * the same way. The video of the call is still analyzed from its media (docs/test-mode.md says
 * why shipped readings and not a warm-up). On when `SANDBOX_SOUND_SEED` is true (`npm start`
 * and the compose file set it); the test suites leave it off and analyze cold.
 */
@Injectable()
export class SandboxSoundSeed implements OnApplicationBootstrap {
  private readonly logger = new Logger('SoundAnalysis');

  constructor(
    private readonly cache: SoundAnalysisCache,
    @Inject(musicConfig.KEY) private readonly config: ConfigType<typeof musicConfig>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.sandboxSoundSeed) return;
    await this.seed(SHIPPED_READINGS);
  }

  /** Stores the readings of `file` in test mode's cache; how many were new. */
  async seed(file: SandboxSoundReadings): Promise<number> {
    if (!readingsAreCurrent(file)) {
      // An analyzer or renderer change without new readings: calls analyze the sounds instead.
      this.logger.warn(
        { shipped: file.analyzerVersion, current: SOUND_ANALYSIS_VERSION },
        'the sandbox sound readings are out of date (npm run sandbox:readings); not seeding them',
      );
      return 0;
    }
    const readings = new Map<string, SoundFeatures>();
    for (const [id, value] of Object.entries(file.readings)) {
      const features = parseFeatures(value);
      if (features) readings.set(id, features);
    }
    return this.cache.putMany('test', SOUND_ANALYSIS_VERSION, readings);
  }
}
