import { canonicalUrlFor, namespacedIdFor, type CreatorRef, type Market } from '@reelscout/domain';
import type { CreatorProfile, CreatorSource } from '../creator-source';
import { CREATOR_POSTS_PAGE } from '../creator-source';
import type { Post } from '../provider.types';
import { SANDBOX_EPOCH_MS } from './sandbox-magic';
import { SANDBOX_NICHES } from './sandbox-niches';
import { Dice, hash32 } from './seeded-random';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The sandbox's creators (docs/test-mode.md): every author of the catalogue, on the network of
 * their reels, with a profile and a posting schedule derived from the app's clock alone:
 * - one post a day at 09:00 UTC, from the sandbox epoch (2026-01-01) on; post `n` (0 first);
 * - every fifth post (`n % 5 === 4`) has four times the creator's usual plays, the others
 *   between 0.8 and 1.2 times it, so against the median every fifth post is an outlier at the
 *   default multiple (2) and no other post is;
 * - followers grow by about 0.2 % of their base a day, hour by hour.
 * Two magic handles: `sandbox_private` is a private account (never found), and
 * `sandbox_goes_private` is public before 12:00 UTC and private from then until midnight.
 */
export const SANDBOX_CREATOR_SCHEDULE = {
  postHourUtc: 9,
  outlierEvery: 5,
  outlierFactor: 4,
  privateHandle: 'sandbox_private',
  goesPrivateHandle: 'sandbox_goes_private',
  goesPrivateFromUtcHour: 12,
} as const;

interface SandboxCreator {
  market: Market;
  handle: string;
  name: string;
  secUid: string;
  baseFollowers: number;
  basePlays: number;
}

const lang = (market: Market): 'en' | 'zh' => (market === 'network_a' ? 'en' : 'zh');

function buildCreators(): Map<string, SandboxCreator> {
  const creators = new Map<string, SandboxCreator>();
  const add = (market: Market, handle: string, name: string) => {
    const key = `${market}:${handle.toLowerCase()}`;
    if (creators.has(key)) return;
    creators.set(key, {
      market,
      handle,
      name,
      secUid: `MS4wLjABAAAA${secUidTail(`${market}:${handle}`)}`,
      // The same base as the catalogue's reels carry for their author.
      baseFollowers: new Dice(`creator:${market}:${handle}`).logInt(3_000, 2_500_000),
      basePlays: new Dice(`creator-plays:${market}:${handle}`).logInt(5_000, 500_000),
    });
  };
  for (const market of ['network_a', 'network_b'] as const) {
    for (const niche of SANDBOX_NICHES) {
      for (const [handle, name] of niche.creators[lang(market)]) add(market, handle, name);
    }
    add(market, SANDBOX_CREATOR_SCHEDULE.goesPrivateHandle, 'Sandbox Goes Private');
  }
  return creators;
}

const SEC_UID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function secUidTail(seed: string): string {
  const dice = new Dice(`sec-uid:${seed}`);
  return Array.from({ length: 40 }, () => dice.pick([...SEC_UID_ALPHABET])).join('');
}

export function sandboxProfileUrl(market: Market, handle: string, secUid: string): string {
  return market === 'network_a'
    ? `https://www.tiktok.com/@${handle}`
    : `https://www.douyin.com/user/${secUid}`;
}

/** The sandbox's creator source; `now` is the app's clock. */
export class SandboxCreators implements CreatorSource {
  private readonly creators = buildCreators();

  constructor(private readonly now: () => Date) {}

  /** Every trackable creator (for tests and the docs' examples). */
  all(): { market: Market; handle: string; secUid: string; url: string }[] {
    return [...this.creators.values()].map((c) => ({
      market: c.market,
      handle: c.handle,
      secUid: c.secUid,
      url: sandboxProfileUrl(c.market, c.handle, c.secUid),
    }));
  }

  async profile(ref: CreatorRef): Promise<CreatorProfile | null> {
    const creator = this.find(ref);
    if (!creator || this.isPrivate(creator)) return null;
    const now = this.now().getTime();
    const hours = Math.max(0, Math.floor((now - SANDBOX_EPOCH_MS) / HOUR_MS));
    const perDay = Math.max(24, Math.round(creator.baseFollowers * 0.002));
    const videos = postsUpTo(now);
    return {
      market: creator.market,
      handle: creator.handle,
      secUid: creator.secUid,
      name: creator.name,
      url: sandboxProfileUrl(creator.market, creator.handle, creator.secUid),
      followers: creator.baseFollowers + Math.floor((hours * perDay) / 24),
      likes: Math.round(videos * creator.basePlays * 0.08),
      videos,
    };
  }

  async posts(profile: CreatorProfile): Promise<Post[]> {
    const creator = this.find(profile);
    if (!creator || this.isPrivate(creator)) return [];
    const count = postsUpTo(this.now().getTime());
    const posts: Post[] = [];
    for (let n = count - 1; n >= 0 && posts.length < CREATOR_POSTS_PAGE; n--) {
      posts.push(sandboxCreatorPost(creator, n));
    }
    return posts;
  }

  private find(ref: { market: Market; handle: string | null; secUid: string | null }) {
    if (ref.handle) return this.creators.get(`${ref.market}:${ref.handle.toLowerCase()}`);
    return [...this.creators.values()].find(
      (c) => c.market === ref.market && c.secUid === ref.secUid,
    );
  }

  private isPrivate(creator: SandboxCreator): boolean {
    return (
      creator.handle === SANDBOX_CREATOR_SCHEDULE.goesPrivateHandle &&
      this.now().getUTCHours() >= SANDBOX_CREATOR_SCHEDULE.goesPrivateFromUtcHour
    );
  }
}

/** How many posts the schedule has published by `now` (epoch ms). */
function postsUpTo(now: number): number {
  const first = SANDBOX_EPOCH_MS + SANDBOX_CREATOR_SCHEDULE.postHourUtc * HOUR_MS;
  return now < first ? 0 : Math.floor((now - first) / DAY_MS) + 1;
}

/** Post `n` of a creator's schedule. Its id is 19 digits: `72`, the creator, then `n`. */
function sandboxCreatorPost(creator: SandboxCreator, n: number): Post {
  const { market } = creator;
  const id = `72${String(hash32(`${market}:${creator.handle}`) % 1_000_000).padStart(6, '0')}${String(n).padStart(11, '0')}`;
  const dice = new Dice(`creator-post:${market}:${creator.handle}:${n}`);
  const outlier =
    n % SANDBOX_CREATOR_SCHEDULE.outlierEvery === SANDBOX_CREATOR_SCHEDULE.outlierEvery - 1;
  const factor = outlier ? SANDBOX_CREATOR_SCHEDULE.outlierFactor : dice.between(0.8, 1.2);
  const plays = Math.round(creator.basePlays * factor);
  const likes = Math.round(plays * dice.between(0.04, 0.1));
  const postedAt = new Date(
    SANDBOX_EPOCH_MS + n * DAY_MS + SANDBOX_CREATOR_SCHEDULE.postHourUtc * HOUR_MS,
  );
  return {
    platform: market,
    market,
    id,
    namespacedId: namespacedIdFor(market, id),
    url: canonicalUrlFor(market, id, creator.handle),
    kind: 'video',
    caption:
      lang(market) === 'en' ? `Day ${n + 1} with ${creator.name}` : `${creator.name}的第${n + 1}天`,
    hashtags: [],
    authorHandle: creator.handle,
    authorName: creator.name,
    authorFollowers: creator.baseFollowers,
    postedAt: postedAt.toISOString(),
    durationSec: dice.int(10, 60),
    coverUrl: null,
    mediaUrl: null,
    stats: {
      playCount: plays,
      likeCount: likes,
      commentCount: Math.round(likes * dice.between(0.01, 0.05)),
      shareCount: Math.round(likes * dice.between(0.02, 0.1)),
      collectCount: null,
    },
    captions: null,
    sound: null,
  };
}
