import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { MARKETS } from '@reelscout/domain';
import type { Environment } from '../config/environment';
import { sandboxCatalogue } from '../providers';
import { SoundAnalysisRepository } from '../repositories/sound-analysis.repository';
import { SoundAnalysisService, type SoundToAnalyze } from './sound-analysis.service';

/** Taken by the one instance that warms the cache; the others skip the work. */
const WARMUP_LOCK = 'reelscout:sandbox-sound-warmup';

export interface WarmupReport {
  /** False: another instance holds the lock (and does the work). */
  ran: boolean;
  sounds: number;
  analyzedNow: number;
  fromCache: number;
  failed: number;
}

/**
 * Test mode's first music call, quick on a fresh install: once the API is up, every sound of
 * the sandbox catalogue is read through the same download-and-analysis path a music call uses,
 * into the permanent cache, so the first call finds its candidates there (docs/test-mode.md
 * says why this and not a shipped table of readings). It never delays start-up: it begins after
 * bootstrap and runs in the background.
 *
 * On when `SANDBOX_SOUND_WARMUP` is true (`npm start` and the compose file set it). One instance
 * at a time (a session advisory lock); a sound already cached costs only its lookup, so a
 * restart does nothing new. Sounds go in batches of `MUSIC_ANALYSIS_CONCURRENCY`, and no batch
 * starts while a call is reading sounds: a call's new sounds wait behind one batch at most, and
 * a call needing a sound being warmed joins that analysis.
 */
@Injectable()
export class SandboxSoundWarmup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SoundWarmup');
  private readonly controller = new AbortController();
  private running?: Promise<unknown>;

  constructor(
    private readonly analysis: SoundAnalysisService,
    private readonly analyses: SoundAnalysisRepository,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.get('SANDBOX_SOUND_WARMUP', { infer: true })) return;
    this.running = this.run().catch((error: unknown) => {
      if (!this.controller.signal.aborted) {
        this.logger.warn({ err: error }, 'sandbox sound warm-up stopped');
      }
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.controller.abort(new Error('shutting down'));
    await this.running;
  }

  /** Reads every sandbox sound (or those given) not cached yet; what it did. */
  async run(sounds: readonly SoundToAnalyze[] = sandboxSounds()): Promise<WarmupReport> {
    const batchSize = this.config.get('MUSIC_ANALYSIS_CONCURRENCY', { infer: true });
    const report: WarmupReport = {
      ran: false,
      sounds: sounds.length,
      analyzedNow: 0,
      fromCache: 0,
      failed: 0,
    };
    const started = performance.now();
    const ran = await this.analyses.withSessionLock(WARMUP_LOCK, async () => {
      for (let at = 0; at < sounds.length; at += batchSize) {
        await this.analysis.callsIdle();
        this.controller.signal.throwIfAborted();
        const batch = sounds.slice(at, at + batchSize);
        const outcome = await this.analysis.featuresFor('test', batch, this.controller.signal, {
          background: true,
        });
        report.analyzedNow += outcome.analyzedNow;
        report.fromCache += outcome.fromCache;
        report.failed += outcome.failed.length + outcome.withoutPreview.length;
      }
    });
    report.ran = ran;
    if (ran && report.analyzedNow > 0) {
      this.logger.log(
        { ...report, seconds: Math.round(performance.now() - started) / 1000 },
        'sandbox sounds analyzed for test-mode music',
      );
    }
    return report;
  }
}

/** Every sandbox sound of both networks, network_a's first (the README's examples use it). */
export function sandboxSounds(): SoundToAnalyze[] {
  const catalogue = sandboxCatalogue();
  return MARKETS.flatMap((market) =>
    catalogue.sounds(market).map(({ sound }) => ({
      namespacedId: sound.namespacedId,
      playUrl: sound.playUrl,
    })),
  );
}
