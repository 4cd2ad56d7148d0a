import { MARKETS, type Market } from '@reelscout/domain';
import type { CallOptions } from '../provider.types';
import {
  FixtureFieldError,
  integer,
  object,
  oneOf,
  record,
  refine,
  text,
  variant,
  type Check,
} from './sandbox-fixture-schema';
import { loadSandboxFixture } from './sandbox-fixtures';
import { SANDBOX_NICHES, type Localised } from './sandbox-niches';

/**
 * Magic ids, links and phrases of the sandbox, documented in docs/test-mode.md like a payment
 * API's test cards. Each triggers one outcome in test mode. The tables are in
 * fixtures/magic.json; what each outcome does is written here and in the provider.
 */

export type MagicPostOutcome =
  /** A 200-second video: playbook clips it to 120 s. */
  | 'longVideo'
  /** A photo post: playbook and music answer 404. */
  | 'photoPost'
  /** A deleted post: 404. */
  | 'deletedPost'
  /** The provider fails: 502 `provider_error`. */
  | 'failingProvider'
  /** The provider stalls for `SANDBOX_SLOW_DELAY_MS`: the operation's deadline (504) wins. */
  | 'slowProvider'
  /**
   * A video no sound is usable for: it has no sound of its own, and every sound-pool call made
   * for it (charts, sound search, similar videos) answers with nothing, so music answers 200
   * with `suggestions: []`, free. Playbook treats it as an ordinary video.
   */
  | 'noSounds';

/** Search phrases containing one of these words trigger the outcome (case-insensitive). */
export type MagicPhrase =
  /** No results at all (an empty scan: 200, `reels: []`, no charge). */
  | 'empty'
  /** The search fails with 502 `provider_error`. */
  | 'fail'
  /** The search stalls for `SANDBOX_SLOW_DELAY_MS` before answering. */
  | 'slow';

/**
 * Share links the sandbox resolves, by platform and short code. The target is either a
 * catalogue reel (its niche and position), a magic post, or an Instagram sandbox reel.
 */
export type ShortLinkTarget =
  | { kind: 'reel'; market: Market; niche: string; index: number }
  | { kind: 'magic'; market: Market; outcome: MagicPostOutcome }
  | { kind: 'instagram'; code: string };

/** An Instagram or YouTube post the sandbox knows, mirroring a network_a catalogue reel. */
export interface ForeignPost {
  platform: 'instagram' | 'youtube';
  niche: string;
  index: number;
}

// Every outcome and phrase once (the compiler checks none is missing). Magic phrases are tried
// in this order.
const OUTCOMES = Object.keys({
  longVideo: true,
  photoPost: true,
  deletedPost: true,
  failingProvider: true,
  slowProvider: true,
  noSounds: true,
} satisfies Record<MagicPostOutcome, true>) as MagicPostOutcome[];
const PHRASES = Object.keys({
  empty: true,
  fail: true,
  slow: true,
} satisfies Record<MagicPhrase, true>) as MagicPhrase[];

/** An object with one field per listed key, each checked by `check`. */
function keyed<K extends string, T>(keys: readonly K[], check: Check<T>): Check<Record<K, T>> {
  return object(Object.fromEntries(keys.map((key) => [key, check]))) as Check<Record<K, T>>;
}

/** A niche key of fixtures/niches.json. */
const nicheKey: Check<string> = (value, path) => {
  const key = text()(value, path);
  if (!SANDBOX_NICHES.some((candidate) => candidate.key === key)) {
    throw new FixtureFieldError(path, `names no niche of niches.json (found "${key}")`);
  }
  return key;
};

const market = oneOf(MARKETS);
const localisedText = object({ en: text(), zh: text() });

export const MAGIC_FIXTURE = object({
  /** Post ids (19 digits, like real ones) per network. */
  postIds: keyed(MARKETS, keyed(OUTCOMES, text(/^[0-9]{19}$/))),
  phrases: keyed(PHRASES, text(/^[a-z0-9-]+$/)),
  shortLinks: record(
    /^(network_a|network_b|instagram):[A-Za-z0-9_-]+$/,
    variant<ShortLinkTarget>('kind', {
      reel: object({ kind: oneOf(['reel']), market, niche: nicheKey, index: integer(0) }),
      magic: object({ kind: oneOf(['magic']), market, outcome: oneOf(OUTCOMES) }),
      instagram: object({ kind: oneOf(['instagram']), code: text(/^[A-Za-z0-9_-]+$/) }),
    }),
  ),
  foreignPosts: refine(
    record(
      /^(instagram|youtube):[A-Za-z0-9_-]+$/,
      object({
        platform: oneOf(['instagram', 'youtube']),
        niche: nicheKey,
        index: integer(0),
      }) as Check<ForeignPost>,
    ),
    (posts) => {
      const wrong = Object.entries(posts).find(([id, post]) => !id.startsWith(`${post.platform}:`));
      return wrong
        ? { path: `["${wrong[0]}"].platform`, message: "differs from the id's platform" }
        : null;
    },
  ),
  /** The text of the magic posts that is not their niche's. */
  texts: object({ photoPostCaption: localisedText, longVideoHook: localisedText }),
});

const MAGIC = loadSandboxFixture('magic.json', MAGIC_FIXTURE);

/** Post ids (19 digits, like real ones) per network. */
export const SANDBOX_MAGIC_IDS: Readonly<
  Record<Market, Readonly<Record<MagicPostOutcome, string>>>
> = MAGIC.postIds;

/** Search phrases containing one of these words trigger the outcome (case-insensitive). */
export const SANDBOX_MAGIC_PHRASES: Readonly<Record<MagicPhrase, string>> = MAGIC.phrases;

export const SANDBOX_SHORT_LINKS: Readonly<Record<string, ShortLinkTarget>> = MAGIC.shortLinks;

/**
 * Instagram and YouTube posts the sandbox knows (both belong to network_a). Each mirrors a
 * network_a catalogue reel: same media, captions and sound.
 */
export const SANDBOX_FOREIGN_POSTS: Readonly<Record<string, ForeignPost>> = MAGIC.foreignPosts;

/** The photo post's caption and the long video's hook, per language. */
export const SANDBOX_MAGIC_TEXTS: Readonly<{
  photoPostCaption: Localised<string>;
  longVideoHook: Localised<string>;
}> = MAGIC.texts;

/** Whether a call was made for the pool of a no-sound magic video (either network). */
export function isForNoSoundVideo(options: CallOptions): boolean {
  return (
    options.forVideo === SANDBOX_MAGIC_IDS.network_a.noSounds ||
    options.forVideo === `network_b:${SANDBOX_MAGIC_IDS.network_b.noSounds}`
  );
}

export function magicPhraseIn(phrase: string): MagicPhrase | null {
  const lower = phrase.toLowerCase();
  for (const [outcome, word] of Object.entries(SANDBOX_MAGIC_PHRASES)) {
    if (lower.includes(word)) return outcome as MagicPhrase;
  }
  return null;
}

/** The reserved host of sandbox media URLs. `.invalid` never resolves: nothing is fetched. */
export const SANDBOX_MEDIA_HOST = 'sandbox-media.reelscout.invalid';

/** Post times are fixed relative to this instant, so the catalogue never depends on the clock. */
export const SANDBOX_EPOCH_MS = Date.UTC(2026, 0, 1);
