import type { Market } from '@reelscout/domain';
import type { Sound, SoundChartEntry, SoundChartQuery } from '../provider.types';
import type { SandboxCatalogue } from './sandbox-catalogue';
import { containsKeyword, rankingTerms } from './sandbox-text';
import { hash32 } from './seeded-random';

/**
 * The sound side of the sandbox's video-data provider (`SandboxVideoDataProvider`), answered
 * from the sandbox catalogue: the sound charts and the sound search. It answers the provider's
 * questions, not music's (music asks no language model, so it hands the sandbox no rule), so it
 * lives with the sandbox. (A video's own sound, a sound's details and the videos using a sound
 * are plain catalogue look-ups; the no-sound magic video, which finds no sounds at all, is one
 * of the sandbox's magic ids in sandbox-magic.ts.)
 */

const CHART_LENGTH = 50;

/** A market's chart: `rising` by growth of use, `popular` by use; deterministic rank moves. */
export function sandboxSoundChart(
  catalogue: SandboxCatalogue,
  market: Market,
  query: SoundChartQuery,
): SoundChartEntry[] {
  const sounds = catalogue
    .sounds(market)
    .map((entry) => entry.sound)
    .filter((sound) => !query.commercialOnly || sound.commercial === true);
  const growth = (sound: Sound) => {
    const trend = sound.trend ?? [];
    return trend.length < 2 ? 1 : trend[trend.length - 1].value / Math.max(1, trend[0].value);
  };
  const ordered =
    query.kind === 'rising'
      ? [...sounds].sort((a, b) => growth(b) - growth(a) || a.id.localeCompare(b.id))
      : [...sounds].sort(
          (a, b) => (b.usageCount ?? 0) - (a.usageCount ?? 0) || a.id.localeCompare(b.id),
        );
  return ordered.slice(0, CHART_LENGTH).map((sound, index) => ({
    ...structuredClone(sound),
    rank: index + 1,
    rankDiff:
      query.kind === 'rising'
        ? Math.max(1, Math.round(growth(sound) * 3))
        : (hash32(sound.id) % 11) - 5,
  }));
}

/** Sounds whose title or author has the phrase's words (or of the niche it names), best first. */
export function sandboxSoundSearch(
  catalogue: SandboxCatalogue,
  market: Market,
  phrase: string,
): Sound[] {
  const niches = new Set(catalogue.matchNiches(phrase).map((match) => match.niche.key));
  const terms = rankingTerms(phrase);
  return catalogue
    .sounds(market)
    .map((entry) => ({
      sound: entry.sound,
      score:
        2 *
          terms.filter((term) =>
            containsKeyword(`${entry.sound.title ?? ''} ${entry.sound.author ?? ''}`, term),
          ).length +
        (niches.has(entry.niche) ? 1 : 0),
    }))
    .filter((entry) => entry.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        (b.sound.usageCount ?? 0) - (a.sound.usageCount ?? 0) ||
        a.sound.id.localeCompare(b.sound.id),
    )
    .slice(0, 20)
    .map((entry) => structuredClone(entry.sound));
}
