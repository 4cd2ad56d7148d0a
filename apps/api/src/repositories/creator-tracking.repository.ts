import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CreatorPostView, CreatorSnapshotView } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { SqlParams } from './sql-params';

/** A post as a run found it, before it is recorded. */
export interface FoundPost {
  postId: string;
  url: string;
  caption: string | null;
  postedAt: Date | null;
  playCount: number | null;
  likeCount: number | null;
  commentCount: number | null;
  shareCount: number | null;
}

/** A post as recorded, with its multiple of the creator's median. */
export interface RecordedPost extends FoundPost {
  multipleOfMedian: number | null;
  outlier: boolean | null;
}

export interface NewSnapshot {
  followers: number | null;
  likes: number | null;
  videos: number | null;
}

interface SnapshotRow {
  at: Date;
  followers: string | null;
  likes: string | null;
  videos: string | null;
  followers_delta: string | null;
  likes_delta: string | null;
  videos_delta: string | null;
}

interface PostRow {
  post_id: string;
  url: string;
  caption: string | null;
  posted_at: Date | null;
  play_count: string | null;
  like_count: string | null;
  comment_count: string | null;
  share_count: string | null;
  multiple_of_median: number | null;
  outlier: boolean | null;
}

const num = (value: string | null): number | null => (value === null ? null : Number(value));

/**
 * Rows of a run whose job ended without delivering count as never recorded. Which statuses
 * those are is the job state machine's to say (`ENDED_WITHOUT_DELIVERY`); the caller passes them
 * as the parameter `param` (a text array), so no job status is written here.
 */
const live = (alias: string, param: string) =>
  `NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = ${alias}.job_id AND j.status = ANY (${param}::text[]))`;

/** The final job statuses of a run that delivered nothing. */
export type EndedStatuses = readonly string[];

export function snapshotView(row: SnapshotRow): CreatorSnapshotView {
  return {
    at: row.at.toISOString(),
    followers: num(row.followers),
    likes: num(row.likes),
    videos: num(row.videos),
    followersDelta: num(row.followers_delta),
    likesDelta: num(row.likes_delta),
    videosDelta: num(row.videos_delta),
  };
}

export function postRowView(row: PostRow): Omit<CreatorPostView, 'id'> & { post_id: string } {
  return {
    post_id: row.post_id,
    url: row.url,
    caption: row.caption,
    postedAt: row.posted_at?.toISOString() ?? null,
    playCount: num(row.play_count),
    likeCount: num(row.like_count),
    commentCount: num(row.comment_count),
    shareCount: num(row.share_count),
    multipleOfMedian: row.multiple_of_median,
    outlier: row.outlier,
  };
}

/**
 * `creator_snapshots` and `creator_posts`: what creator watches have read of their creators.
 * Owned by WatchesModule (CreatorRunService writes, WatchesService reads). Rows go with their
 * watch; rows of a run whose job failed or was canceled are left out of every read and can be
 * written again by a later run.
 */
@Injectable()
export class CreatorTrackingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * In the caller's transaction: waits for any other run of the watch recording at once (an
   * advisory lock held until commit), so two runs never both take a post or compute deltas from
   * the same previous snapshot.
   */
  async lockWatch(watchId: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `creator-watch:${watchId}`,
    ]);
  }

  /** The play counts of the watch's newest known posts (newest first), other than `except`. */
  async knownPlays(
    watchId: string,
    jobId: string,
    limit: number,
    ended: EndedStatuses,
    manager: EntityManager,
  ): Promise<number[]> {
    const rows: { play_count: string }[] = await manager.query(
      `SELECT p.play_count FROM creator_posts p
        WHERE p.watch_id = $1 AND p.job_id <> $2 AND p.play_count IS NOT NULL AND ${live('p', '$4')}
        ORDER BY p.posted_at DESC NULLS LAST, p.post_id DESC LIMIT $3`,
      [watchId, jobId, limit, ended],
    );
    return rows.map((row) => Number(row.play_count));
  }

  /** Of `postIds`, those another live run of the watch has recorded. */
  async takenElsewhere(
    watchId: string,
    jobId: string,
    postIds: string[],
    ended: EndedStatuses,
    manager: EntityManager,
  ): Promise<Set<string>> {
    const rows: { post_id: string }[] = await manager.query(
      `SELECT p.post_id FROM creator_posts p
        WHERE p.watch_id = $1 AND p.job_id <> $2 AND p.post_id = ANY ($3::text[])
          AND ${live('p', '$4')}`,
      [watchId, jobId, postIds, ended],
    );
    return new Set(rows.map((row) => row.post_id));
  }

  /**
   * Records the run's snapshot and posts (an earlier attempt of the same job is replaced), the
   * deltas from the newest live snapshot of another run.
   */
  async record(
    watchId: string,
    jobId: string,
    at: Date,
    snapshot: NewSnapshot,
    posts: RecordedPost[],
    ended: EndedStatuses,
    manager: EntityManager,
  ): Promise<CreatorSnapshotView> {
    await manager.query(`DELETE FROM creator_posts WHERE watch_id = $1 AND job_id = $2`, [
      watchId,
      jobId,
    ]);
    await manager.query(`DELETE FROM creator_snapshots WHERE job_id = $1`, [jobId]);
    const rows: SnapshotRow[] = await manager.query(
      `WITH previous AS (
         SELECT s.followers, s.likes, s.videos FROM creator_snapshots s
          WHERE s.watch_id = $1 AND ${live('s', '$7')} ORDER BY s.at DESC, s.id DESC LIMIT 1)
       INSERT INTO creator_snapshots (watch_id, job_id, at, followers, likes, videos,
         followers_delta, likes_delta, videos_delta)
       SELECT $1, $2, $3, $4::bigint, $5::bigint, $6::bigint,
              $4::bigint - (SELECT followers FROM previous),
              $5::bigint - (SELECT likes FROM previous),
              $6::bigint - (SELECT videos FROM previous)
       RETURNING at, followers::text, likes::text, videos::text, followers_delta::text,
                 likes_delta::text, videos_delta::text`,
      [watchId, jobId, at, snapshot.followers, snapshot.likes, snapshot.videos, ended],
    );
    // Posts taken by a run that failed go to this one.
    if (posts.length > 0) {
      await manager.query(
        `DELETE FROM creator_posts p WHERE p.watch_id = $1 AND p.post_id = ANY ($2::text[])
            AND NOT ${live('p', '$3')}`,
        [watchId, posts.map((post) => post.postId), ended],
      );
    }
    for (const post of posts) {
      await manager.query(
        `INSERT INTO creator_posts (watch_id, post_id, job_id, url, caption, posted_at,
           play_count, like_count, comment_count, share_count, multiple_of_median, outlier, seen_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          watchId,
          post.postId,
          jobId,
          post.url,
          post.caption,
          post.postedAt,
          post.playCount,
          post.likeCount,
          post.commentCount,
          post.shareCount,
          post.multipleOfMedian,
          post.outlier,
          at,
        ],
      );
    }
    return snapshotView(rows[0]);
  }

  /** A page of the watch's snapshots, oldest first, within `[from, to]` and after `after`. */
  async snapshots(
    watchId: string,
    page: { from?: Date; to?: Date; after?: Date; limit: number },
    ended: EndedStatuses,
  ): Promise<CreatorSnapshotView[]> {
    const params = new SqlParams();
    const where = [`s.watch_id = ${params.add(watchId)}`, live('s', params.add(ended))];
    if (page.from) where.push(`s.at >= ${params.add(page.from)}`);
    if (page.to) where.push(`s.at <= ${params.add(page.to)}`);
    if (page.after) where.push(`s.at > ${params.add(page.after)}`);
    const rows: SnapshotRow[] = await this.dataSource.query(
      `SELECT s.at, s.followers::text, s.likes::text, s.videos::text,
              s.followers_delta::text, s.likes_delta::text, s.videos_delta::text
         FROM creator_snapshots s WHERE ${where.join(' AND ')}
        ORDER BY s.at, s.id LIMIT ${params.add(page.limit)}`,
      params.values,
    );
    return rows.map(snapshotView);
  }

  /** A page of the watch's posts, newest first, after the post `after` (a raw id). */
  async posts(
    watchId: string,
    page: { after?: string; limit: number },
    ended: EndedStatuses,
  ): Promise<ReturnType<typeof postRowView>[] | null> {
    const params = new SqlParams();
    const where = [`p.watch_id = ${params.add(watchId)}`, live('p', params.add(ended))];
    if (page.after !== undefined) {
      const cursor: { posted_at: Date | null }[] = await this.dataSource.query(
        `SELECT p.posted_at FROM creator_posts p WHERE p.watch_id = $1 AND p.post_id = $2`,
        [watchId, page.after],
      );
      if (cursor.length === 0) return null;
      where.push(
        `(COALESCE(p.posted_at, '-infinity'), p.post_id) <
           (COALESCE(${params.add(cursor[0].posted_at)}::timestamptz, '-infinity'), ${params.add(page.after)})`,
      );
    }
    const rows: PostRow[] = await this.dataSource.query(
      `SELECT p.post_id, p.url, p.caption, p.posted_at, p.play_count::text, p.like_count::text,
              p.comment_count::text, p.share_count::text, p.multiple_of_median, p.outlier
         FROM creator_posts p WHERE ${where.join(' AND ')}
        ORDER BY COALESCE(p.posted_at, '-infinity') DESC, p.post_id DESC
        LIMIT ${params.add(page.limit)}`,
      params.values,
    );
    return rows.map(postRowView);
  }
}
