import type { Market } from '@reelscout/domain';
import type { SoundTrend } from './music.trend';

/** Fewer sounds scored than this reads as a thin pool (a note says so). */
export const THIN_POOL = 10;

export interface SoundWarningInput {
  previewUrl: string | null;
  commercial: boolean | null;
  isOriginal: boolean | null;
  /** The usable slice (`shootDurationSec`, else the full length). */
  usableSec: number | null;
  videoDurationSec: number;
  trend: SoundTrend;
  tempoBpm: number | null;
}

/** Caveats of one suggestion, in plain words. Never errors: the sound is still suggested. */
export function soundWarnings(input: SoundWarningInput): string[] {
  const warnings: string[] = [];
  if (input.previewUrl) {
    warnings.push(
      'The preview URL expires, usually within hours: fetch it again before playing it later.',
    );
  }
  if (input.commercial !== true) {
    warnings.push(
      input.commercial === false
        ? `Not in the commercial music library${input.isOriginal ? " (a creator's original sound)" : ''}: not cleared for brand or sponsored posts.`
        : 'Commercial-library status unknown: not confirmed as cleared for brand or sponsored posts.',
    );
  }
  if (input.usableSec !== null && input.usableSec + 0.5 < input.videoDurationSec) {
    warnings.push(
      `Shorter than the video: its usable slice is ${Math.round(input.usableSec)} s, the video runs ${Math.round(input.videoDurationSec)} s (loop it or trim the edit).`,
    );
  }
  if (input.trend.direction === 'fading') {
    const change =
      input.trend.growth !== null
        ? ` (${Math.round(input.trend.growth * 100)} % over its history)`
        : '';
    warnings.push(`Fading: fewer new videos use it${change}; it may feel dated soon.`);
  }
  if (input.tempoBpm === null) {
    warnings.push('No steady beat was found: cutting to it will be by feel.');
  }
  return warnings;
}

export interface RunFacts {
  market: Market;
  considered: number;
  /** The pool cap (what a full pool holds). */
  maxCandidates: number;
  requireCommercial: boolean;
  fromCache: number;
  analyzedNow: number;
  /** Candidates dropped because their audio could not be downloaded or analyzed. */
  failedAnalyses: number;
  /** Candidates dropped because no playable preview exists to analyze. */
  withoutPreview: number;
  /** Sources that failed (the others still answered). */
  failedSources: string[];
  videoHasAudio: boolean;
  voiceLed: boolean;
}

/** Notes about the run as a whole, in plain words. */
export function runNotes(facts: RunFacts): string[] {
  const notes: string[] = [];
  if (facts.considered === 0) {
    notes.push(
      `No usable sound was found for this video${facts.requireCommercial ? ' in the commercial music library' : ''}; nothing was charged.`,
    );
  } else if (facts.considered < Math.min(THIN_POOL, facts.maxCandidates)) {
    notes.push(
      `Thin pool: only ${facts.considered} sound${facts.considered === 1 ? '' : 's'} could be scored for this video (a full pool holds up to ${facts.maxCandidates}).`,
    );
  }
  if (facts.requireCommercial) {
    notes.push('Only tracks in the commercial music library were considered (requireCommercial).');
  }
  if (facts.market === 'network_b') {
    notes.push('network_b carries no genre metadata: fit is judged from the audio itself.');
  }
  const total = facts.fromCache + facts.analyzedNow;
  if (total > 0) {
    notes.push(
      `${facts.fromCache} of ${total} sound analyses came from the permanent cache; ${facts.analyzedNow} sound${facts.analyzedNow === 1 ? ' was' : 's were'} analyzed for the first time.`,
    );
  }
  if (facts.failedAnalyses > 0) {
    notes.push(
      `${facts.failedAnalyses} sound${facts.failedAnalyses === 1 ? ' was' : 's were'} left out: the audio could not be downloaded or analyzed.`,
    );
  }
  if (facts.withoutPreview > 0) {
    notes.push(
      `${facts.withoutPreview} sound${facts.withoutPreview === 1 ? ' was' : 's were'} left out: no playable preview to analyze.`,
    );
  }
  for (const source of facts.failedSources) {
    notes.push(`The ${source} could not be read; the other sources were used.`);
  }
  if (!facts.videoHasAudio) {
    notes.push('The video has no audio track: energy follows its pace, and mood is not matched.');
  } else if (facts.voiceLed) {
    notes.push('The video is voice-led: quieter sounds that sit under speech are preferred.');
  }
  return notes;
}
