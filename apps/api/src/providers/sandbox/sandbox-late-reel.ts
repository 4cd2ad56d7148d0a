import { canonicalUrlFor, namespacedIdFor, type Market } from '@reelscout/domain';
import type { SandboxCatalogue, SandboxReel } from './sandbox-catalogue';

/**
 * The sandbox's late reel (docs/test-mode.md): one more network_a reel of the houseplants niche
 * that search results carry only from 12:00 UTC each day to midnight, so a watch run before noon
 * and one after see the catalogue differ by exactly this reel. Deterministic: it is a copy of the
 * niche's first reel under its own id, with more plays than any reel of the niche, so a scan of
 * the niche ranks it first and its arrival pushes exactly one reel out of a full page.
 */
export const SANDBOX_LATE_REEL = {
  market: 'network_a' as Market,
  niche: 'houseplants',
  id: '7499000000000000001',
  /** The hour (UTC) from which it is in search results, each day until midnight. */
  fromUtcHour: 12,
} as const;

/** Its caption's hook: plainly on its niche, so any brief about house plants finds it relevant. */
const LATE_REEL_HOOK = 'Houseplant care tips: the plants that thrive in low light';

/** Whether the late reel is in search results at `now`. */
export function lateReelVisible(now: Date): boolean {
  return now.getUTCHours() >= SANDBOX_LATE_REEL.fromUtcHour;
}

/** The late reel, built from the catalogue it joins. */
export function buildLateReel(catalogue: SandboxCatalogue): SandboxReel {
  const { market, niche, id } = SANDBOX_LATE_REEL;
  const source = catalogue.reelAt(market, niche, 0)!;
  const top = Math.max(
    ...catalogue
      .reels(market)
      .filter((reel) => reel.niche === niche)
      .map((reel) => reel.playCount),
  );
  const plays = top + 1_000;
  const post = structuredClone(source.post);
  post.id = id;
  post.namespacedId = namespacedIdFor(market, id);
  post.url = canonicalUrlFor(market, id, post.authorHandle ?? undefined);
  post.caption = `${LATE_REEL_HOOK} ${post.hashtags.map((tag) => `#${tag}`).join(' ')}`;
  post.stats = { ...post.stats, playCount: plays };
  return { ...source, index: -1, post, playCount: plays };
}
