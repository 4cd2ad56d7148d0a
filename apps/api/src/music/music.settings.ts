import { AUDIO_ANALYZER_VERSION } from '../media-analysis/audio-analyzer';

/** The music operation's settings (the `music` configuration namespace carries them). */
export interface MusicSettings {
  /** Most sounds scored per call (the candidate pool is cut to this many). */
  maxCandidates: number;
  /** New sound analyses (download + decode + reading) running at once in this instance. */
  analysisConcurrency: number;
}

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
