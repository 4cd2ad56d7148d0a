import { MARKETS, OUTLIER_BANDS, outlierScore, POST_ID_PATTERN } from '@reelscout/domain';
import { SandboxCatalogue, SANDBOX_REELS_PER_NICHE } from './sandbox-catalogue';
import { SANDBOX_MAGIC_IDS } from './sandbox-magic';
import { hasHan } from './sandbox-text';

describe('SandboxCatalogue', () => {
  const catalogue = new SandboxCatalogue();

  it('has at least 12 niches with at least 30 reels each on both networks', () => {
    expect(catalogue.niches.length).toBeGreaterThanOrEqual(12);
    expect(SANDBOX_REELS_PER_NICHE).toBeGreaterThanOrEqual(30);
    for (const market of MARKETS) {
      for (const niche of catalogue.niches) {
        const reels = catalogue.reels(market).filter((reel) => reel.niche === niche.key);
        expect(reels.length).toBeGreaterThanOrEqual(30);
        expect(new Set(reels.map((reel) => reel.post.authorHandle)).size).toBeGreaterThan(1);
      }
    }
  });

  it('writes captions in the market language: Chinese on network_b, not on network_a', () => {
    expect(catalogue.reels('network_b').every((reel) => hasHan(reel.post.caption ?? ''))).toBe(
      true,
    );
    expect(catalogue.reels('network_a').some((reel) => hasHan(reel.post.caption ?? ''))).toBe(
      false,
    );
    expect(catalogue.niches.every((niche) => hasHan(niche.label.zh))).toBe(true);
  });

  it('uses unique 19-digit ids that never repeat across the networks', () => {
    const ids = MARKETS.flatMap((market) => catalogue.reels(market).map((reel) => reel.post.id));
    expect(ids.every((id) => POST_ID_PATTERN.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const soundIds = MARKETS.flatMap((market) => catalogue.sounds(market).map((s) => s.sound.id));
    expect(soundIds.every((id) => POST_ID_PATTERN.test(id))).toBe(true);
    expect(new Set(soundIds).size).toBe(soundIds.length);
  });

  it('has realistic stats; network_b play counts only off the feed', () => {
    const a = catalogue.reels('network_a');
    const b = catalogue.reels('network_b');
    expect(a.filter((reel) => reel.post.stats.playCount !== reel.playCount)).toEqual([]);
    expect(a.filter((reel) => reel.post.stats.likeCount! >= reel.playCount)).toEqual([]);
    expect(b.filter((reel) => reel.post.stats.playCount !== null)).toEqual([]);
    expect(b.filter((reel) => reel.playCount <= reel.post.stats.likeCount!)).toEqual([]);
  });

  it('keeps durations between 6 and 200 s, and the media spec consistent with the post', () => {
    const reels = MARKETS.flatMap((market) => catalogue.reels(market));
    const durations = reels.map((reel) => reel.post.durationSec!);
    expect(Math.min(...durations)).toBeGreaterThanOrEqual(6);
    expect(Math.max(...durations)).toBeLessThanOrEqual(200);
    // Collected as plain data: tens of thousands of expect() calls would make this slow.
    const problems: string[] = [];
    for (const reel of reels) {
      const { spec } = reel;
      const id = reel.post.id;
      if (spec.durationSec !== reel.post.durationSec) problems.push(`${id}: spec duration`);
      if (spec.audio.durationSec !== reel.post.durationSec) problems.push(`${id}: audio duration`);
      spec.sceneCuts.forEach((cut, i) => {
        if (!(cut > (i === 0 ? 0 : spec.sceneCuts[i - 1]) && cut < spec.durationSec)) {
          problems.push(`${id}: cut ${cut}`);
        }
      });
      for (const timed of [...spec.captions, ...spec.overlays]) {
        if (!(timed.start >= 0 && timed.end <= spec.durationSec && timed.end > timed.start)) {
          problems.push(`${id}: timing ${timed.start}-${timed.end}`);
        }
      }
      if (JSON.stringify(reel.post.captions?.segments) !== JSON.stringify(spec.captions)) {
        problems.push(`${id}: caption track differs from the spec`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a 200-second magic video whose spec says so', () => {
    const long = catalogue.reel('network_a', SANDBOX_MAGIC_IDS.network_a.longVideo)!;
    expect(long.post.durationSec).toBe(200);
    expect(long.spec.durationSec).toBe(200);
    expect(long.spec.sceneCuts.length).toBeGreaterThan(40);
  });

  it('has at least 60 sounds per network with every documented attribute', () => {
    for (const market of MARKETS) {
      const sounds = catalogue.sounds(market);
      expect(sounds.length).toBeGreaterThanOrEqual(60);
      for (const { sound, spec } of sounds) {
        expect(sound.title).toBeTruthy();
        expect(sound.author).toBeTruthy();
        expect(typeof sound.commercial).toBe('boolean');
        expect(sound.trend!.length).toBeGreaterThanOrEqual(4);
        expect(spec.tempoBpm).toBeGreaterThanOrEqual(60);
        expect(spec.energy).toBeGreaterThan(0);
        expect(spec.energy).toBeLessThanOrEqual(1);
        expect(sound.namespacedId).toBe(
          market === 'network_b' ? `network_b:${sound.id}` : sound.id,
        );
      }
      expect(sounds.some(({ sound }) => sound.commercial)).toBe(true);
      expect(sounds.some(({ sound }) => !sound.commercial)).toBe(true);
    }
  });

  it('gives every niche reels in several outlier bands and some without a follower count', () => {
    for (const market of MARKETS) {
      const bands = new Set<string>();
      for (const niche of catalogue.niches) {
        const reels = catalogue.reels(market).filter((reel) => reel.niche === niche.key);
        const nicheBands = new Set(
          reels.map((reel) => outlierScore(reel.playCount, reel.post.authorFollowers)?.band),
        );
        nicheBands.forEach((band) => bands.add(band ?? 'unknown'));
        expect(nicheBands.has(undefined)).toBe(true);
        expect(nicheBands.size).toBeGreaterThanOrEqual(4);
        // A creator's count is the same on every reel of theirs: known or not, never both.
        const byHandle = new Map<string, number | null>();
        for (const { post } of reels) {
          if (byHandle.has(post.authorHandle!))
            expect(post.authorFollowers).toBe(byHandle.get(post.authorHandle!));
          byHandle.set(post.authorHandle!, post.authorFollowers);
        }
      }
      expect([...bands].sort()).toEqual([...OUTLIER_BANDS, 'unknown'].sort());
    }
  });

  it('is identical when built twice (no clock, no unseeded randomness)', () => {
    const again = new SandboxCatalogue();
    for (const market of MARKETS) {
      expect(JSON.stringify(again.reels(market))).toBe(JSON.stringify(catalogue.reels(market)));
      expect(JSON.stringify(again.sounds(market))).toBe(JSON.stringify(catalogue.sounds(market)));
    }
  });

  it('maps phrases to niches by English or Chinese keywords', () => {
    expect(catalogue.matchNiches('latte art at home').map((m) => m.niche.key)).toEqual([
      'home-coffee',
    ]);
    expect(catalogue.matchNiches('手冲咖啡教程').map((m) => m.niche.key)).toEqual(['home-coffee']);
    expect(catalogue.matchNiches('best cat food').map((m) => m.niche.key)).toEqual(['cats']);
    expect(catalogue.matchNiches('quantum chromodynamics')).toEqual([]);
  });
});
