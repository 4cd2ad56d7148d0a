import { rm } from 'node:fs/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Mode } from '@reelscout/domain';
import { AudioAnalyzer } from '../media-analysis/audio-analyzer';
import type { AudioFeatures } from '../media-analysis/audio-features';
import { abortReason } from '../common/async/abort';
import { ConcurrencyLimiter } from '../common/async/concurrency-limiter';
import { musicConfig } from '../config';
import { ProvidersService } from '../providers/providers.service';
import {
  SOUND_ANALYSIS_SECONDS,
  SOUND_ANALYSIS_VERSION,
  SOUND_MAX_DOWNLOAD_BYTES,
  type MusicSettings,
} from './music.settings';
import { SoundAnalysisCache, type SoundFeatures } from './sound-analysis.cache';

export interface SoundToAnalyze {
  /** The public (namespaced) id: the cache key. */
  namespacedId: string;
  /** The audio to download when the sound is not cached yet. */
  playUrl: string | null;
}

export interface SoundAnalysisOutcome {
  /** Readings by namespaced id: cached ones and fresh ones. */
  features: Map<string, SoundFeatures>;
  fromCache: number;
  analyzedNow: number;
  /**
   * Ids whose audio could not be downloaded or analyzed: left out. Not fatal here; music answers
   * 502 when every sound it tried to read failed (see `MusicService.run`).
   */
  failed: string[];
  /** Ids not cached and without a preview URL to analyze. */
  withoutPreview: string[];
}

/** Counters of this instance since it started (tests and operators read them). */
export interface SoundAnalysisStats {
  /** Analyses begun (a download and a reading of a sound not in the cache). */
  started: number;
  analyzed: number;
  failed: number;
  /** Sounds answered from the Postgres cache. */
  cacheHits: number;
  /** Requests that joined an analysis of the same sound already running in this instance. */
  joined: number;
}

interface Job {
  promise: Promise<SoundFeatures>;
  controller: AbortController;
  waiters: number;
}

/**
 * Sound readings for the music operation: from the permanent cache when the sound was heard
 * before (by any instance), else downloaded, analyzed and stored. New analyses run concurrently
 * up to `MUSIC_ANALYSIS_CONCURRENCY` per instance (their ffmpeg decoding also waits for the media
 * limiter); two requests needing the same new sound share one analysis, which stops only when
 * every request waiting for it has given up. Temp files are always removed.
 */
@Injectable()
export class SoundAnalysisService {
  private readonly logger = new Logger('SoundAnalysis');
  private readonly limiter: ConcurrencyLimiter;
  private readonly jobs = new Map<string, Job>();
  private readonly counters: SoundAnalysisStats = {
    started: 0,
    analyzed: 0,
    failed: 0,
    cacheHits: 0,
    joined: 0,
  };

  constructor(
    private readonly cache: SoundAnalysisCache,
    private readonly audio: AudioAnalyzer,
    private readonly providers: ProvidersService,
    @Inject(musicConfig.KEY) settings: MusicSettings,
  ) {
    this.limiter = new ConcurrencyLimiter(settings.analysisConcurrency);
  }

  stats(): SoundAnalysisStats {
    return { ...this.counters };
  }

  async featuresFor(
    mode: Mode,
    sounds: readonly SoundToAnalyze[],
    signal: AbortSignal,
  ): Promise<SoundAnalysisOutcome> {
    const ids = [...new Set(sounds.map((sound) => sound.namespacedId))];
    const features = await this.cache.getMany(mode, ids, SOUND_ANALYSIS_VERSION);
    const fromCache = features.size;
    this.counters.cacheHits += fromCache;

    const misses = sounds.filter(
      (sound, index) =>
        !features.has(sound.namespacedId) &&
        sounds.findIndex((other) => other.namespacedId === sound.namespacedId) === index,
    );
    const withoutPreview = misses.filter((sound) => !sound.playUrl).map((s) => s.namespacedId);
    const failed: string[] = [];
    let analyzedNow = 0;
    await Promise.all(
      misses
        .filter((sound) => sound.playUrl)
        .map(async (sound) => {
          try {
            features.set(sound.namespacedId, await this.analysis(mode, sound, signal));
            analyzedNow += 1;
          } catch (error) {
            if (signal.aborted) throw abortReason(signal);
            failed.push(sound.namespacedId);
            this.logger.warn(
              { err: error, soundId: sound.namespacedId },
              'sound analysis failed; the sound is left out',
            );
          }
        }),
    );
    return { features, fromCache, analyzedNow, failed, withoutPreview };
  }

  /** One sound's reading: joins a running analysis of it, or starts one. */
  private analysis(mode: Mode, sound: SoundToAnalyze, signal: AbortSignal): Promise<SoundFeatures> {
    const key = `${mode}:${sound.namespacedId}`;
    let job = this.jobs.get(key);
    if (job && !job.controller.signal.aborted) {
      this.counters.joined += 1;
    } else {
      const controller = new AbortController();
      // Shared by every call that joins it; its provider calls count for the call that started
      // it (it runs in that call's async context).
      const promise = this.analyze(mode, sound, controller.signal).finally(() => {
        if (this.jobs.get(key) === job) this.jobs.delete(key);
      });
      job = { promise, controller, waiters: 0 };
      this.jobs.set(key, job);
    }
    return this.wait(job, signal);
  }

  /** Waits for a shared job; the job is aborted when its last waiter's signal fires. */
  private wait(job: Job, signal: AbortSignal): Promise<SoundFeatures> {
    if (signal.aborted) return Promise.reject(abortReason(signal));
    job.waiters += 1;
    return new Promise<SoundFeatures>((resolve, reject) => {
      const onAbort = () => {
        job.waiters -= 1;
        if (job.waiters === 0) job.controller.abort(abortReason(signal));
        reject(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      job.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  private async analyze(
    mode: Mode,
    sound: SoundToAnalyze,
    signal: AbortSignal,
  ): Promise<SoundFeatures> {
    const reading = await this.limiter
      .run(async () => {
        this.counters.started += 1;
        const path = await this.providers
          .for(mode)
          .videoData.downloadMedia(
            sound.playUrl!,
            { maxBytes: SOUND_MAX_DOWNLOAD_BYTES, kind: 'audio' },
            { signal },
          );
        try {
          return await this.audio.analyze(path, { maxSeconds: SOUND_ANALYSIS_SECONDS, signal });
        } finally {
          await rm(path, { force: true });
        }
      }, signal)
      .catch((error: unknown) => {
        if (!signal.aborted) this.counters.failed += 1;
        throw error;
      });
    this.counters.analyzed += 1;
    const features = toStored(reading);
    try {
      return await this.cache.put(mode, sound.namespacedId, SOUND_ANALYSIS_VERSION, features);
    } catch (error) {
      // The reading is good; only remembering it failed. The next encounter analyzes again.
      this.logger.warn(
        { err: error, soundId: sound.namespacedId },
        'could not cache a sound analysis',
      );
      return features;
    }
  }
}

function toStored(reading: AudioFeatures): SoundFeatures {
  return {
    tempoBpm: reading.tempoBpm,
    beatConfidence: reading.beatConfidence,
    energy: reading.energy,
    valence: reading.valence,
    arousal: reading.arousal,
    mood: reading.mood,
    durationSec: reading.durationSec,
    analyzedSeconds: reading.analyzedSeconds,
    details: { ...reading.details },
  };
}
