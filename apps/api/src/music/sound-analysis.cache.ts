import { Injectable } from '@nestjs/common';
import type { Mode } from '@reelscout/domain';
import { AUDIO_MOODS, type AudioFeatures, type AudioMood } from '../media-analysis/audio-features';
import { SoundAnalysisRepository } from '../repositories/sound-analysis.repository';

/**
 * What is kept of one sound's audio reading: the reading without its analyzer version (the
 * row's key); the measurements are kept as they came (and may be missing from a row).
 */
export interface SoundFeatures extends Omit<AudioFeatures, 'analyzerVersion' | 'details'> {
  details?: Record<string, unknown>;
}

const MOODS: readonly string[] = AUDIO_MOODS;

/**
 * The permanent sound-analysis cache in Postgres (`sound_analyses`), shared by every instance.
 * Keyed by mode, namespaced sound id and analyzer version; rows are inserted once and never
 * changed (`ON CONFLICT DO NOTHING`): when two instances analyze the same new sound at once,
 * the first row wins and both answer with it.
 */
@Injectable()
export class SoundAnalysisCache {
  constructor(private readonly analyses: SoundAnalysisRepository) {}

  /** The cached readings among `soundIds` (namespaced) for this analyzer version. */
  async getMany(
    mode: Mode,
    soundIds: readonly string[],
    analyzerVersion: string,
  ): Promise<Map<string, SoundFeatures>> {
    const found = new Map<string, SoundFeatures>();
    if (soundIds.length === 0) return found;
    const rows = await this.analyses.getMany(mode, [...new Set(soundIds)], analyzerVersion);
    for (const row of rows) {
      const features = parseFeatures(row.features);
      if (features) found.set(row.sound_id, features);
    }
    return found;
  }

  /**
   * Stores a reading unless one is already there, and returns the stored one (ours, or the
   * first instance's when another got there before us).
   */
  async put(
    mode: Mode,
    soundId: string,
    analyzerVersion: string,
    features: SoundFeatures,
  ): Promise<SoundFeatures> {
    const inserted = await this.analyses.create(
      mode,
      soundId,
      analyzerVersion,
      JSON.stringify(features),
    );
    if (inserted) return features;
    const existing = await this.getMany(mode, [soundId], analyzerVersion);
    return existing.get(soundId) ?? features;
  }

  /**
   * Stores readings known ahead of any call (the sandbox's shipped ones), each unless one is
   * there; how many were new.
   */
  putMany(
    mode: Mode,
    analyzerVersion: string,
    readings: ReadonlyMap<string, SoundFeatures>,
  ): Promise<number> {
    return this.analyses.createMany(
      mode,
      analyzerVersion,
      [...readings].map(([soundId, features]) => ({
        soundId,
        features: JSON.stringify(features),
      })),
    );
  }

  /** Readings stored for a mode (and version, when given): for operators and tests. */
  count(mode: Mode, analyzerVersion?: string): Promise<number> {
    return this.analyses.count(mode, analyzerVersion);
  }
}

/** A stored reading, checked field by field; anything malformed reads as a cache miss. */
export function parseFeatures(value: unknown): SoundFeatures | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const unit = (x: unknown): x is number => typeof x === 'number' && x >= 0 && x <= 1;
  const tempoOk = v.tempoBpm === null || (typeof v.tempoBpm === 'number' && v.tempoBpm > 0);
  const durationOk =
    v.durationSec === null || (typeof v.durationSec === 'number' && v.durationSec >= 0);
  if (
    !tempoOk ||
    !durationOk ||
    !unit(v.beatConfidence) ||
    !unit(v.energy) ||
    !unit(v.valence) ||
    !unit(v.arousal) ||
    typeof v.mood !== 'string' ||
    !MOODS.includes(v.mood) ||
    typeof v.analyzedSeconds !== 'number'
  ) {
    return null;
  }
  return {
    tempoBpm: v.tempoBpm as number | null,
    beatConfidence: v.beatConfidence,
    energy: v.energy,
    valence: v.valence,
    arousal: v.arousal,
    mood: v.mood as AudioMood,
    durationSec: v.durationSec as number | null,
    analyzedSeconds: v.analyzedSeconds,
    ...(v.details && typeof v.details === 'object'
      ? { details: v.details as Record<string, unknown> }
      : {}),
  };
}
