import type { ConfigService } from '@nestjs/config';
import { AUDIO_ANALYZER_VERSION } from '../media-analysis/audio-analyzer';

/** The music operation's settings, resolved once per app (defaults filled in). */
export interface MusicSettings {
  /** Most sounds scored per call (the candidate pool is cut to this many). */
  maxCandidates: number;
  /** New sound analyses (download + decode + reading) running at once in this instance. */
  analysisConcurrency: number;
}

export const MUSIC_SETTINGS = Symbol('MUSIC_SETTINGS');

export const MUSIC_DEFAULTS = { maxCandidates: 50, analysisConcurrency: 4 } as const;

/**
 * Seconds of each sound that are read. The usable slice of a sound (`shootDurationSec`) rarely
 * exceeds 60 s and edits mostly use its start; 30 s carry the tempo, energy and mood.
 */
export const SOUND_ANALYSIS_SECONDS = 30;

/**
 * What a cached analysis is keyed by, besides the sound: the analyzer's own version and the
 * span it read. Bump either and every sound is analyzed afresh on its next encounter.
 */
export const SOUND_ANALYSIS_VERSION = `${AUDIO_ANALYZER_VERSION};first-${SOUND_ANALYSIS_SECONDS}s`;

/** Largest sound file downloaded for analysis (a 3-minute track is a few megabytes). */
export const SOUND_MAX_DOWNLOAD_BYTES = 40 * 1024 * 1024;

/**
 * `MUSIC_MAX_CANDIDATES` (1–100, default 50) and `MUSIC_ANALYSIS_CONCURRENCY` (1–32, default 4).
 * A missing or out-of-range value falls back to its default, so a bare `ConfigService` works.
 */
export function readMusicSettings(config: ConfigService): MusicSettings {
  return {
    maxCandidates: boundedInt(
      config.get<unknown>('MUSIC_MAX_CANDIDATES'),
      1,
      100,
      MUSIC_DEFAULTS.maxCandidates,
    ),
    analysisConcurrency: boundedInt(
      config.get<unknown>('MUSIC_ANALYSIS_CONCURRENCY'),
      1,
      32,
      MUSIC_DEFAULTS.analysisConcurrency,
    ),
  };
}

function boundedInt(value: unknown, min: number, max: number, fallback: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max
    ? number
    : fallback;
}
