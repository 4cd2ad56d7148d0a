import type { Market } from '@reelscout/domain';
import type { CallOptions } from '../provider.types';

/**
 * Magic ids, links and phrases of the sandbox, documented in docs/sandbox.md like a payment
 * API's test cards. Each triggers one outcome in test mode.
 */

/** Post ids (19 digits, like real ones) per network. */
export const SANDBOX_MAGIC_IDS: Readonly<
  Record<Market, Readonly<Record<MagicPostOutcome, string>>>
> = {
  network_a: {
    longVideo: '7000000000000000200',
    photoPost: '7000000000000000204',
    deletedPost: '7000000000000000410',
    failingProvider: '7000000000000000502',
    slowProvider: '7000000000000000504',
    noSounds: '7000000000000000000',
  },
  network_b: {
    longVideo: '7100000000000000200',
    photoPost: '7100000000000000204',
    deletedPost: '7100000000000000410',
    failingProvider: '7100000000000000502',
    slowProvider: '7100000000000000504',
    noSounds: '7100000000000000000',
  },
};

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
export const SANDBOX_MAGIC_PHRASES = {
  /** No results at all (an empty scan: 200, `reels: []`, no charge). */
  empty: 'sandbox-empty',
  /** The search fails with 502 `provider_error`. */
  fail: 'sandbox-fail',
  /** The search stalls for `SANDBOX_SLOW_DELAY_MS` before answering. */
  slow: 'sandbox-slow',
} as const;

export type MagicPhrase = keyof typeof SANDBOX_MAGIC_PHRASES;

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

/**
 * Share links the sandbox resolves, by platform and short code. The target is either a
 * catalogue reel (its niche and position), a magic post, or an Instagram sandbox reel.
 */
export type ShortLinkTarget =
  | { kind: 'reel'; market: Market; niche: string; index: number }
  | { kind: 'magic'; market: Market; outcome: MagicPostOutcome }
  | { kind: 'instagram'; code: string };

export const SANDBOX_SHORT_LINKS: Readonly<Record<string, ShortLinkTarget>> = {
  'tiktok:ZMsandbox1': { kind: 'reel', market: 'network_a', niche: 'home-coffee', index: 0 },
  'tiktok:ZMsandbox2': { kind: 'magic', market: 'network_a', outcome: 'longVideo' },
  'tiktok:ZMsandboxP': { kind: 'magic', market: 'network_a', outcome: 'photoPost' },
  'douyin:sandbox1': { kind: 'reel', market: 'network_b', niche: 'home-coffee', index: 0 },
  'douyin:sandbox2': { kind: 'magic', market: 'network_b', outcome: 'longVideo' },
  'douyin:sandboxP': { kind: 'magic', market: 'network_b', outcome: 'photoPost' },
  'instagram:SANDBOXshare1': { kind: 'instagram', code: 'SANDBOXreel1' },
};

/**
 * Instagram and YouTube posts the sandbox knows (both belong to network_a). Each mirrors a
 * network_a catalogue reel: same media, captions and sound.
 */
export const SANDBOX_FOREIGN_POSTS: Readonly<
  Record<string, { platform: 'instagram' | 'youtube'; niche: string; index: number }>
> = {
  'instagram:SANDBOXreel1': { platform: 'instagram', niche: 'home-coffee', index: 1 },
  'instagram:SANDBOXreel2': { platform: 'instagram', niche: 'skincare', index: 0 },
  'youtube:sandboxYT01': { platform: 'youtube', niche: 'fitness', index: 0 },
  'youtube:sandboxYT02': { platform: 'youtube', niche: 'cooking', index: 0 },
};

/** The reserved host of sandbox media URLs. `.invalid` never resolves: nothing is fetched. */
export const SANDBOX_MEDIA_HOST = 'sandbox-media.reelscout.invalid';

/** Post times are fixed relative to this instant, so the catalogue never depends on the clock. */
export const SANDBOX_EPOCH_MS = Date.UTC(2026, 0, 1);
