import { array, object, pair, refine, text, type Check } from './sandbox-fixture-schema';
import { loadSandboxFixture } from './sandbox-fixtures';

/**
 * The sandbox's niches, from fixtures/niches.json. Each exists on both networks with text in the
 * market's language (English on network_a, Simplified Chinese on network_b). Searches map
 * phrases to niches by keyword overlap; English and Chinese keywords both work on both networks.
 */

export interface Localised<T> {
  en: T;
  zh: T;
}

export interface NicheDefinition {
  key: string;
  label: Localised<string>;
  /** The core subject word, swapped when a follow-up says "same but for X". */
  subject: Localised<string>;
  keywords: Localised<string[]>;
  hashtags: Localised<string[]>;
  /** Openers: the caption's first line and the first on-screen text. */
  hooks: Localised<string[]>;
  /** Spoken lines: the caption track (transcript) of the niche's reels. */
  lines: Localised<string[]>;
  /** `[handle, display name]` of the niche's creators. */
  creators: Localised<[string, string][]>;
}

/** Sounds take their "original sound" author from a niche's first five creators. */
const MIN_CREATORS = 5;

const localised = <T>(check: Check<T>): Check<Localised<T>> => object({ en: check, zh: check });

const NICHE: Check<NicheDefinition> = object({
  key: text(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  label: localised(text()),
  subject: localised(text()),
  keywords: localised(array(text(), 1)),
  hashtags: localised(array(text(/^[^\s#]+$/), 1)),
  hooks: localised(array(text(), 1)),
  lines: localised(array(text(), 1)),
  creators: localised(array(pair(text(/^[A-Za-z0-9._]+$/), text()), MIN_CREATORS)),
});

export const NICHES_FIXTURE: Check<NicheDefinition[]> = refine(array(NICHE, 1), (niches) => {
  const duplicate = niches.findIndex(
    (niche, i) => niches.findIndex((n) => n.key === niche.key) < i,
  );
  return duplicate < 0
    ? null
    : { path: `[${duplicate}].key`, message: `repeats the niche key "${niches[duplicate].key}"` };
});

export const SANDBOX_NICHES: readonly NicheDefinition[] = loadSandboxFixture(
  'niches.json',
  NICHES_FIXTURE,
);

export function nicheByKey(key: string): NicheDefinition {
  const niche = SANDBOX_NICHES.find((candidate) => candidate.key === key);
  if (!niche) throw new Error(`unknown sandbox niche ${key}`);
  return niche;
}
