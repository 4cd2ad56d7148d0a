import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CREATOR_MEDIAN_WINDOW,
  DomainError,
  namespacedIdFor,
  postAgainstMedian,
  type CreatorPostView,
  type CreatorRunView,
  type CreatorView,
  type Mode,
} from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock/clock';
import { ENDED_WITHOUT_DELIVERY } from '../execution/job-state';
import type { WorkContext } from '../execution/operation.contract';
import type { CreatorProfile } from '../providers/creator-source';
import type { Post } from '../providers/provider.types';
import { ProvidersService } from '../providers/providers.service';
import {
  CreatorTrackingRepository,
  type RecordedPost,
} from '../repositories/creator-tracking.repository';
import { WatchRepository, type StoredCreator } from '../repositories/watch.repository';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import { WatchRunService } from './watch-run.service';
import { watchView } from './watch-views';

/** The stored body of a creator watch's run: the watch and the creator as the watch names it. */
export interface CreatorRunBody {
  kind: 'creator';
  watch_id: string;
  creator: StoredCreator;
  outlier_multiple: number;
}

export type CreatorRunResult = CreatorRunView;

export function isCreatorRun(body: unknown): body is CreatorRunBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as CreatorRunBody).kind === 'creator' &&
    typeof (body as CreatorRunBody).watch_id === 'string'
  );
}

/** The public part of a stored creator. */
export function creatorView(creator: StoredCreator): CreatorView {
  return { market: creator.market, handle: creator.handle, name: creator.name, url: creator.url };
}

/**
 * The work of a creator watch's run (docs/watches.md): the creator's profile and the first page
 * of their posts, then, in one transaction that waits for any other run of the watch, a
 * snapshot with its deltas and the posts no other run has recorded, each against the median of
 * the posts known before it (oldest first, so a run that finds several posts judges each by
 * those before it). A creator gone private or deleted pauses the watch (`creator_unavailable`,
 * with `watch.paused`) and fails the run, uncharged.
 */
@Injectable()
export class CreatorRunService {
  private readonly logger = new Logger('Watches');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly providers: ProvidersService,
    private readonly watchRuns: WatchRunService,
    private readonly watches: WatchRepository,
    private readonly tracking: CreatorTrackingRepository,
    private readonly outbox: WebhookOutbox,
    private readonly clock: Clock,
  ) {}

  async run(
    mode: Mode,
    body: CreatorRunBody,
    signal: AbortSignal,
    deadline: WorkContext,
  ): Promise<CreatorRunResult> {
    const jobId = deadline.jobId;
    if (!jobId) throw new Error('a creator watch run needs its job id');
    await this.watchRuns.recordRun(body.watch_id, jobId);
    const source = this.providers.creatorsFor(mode);
    const ref = {
      market: body.creator.market,
      handle: body.creator.handle,
      secUid: body.creator.sec_uid,
    };
    const profile = await source.profile(ref, { signal });
    if (!profile) {
      await this.pauseUnavailable(body.watch_id);
      throw new DomainError(
        'not_found',
        'The creator is no longer public (private or deleted); the watch is paused.',
        { param: 'creator' },
      );
    }
    const posts = await source.posts(profile, { signal });
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      await this.tracking.lockWatch(body.watch_id, manager);
      const taken = await this.tracking.takenElsewhere(
        body.watch_id,
        jobId,
        posts.map((post) => post.id),
        ENDED_WITHOUT_DELIVERY,
        manager,
      );
      const known = await this.tracking.knownPlays(
        body.watch_id,
        jobId,
        CREATOR_MEDIAN_WINDOW,
        ENDED_WITHOUT_DELIVERY,
        manager,
      );
      const fresh = posts.filter((post) => !taken.has(post.id)).sort(oldestFirst);
      const recorded: RecordedPost[] = [];
      for (const post of fresh) {
        const plays = post.stats.playCount;
        recorded.push({
          ...found(post),
          ...postAgainstMedian(plays, known, body.outlier_multiple),
        });
        if (plays !== null) known.unshift(plays);
      }
      const snapshot = await this.tracking.record(
        body.watch_id,
        jobId,
        now,
        { followers: profile.followers, likes: profile.likes, videos: profile.videos },
        recorded,
        ENDED_WITHOUT_DELIVERY,
        manager,
      );
      return {
        watch_id: body.watch_id,
        creator: creatorView({ ...body.creator, ...fromProfile(profile) }),
        snapshot,
        posts: recorded.reverse().map((post) => postView(profile, post)),
      };
    });
  }

  /** Pauses the watch (`creator_unavailable`) and writes its `watch.paused`, in one transaction. */
  private async pauseUnavailable(watchId: string): Promise<void> {
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const row = await this.watches.findById(watchId, manager);
      if (!row || row.status === 'paused') return;
      const scope = { accountId: row.account_id, mode: row.mode };
      await this.watches.update(
        scope,
        watchId,
        { status: 'paused', statusReason: 'creator_unavailable' },
        now,
        manager,
      );
      await this.outbox.enqueue(manager, {
        accountId: row.account_id,
        mode: row.mode,
        type: 'watch.paused',
        data: watchView({
          ...row,
          status: 'paused',
          status_reason: 'creator_unavailable',
          updated_at: now,
        }),
      });
    });
    this.outbox.kick();
    this.logger.log({ watchId, reason: 'creator_unavailable' }, 'watch paused');
  }
}

function oldestFirst(a: Post, b: Post): number {
  return (a.postedAt ?? '').localeCompare(b.postedAt ?? '') || a.id.localeCompare(b.id);
}

function found(post: Post): Omit<RecordedPost, 'multipleOfMedian' | 'outlier'> {
  return {
    postId: post.id,
    url: post.url,
    caption: post.caption,
    postedAt: post.postedAt ? new Date(post.postedAt) : null,
    playCount: post.stats.playCount,
    likeCount: post.stats.likeCount,
    commentCount: post.stats.commentCount,
    shareCount: post.stats.shareCount,
  };
}

/** The profile's current name, handle and link (a creator may rename). */
function fromProfile(profile: CreatorProfile): Partial<StoredCreator> {
  return {
    ...(profile.handle ? { handle: profile.handle } : {}),
    ...(profile.name ? { name: profile.name } : {}),
    url: profile.url,
  };
}

function postView(profile: CreatorProfile, post: RecordedPost): CreatorPostView {
  return {
    id: namespacedIdFor(profile.market, post.postId),
    url: post.url,
    caption: post.caption,
    postedAt: post.postedAt?.toISOString() ?? null,
    playCount: post.playCount,
    likeCount: post.likeCount,
    commentCount: post.commentCount,
    shareCount: post.shareCount,
    multipleOfMedian: post.multipleOfMedian,
    outlier: post.outlier,
  };
}
