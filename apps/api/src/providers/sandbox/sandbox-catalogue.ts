import { canonicalUrlFor, namespacedIdFor, MARKETS, type Market } from '@reelscout/domain';
import type { SandboxSoundSpec, SandboxVideoSpec } from '../../sandbox-media/sandbox-media.types';
import { soundUrl } from '../live/tikhub/mappers';
import {
  toSoundSummary,
  type Post,
  type Sound,
  type SoundTrendPoint,
  type TimedText,
} from '../provider.types';
import { Dice, hash32, seededDigits } from './seeded-random';
import {
  SANDBOX_EPOCH_MS,
  SANDBOX_FOREIGN_POSTS,
  SANDBOX_MAGIC_IDS,
  SANDBOX_MAGIC_TEXTS,
  SANDBOX_MEDIA_HOST,
  type MagicPostOutcome,
} from './sandbox-magic';
import { array, object, text } from './sandbox-fixture-schema';
import { loadSandboxFixture } from './sandbox-fixtures';
import { SANDBOX_NICHES, type NicheDefinition } from './sandbox-niches';
import { containsKeyword } from './sandbox-text';

/** Reels per niche and network. */
export const SANDBOX_REELS_PER_NICHE = 36;
/** Sounds per network. */
export const SANDBOX_SOUNDS_PER_MARKET = 64;

const DAY_MS = 86_400_000;

export interface SandboxReel {
  market: Market;
  niche: string;
  index: number;
  /** The post as the provider would return it (network_b: `playCount` null, as live). */
  post: Post;
  /** The real play count, served only through `batchPlayCounts` on network_b. */
  playCount: number;
  soundId: string;
  spec: SandboxVideoSpec;
}

export interface SandboxSound {
  market: Market;
  niche: string;
  sound: Sound;
  spec: SandboxSoundSpec;
}

export interface NicheMatch {
  niche: NicheDefinition;
  score: number;
}

/**
 * The sandbox's deterministic world: per network, 14 niches × 36 reels and 64 sounds, built
 * from seeded randomness (no clock, no `Math.random`), so every instance on every machine holds
 * the same data. Read-only once built.
 */
export class SandboxCatalogue {
  private readonly reelsByMarket = new Map<Market, SandboxReel[]>();
  private readonly reelIndex = new Map<string, SandboxReel>();
  private readonly soundsByMarket = new Map<Market, SandboxSound[]>();
  private readonly soundIndex = new Map<string, SandboxSound>();
  private readonly magicIndex = new Map<string, SandboxReel>();

  constructor() {
    for (const market of MARKETS) {
      const sounds = buildSounds(market);
      this.soundsByMarket.set(market, sounds);
      for (const sound of sounds) this.soundIndex.set(`${market}:${sound.sound.id}`, sound);

      const reels = SANDBOX_NICHES.flatMap((niche, nicheIndex) =>
        Array.from({ length: SANDBOX_REELS_PER_NICHE }, (_, index) =>
          buildReel(market, niche, nicheIndex, index, sounds),
        ),
      );
      this.reelsByMarket.set(market, reels);
      for (const reel of reels) this.reelIndex.set(`${market}:${reel.post.id}`, reel);

      for (const outcome of ['longVideo', 'photoPost', 'slowProvider', 'noSounds'] as const) {
        const magic = buildMagicReel(market, outcome, reels[0], sounds);
        this.magicIndex.set(`${market}:${magic.post.id}`, magic);
      }
    }
  }

  get niches(): readonly NicheDefinition[] {
    return SANDBOX_NICHES;
  }

  reels(market: Market): readonly SandboxReel[] {
    return this.reelsByMarket.get(market)!;
  }

  /** A catalogue or magic reel by raw id, on one market only. */
  reel(market: Market, id: string): SandboxReel | undefined {
    return this.reelIndex.get(`${market}:${id}`) ?? this.magicIndex.get(`${market}:${id}`);
  }

  reelAt(market: Market, niche: string, index: number): SandboxReel | undefined {
    return this.reels(market).find((reel) => reel.niche === niche && reel.index === index);
  }

  magicReel(market: Market, outcome: MagicPostOutcome): SandboxReel | undefined {
    return this.magicIndex.get(`${market}:${SANDBOX_MAGIC_IDS[market][outcome]}`);
  }

  sounds(market: Market): readonly SandboxSound[] {
    return this.soundsByMarket.get(market)!;
  }

  /** A sound by raw or namespaced id, on one market only. */
  sound(market: Market, id: string): SandboxSound | undefined {
    const raw = market === 'network_b' ? id.replace(/^network_b:/, '') : id;
    return this.soundIndex.get(`${market}:${raw}`);
  }

  /** An Instagram or YouTube sandbox post (`instagram:CODE`, `youtube:ID`). */
  foreignReel(namespacedId: string): SandboxReel | undefined {
    const entry = SANDBOX_FOREIGN_POSTS[namespacedId];
    if (!entry) return undefined;
    const base = this.reelAt('network_a', entry.niche, entry.index);
    if (!base) return undefined;
    const id = namespacedId.slice(namespacedId.indexOf(':') + 1);
    return {
      ...base,
      post: {
        ...base.post,
        platform: entry.platform,
        id,
        namespacedId,
        url: canonicalUrlFor(entry.platform, id),
      },
    };
  }

  /** Niches whose keywords (English or Chinese) occur in the phrase, best first; ties kept. */
  matchNiches(phrase: string): NicheMatch[] {
    return matchNiches(phrase);
  }
}

let shared: SandboxCatalogue | undefined;

/** The process-wide catalogue, built on first use (about 50 ms). */
export function sandboxCatalogue(): SandboxCatalogue {
  shared ??= new SandboxCatalogue();
  return shared;
}

/** Niches by keyword overlap with the phrase: only those with the top score (> 0). */
export function matchNiches(phrase: string): NicheMatch[] {
  const scored = SANDBOX_NICHES.map((niche) => ({
    niche,
    score: [...niche.keywords.en, ...niche.keywords.zh].filter((keyword) =>
      containsKeyword(phrase, keyword),
    ).length,
  }));
  const best = Math.max(...scored.map((entry) => entry.score));
  return best > 0 ? scored.filter((entry) => entry.score === best) : [];
}

/** The sandbox media URL of a reel's video, a sound's audio, or a cover image. */
export function sandboxMediaUrl(
  kind: 'video' | 'sound' | 'cover',
  market: Market,
  id: string,
): string {
  const extension = { video: 'mp4', sound: 'm4a', cover: 'jpg' }[kind];
  return `https://${SANDBOX_MEDIA_HOST}/${kind}/${market}/${id}.${extension}`;
}

// ---------------------------------------------------------------------------------------------

const lang = (market: Market): 'en' | 'zh' => (market === 'network_a' ? 'en' : 'zh');
const round2 = (value: number) => Math.round(value * 100) / 100;

const soundNames = object({
  titleFirst: array(text(), 1),
  titleSecond: array(text(), 1),
  artists: array(text(), 1),
  originalSound: text(),
});

export const CATALOGUE_FIXTURE = object({
  /** What sound titles and artists are made of, per language. */
  soundNames: object({ en: soundNames, zh: soundNames }),
  /** The on-screen text ending every reel of 8 s or more. */
  reelCallToAction: object({ en: text(), zh: text() }),
});

const CATALOGUE_TEXT = loadSandboxFixture('catalogue.json', CATALOGUE_FIXTURE);

const MOODS: SandboxSoundSpec['mood'][] = ['bright', 'dark', 'calm', 'tense'];

function buildSounds(market: Market): SandboxSound[] {
  const words = CATALOGUE_TEXT.soundNames[lang(market)];
  const prefix = market === 'network_a' ? '72' : '73';
  return Array.from({ length: SANDBOX_SOUNDS_PER_MARKET }, (_, i) => {
    const niche = SANDBOX_NICHES[i % SANDBOX_NICHES.length];
    const dice = new Dice(`sound:${market}:${i}`);
    const id = `${prefix}${String(i).padStart(3, '0')}${seededDigits(`sound-id:${market}:${i}`, 14)}`;
    const original = i % 8 === 7;
    const creatorName = niche.creators[lang(market)][i % 5][1];
    const first = words.titleFirst[i % words.titleFirst.length];
    const second =
      words.titleSecond[
        (i + Math.floor(i / words.titleFirst.length) * 5) % words.titleSecond.length
      ];
    const title = original
      ? `${words.originalSound} - ${creatorName}`
      : market === 'network_a'
        ? `${first} ${second}`
        : `${first}${second}`;
    const author = original ? creatorName : words.artists[(i * 5) % words.artists.length];
    const durationSec = original ? dice.int(8, 60) : dice.int(30, 180);
    const tempoBpm = dice.int(72, 168);
    const energy = round2(dice.between(0.15, 0.95));
    const mood = dice.pick(MOODS);
    const commercial = !original && dice.chance(0.55);
    const trend = trendHistory(dice, i);
    const spec: SandboxSoundSpec = {
      key: `sound-${market}-${id}`,
      durationSec,
      tempoBpm,
      energy,
      mood,
    };
    const sound: Sound = {
      market,
      id,
      namespacedId: market === 'network_b' ? `network_b:${id}` : id,
      title,
      author,
      durationSec,
      coverUrl: sandboxMediaUrl('cover', market, id),
      playUrl: sandboxMediaUrl('sound', market, id),
      isOriginal: original,
      commercial,
      shootDurationSec: Math.min(durationSec, dice.int(15, 60)),
      usageCount: dice.logInt(800, 2_500_000),
      trend,
      url: soundUrl(market, id, title),
      moods: [],
      genres: [],
    };
    return { market, niche: niche.key, sound, spec };
  });
}

/** Eight weekly samples ending at the sandbox epoch: rising, fading, steady or a spike. */
function trendHistory(dice: Dice, index: number): SoundTrendPoint[] {
  const shape = (['rising', 'fading', 'steady', 'spike'] as const)[index % 4];
  const base = dice.logInt(200, 40_000);
  return Array.from({ length: 8 }, (_, week) => {
    const t = week / 7;
    const factor =
      shape === 'rising'
        ? 0.3 + 1.7 * t * t
        : shape === 'fading'
          ? 1.8 - 1.5 * t
          : shape === 'spike'
            ? week === 5
              ? 2.5
              : 0.8
            : 0.9 + 0.2 * dice.float();
    return {
      at: new Date(SANDBOX_EPOCH_MS - (7 - week) * 7 * DAY_MS).toISOString(),
      value: Math.round(base * factor),
    };
  });
}

function buildReel(
  market: Market,
  niche: NicheDefinition,
  nicheIndex: number,
  index: number,
  sounds: SandboxSound[],
): SandboxReel {
  const l = lang(market);
  const dice = new Dice(`reel:${market}:${niche.key}:${index}`);
  const prefix = market === 'network_a' ? '74' : '75';
  const id = `${prefix}${String(nicheIndex).padStart(2, '0')}${String(index).padStart(3, '0')}${seededDigits(`reel-id:${market}:${niche.key}:${index}`, 12)}`;
  const creators = niche.creators[l];
  const [handle, name] = creators[index % creators.length];
  const followers = new Dice(`creator:${market}:${handle}`).logInt(3_000, 2_500_000);
  // As live, some answers leave the author's stats out: each niche's last creator shows none,
  // so test mode has reels without an outlier score beside every band.
  const shownFollowers = index % creators.length === creators.length - 1 ? null : followers;
  const hook = niche.hooks[l][(index + Math.floor(index / 6)) % niche.hooks[l].length];
  const part = Math.floor(index / 6) + 1;
  const title =
    part === 1 ? hook : l === 'en' ? `${hook} (part ${part})` : `${hook}（第${part}期）`;
  const hashtags = [0, 1, 2].map((k) => niche.hashtags[l][(index + k) % niche.hashtags[l].length]);
  const caption = `${title} ${hashtags.map((tag) => `#${tag}`).join(' ')}`;

  const roll = dice.float();
  const durationSec =
    roll < 0.05
      ? dice.int(6, 9)
      : roll < 0.7
        ? dice.int(10, 45)
        : roll < 0.9
          ? dice.int(46, 90)
          : dice.int(91, 180);
  const plays = Math.round(dice.logInt(4_000, 6_000_000) * (0.6 + Math.log10(followers) / 10));
  const likes = Math.round(plays * dice.between(0.03, 0.12));
  const postedAt = new Date(
    SANDBOX_EPOCH_MS - dice.int(1, 180) * DAY_MS - dice.int(0, 86_399) * 1000,
  ).toISOString();

  const nicheSounds = sounds.filter((sound) => sound.niche === niche.key);
  const sound =
    dice.chance(0.75) && nicheSounds.length > 0 ? dice.pick(nicheSounds) : dice.pick(sounds);
  const spec = videoSpec(`${market}-${id}`, durationSec, hook, niche, l, index, sound.spec);

  const post: Post = {
    platform: market,
    market,
    id,
    namespacedId: namespacedIdFor(market, id),
    url: canonicalUrlFor(market, id, handle),
    kind: 'video',
    caption,
    hashtags,
    authorHandle: handle,
    authorName: name,
    authorFollowers: shownFollowers,
    postedAt,
    durationSec,
    coverUrl: sandboxMediaUrl('cover', market, id),
    mediaUrl: sandboxMediaUrl('video', market, id),
    stats: {
      // As live: network_b feeds carry no play counts; batchPlayCounts has them.
      playCount: market === 'network_b' ? null : plays,
      likeCount: likes,
      commentCount: Math.round(likes * dice.between(0.01, 0.05)),
      shareCount: Math.round(likes * dice.between(0.02, 0.12)),
      collectCount: Math.round(likes * dice.between(0.05, 0.25)),
    },
    captions: {
      language: l === 'en' ? 'en' : 'zh-Hans',
      segments: spec.captions.map((segment) => ({ ...segment })),
      url: null,
    },
    sound: {
      market,
      id: sound.sound.id,
      namespacedId: sound.sound.namespacedId,
      title: sound.sound.title,
      author: sound.sound.author,
      durationSec: sound.sound.durationSec,
      coverUrl: sound.sound.coverUrl,
      playUrl: sound.sound.playUrl,
      isOriginal: sound.sound.isOriginal,
      commercial: sound.sound.commercial,
    },
  };
  return { market, niche: niche.key, index, post, playCount: plays, soundId: sound.sound.id, spec };
}

/**
 * A reel's media, derived from its seed: hard cuts every 1.2–4.5 s, the hook on screen for the
 * first seconds and a call to action at the end, and the niche's spoken lines as the caption
 * track, over the reel's sound.
 */
function videoSpec(
  key: string,
  durationSec: number,
  hook: string,
  niche: NicheDefinition,
  l: 'en' | 'zh',
  index: number,
  audio: SandboxSoundSpec,
): SandboxVideoSpec {
  const dice = new Dice(`spec:${key}`);
  const sceneCuts: number[] = [];
  for (let t = dice.between(1.5, 3.5); t < durationSec - 0.8; t += dice.between(1.2, 4.5)) {
    sceneCuts.push(round2(t));
  }
  const hookEnd = round2(Math.min(2.5, durationSec / 2));
  const overlays = [{ start: 0, end: hookEnd, text: hook }];
  if (durationSec >= 8) {
    overlays.push({
      start: round2(durationSec - 2.5),
      end: durationSec,
      text: CATALOGUE_TEXT.reelCallToAction[l],
    });
  }
  const captions: TimedText[] = [];
  const lines = niche.lines[l];
  for (let start = 0.4, k = 0; start < durationSec - 1; k += 1) {
    const end = Math.min(durationSec - 0.2, start + dice.between(2.2, 3.8));
    if (end - start < 0.8) break;
    captions.push({
      start: round2(start),
      end: round2(end),
      text: lines[(index + k) % lines.length],
    });
    start = end + 0.3;
  }
  return {
    key,
    durationSec,
    sceneCuts,
    overlays,
    captions,
    audio: { ...audio, durationSec },
  };
}

function buildMagicReel(
  market: Market,
  outcome: 'longVideo' | 'photoPost' | 'slowProvider' | 'noSounds',
  base: SandboxReel,
  sounds: SandboxSound[],
): SandboxReel {
  const id = SANDBOX_MAGIC_IDS[market][outcome];
  const niche = SANDBOX_NICHES[0];
  const l = lang(market);
  const platform = base.post.platform;
  const sound = sounds[hash32(id) % sounds.length];
  if (outcome === 'photoPost') {
    const post: Post = {
      ...base.post,
      id,
      namespacedId: namespacedIdFor(platform, id),
      url:
        platform === 'network_a'
          ? `https://www.tiktok.com/@${base.post.authorHandle}/photo/${id}`
          : `https://www.douyin.com/note/${id}`,
      kind: 'photo',
      caption: SANDBOX_MAGIC_TEXTS.photoPostCaption[l],
      durationSec: null,
      mediaUrl: null,
      captions: null,
    };
    return { ...base, post, spec: { ...base.spec, key: `${market}-${id}` } };
  }
  const durationSec = outcome === 'longVideo' ? 200 : base.post.durationSec!;
  const hook = outcome === 'longVideo' ? SANDBOX_MAGIC_TEXTS.longVideoHook[l] : niche.hooks[l][0];
  const spec = videoSpec(`${market}-${id}`, durationSec, hook, niche, l, 0, sound.spec);
  const post: Post = {
    ...base.post,
    id,
    namespacedId: namespacedIdFor(platform, id),
    url: canonicalUrlFor(platform, id, base.post.authorHandle ?? undefined),
    caption: `${hook} #${niche.hashtags[l][0]}`,
    durationSec,
    mediaUrl: sandboxMediaUrl('video', market, id),
    coverUrl: sandboxMediaUrl('cover', market, id),
    captions: {
      language: l === 'en' ? 'en' : 'zh-Hans',
      segments: spec.captions.map((segment) => ({ ...segment })),
      url: null,
    },
    // The no-sound video's soundtrack is its own recording, not a sound of the network.
    sound: outcome === 'noSounds' ? null : { ...base.post.sound!, ...toSoundSummary(sound.sound) },
  };
  return { ...base, post, spec, soundId: sound.sound.id };
}
