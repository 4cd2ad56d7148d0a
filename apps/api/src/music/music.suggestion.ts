import { soundUrl } from '../providers/live/tikhub/mappers';
import type { SoundSuggestionDto } from './dto/music.dto';
import type { Candidate } from './music.pool';
import { suggestionWhy } from './music.prompt';
import { finalScore } from './music.ranking';
import { scoreFit, type AudioReading, type VideoProfile } from './music.scoring';
import { readTrend } from './music.trend';
import { soundWarnings } from './music.warnings';
import type { SoundFeatures } from './sound-analysis.cache';

/**
 * One scored suggestion: the candidate's provider data, the reading of its audio, its fit to the
 * video, its trend, the final score and its caveats.
 */
export function buildSuggestion(
  candidate: Candidate,
  features: SoundFeatures,
  video: VideoProfile,
): SoundSuggestionDto {
  const reading: AudioReading = {
    tempoBpm: features.tempoBpm,
    energy: features.energy,
    valence: features.valence,
    arousal: features.arousal,
    mood: features.mood,
  };
  // What an edit can use: the network's usable slice, else the track (else the preview we read).
  const usableSec = candidate.shootDurationSec ?? candidate.durationSec ?? features.durationSec;
  const fit = scoreFit(video, { reading, usableSec });
  const rising = candidate.charts.find((chart) => chart.kind === 'rising');
  const trend = readTrend({
    trend: candidate.trend,
    usageCount: candidate.usageCount,
    rankDiff: rising?.rankDiff ?? candidate.charts[0]?.rankDiff ?? null,
    onRisingChart: rising !== undefined,
  });
  const why = suggestionWhy(fit.why, candidate.sources.includes('video'));
  return {
    soundId: candidate.namespacedId,
    title: candidate.title,
    author: candidate.author,
    coverUrl: candidate.coverUrl,
    previewUrl: candidate.playUrl,
    tiktokUrl: candidate.url ?? soundUrl(candidate.market, candidate.id, candidate.title),
    durationSec: candidate.durationSec,
    shootDurationSec: candidate.shootDurationSec,
    vibe: {
      tempoBpm: reading.tempoBpm,
      energy: reading.energy,
      mood: reading.mood,
      valence: reading.valence,
      arousal: reading.arousal,
    },
    trend,
    commercial: {
      inCommercialLibrary: candidate.commercial,
      clearedForBrandUse: candidate.commercial === true,
      originalSound: candidate.isOriginal,
    },
    fit: { score: fit.score, why, parts: fit.parts },
    finalScore: finalScore(fit.score, trend.strength),
    warnings: soundWarnings({
      previewUrl: candidate.playUrl,
      commercial: candidate.commercial,
      isOriginal: candidate.isOriginal,
      usableSec,
      videoDurationSec: video.durationSec,
      trend,
      tempoBpm: reading.tempoBpm,
    }),
  };
}
