import { DomainError, type CreatorRef } from '@reelscout/domain';
import type { CreatorProfile, CreatorSource } from '../../creator-source';
import { CREATOR_POSTS_PAGE } from '../../creator-source';
import type { CallOptions, Post } from '../../provider.types';
import { asObject, at, bool, count, firstDefined, text, type JsonObject } from '../json-read';
import { ENDPOINTS } from '../tikhub-endpoints';
import { isNotFoundAnswer, riskControl, WHAT, type TikhubClient } from './client';
import { extractPosts, handleOf, isRiskControl, payloadOf } from './mappers';
import type { TikhubPlayCounts } from './play-counts';

/**
 * Creators on both networks (docs/watches.md, "Creator watches"): a profile by the id the
 * creator was named by, and the first page of their posts. The contract documents no answer
 * shape for these endpoints; what is read, and why, is in docs/watches.md ("Provider
 * assumptions"). network_b's post list withholds play counts: they come from the statistics
 * batch, and a post it does not answer for keeps a null count.
 */
export class TikhubCreators implements CreatorSource {
  constructor(
    private readonly client: TikhubClient,
    private readonly playCounts: TikhubPlayCounts,
  ) {}

  async profile(ref: CreatorRef, options: CallOptions = {}): Promise<CreatorProfile | null> {
    return this.client.guard(async () => {
      const { endpoint, query } = profileRequest(ref);
      let body: unknown;
      try {
        body = await this.client.call(endpoint, {
          query,
          signal: options.signal,
          check: (answer) => {
            if (isRiskControl(ref.market, payloadOf(answer))) throw riskControl();
          },
        });
      } catch (error) {
        if (isNotFoundAnswer(error)) return null;
        throw error;
      }
      return readProfile(ref, payloadOf(body));
    });
  }

  async posts(profile: CreatorProfile, options: CallOptions = {}): Promise<Post[]> {
    return this.client.guard(async () => {
      const endpoint =
        profile.market === 'network_a' ? ENDPOINTS.networkAUserPosts : ENDPOINTS.networkBUserPosts;
      const who = profile.secUid
        ? { sec_user_id: profile.secUid }
        : profile.market === 'network_a' && profile.handle
          ? { unique_id: profile.handle }
          : null;
      if (!who) {
        throw new DomainError('provider_error', `${WHAT} gave no id to list this creator's posts.`);
      }
      const body = await this.client.call(endpoint, {
        query: { ...who, max_cursor: 0, count: CREATOR_POSTS_PAGE, sort_type: 0 },
        signal: options.signal,
        check: (answer) => {
          if (isRiskControl(profile.market, payloadOf(answer))) throw riskControl();
        },
      });
      const posts = extractPosts(payloadOf(body), profile.market)
        .filter((post) => post.kind === 'video')
        .slice(0, CREATOR_POSTS_PAGE);
      const missing = posts.filter((post) => post.stats.playCount === null).map((post) => post.id);
      if (profile.market !== 'network_b' || missing.length === 0) return posts;
      const counts = await this.playCounts.batchPlayCounts(missing, options);
      return posts.map((post) =>
        post.stats.playCount !== null || !counts.has(post.id)
          ? post
          : { ...post, stats: { ...post.stats, playCount: counts.get(post.id)! } },
      );
    });
  }
}

/**
 * The profile call for how the creator was named. network_a's app profile takes exactly one of
 * its ids (the others left out); network_b's versions differ only by the id they take: the app
 * one by `sec_user_id`, the web `_v2` one by the handle (抖音号).
 */
function profileRequest(ref: CreatorRef) {
  if (ref.market === 'network_a') {
    return {
      endpoint: ENDPOINTS.networkAUserProfile,
      query: ref.secUid ? { sec_user_id: ref.secUid } : { unique_id: ref.handle! },
    };
  }
  return ref.secUid
    ? { endpoint: ENDPOINTS.networkBUserProfile, query: { sec_user_id: ref.secUid } }
    : { endpoint: ENDPOINTS.networkBUserProfileByHandle, query: { unique_id: ref.handle! } };
}

/**
 * The profile in the app shape (`user.{sec_uid, unique_id, nickname, follower_count,
 * total_favorited, aweme_count, secret}`) or the web one (`userInfo.user` with
 * `userInfo.stats.{followerCount, heartCount, videoCount}`). No user, or a private one
 * (`secret` 1, `privateAccount` true), is null: a watch can follow only a public creator.
 */
export function readProfile(ref: CreatorRef, payload: JsonObject): CreatorProfile | null {
  const user = asObject(
    firstDefined(payload.user, at(payload, 'userInfo', 'user'), at(payload, 'user_info')),
  );
  if (!user) return null;
  const stats = asObject(at(payload, 'userInfo', 'stats')) ?? {};
  const secUid = text(firstDefined(user.sec_uid, user.secUid)) ?? ref.secUid;
  const handle =
    handleOf(firstDefined(user.unique_id, user.uniqueId)) ?? handleOf(user.short_id) ?? ref.handle;
  if (!secUid && !handle) return null;
  const isPrivate =
    count(user.secret) === 1 || bool(firstDefined(user.privateAccount, user.is_private)) === true;
  if (isPrivate) return null;
  return {
    market: ref.market,
    handle,
    secUid,
    name: text(user.nickname),
    url:
      ref.market === 'network_a'
        ? `https://www.tiktok.com/@${handle ?? ''}`
        : `https://www.douyin.com/user/${secUid ?? ''}`,
    followers: count(firstDefined(user.follower_count, stats.followerCount)),
    likes: count(firstDefined(user.total_favorited, stats.heartCount, stats.heart)),
    videos: count(firstDefined(user.aweme_count, stats.videoCount)),
  };
}
