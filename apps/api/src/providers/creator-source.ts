import type { CreatorRef, Market } from '@reelscout/domain';
import type { CallOptions, Post } from './provider.types';

/** A creator's public profile, as the provider (or the sandbox) reads it. */
export interface CreatorProfile {
  market: Market;
  handle: string | null;
  /** The provider's secure user id (the post list of network_b takes only this). */
  secUid: string | null;
  name: string | null;
  /** The profile's public link. */
  url: string;
  followers: number | null;
  /** Likes over all the creator's posts. */
  likes: number | null;
  videos: number | null;
}

/** Posts each run reads: the first page of the creator's post list, newest first. */
export const CREATOR_POSTS_PAGE = 20;

/**
 * What a creator watch needs of the video-data provider: a profile and the first page of the
 * creator's posts. A run makes a bounded number of calls: one for the profile, one for the
 * posts, and on network_b one statistics batch for the play counts its post list withholds.
 * Errors are `DomainError`s only, as with `VideoDataProvider`.
 */
export interface CreatorSource {
  /** The creator's profile; null when there is no such creator or the account is private. */
  profile(ref: CreatorRef, options?: CallOptions): Promise<CreatorProfile | null>;
  /**
   * The newest page of the creator's posts, newest first. A play count the provider did not give
   * stays null (never 0, never guessed).
   */
  posts(profile: CreatorProfile, options?: CallOptions): Promise<Post[]>;
}
