import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Creator watches (docs/watches.md): a watch of another kind that follows one creator.
 *
 * - `watches.kind`: `niche` (a saved scan, every watch made before this) or `creator`. The
 *   default keeps every existing row, and every insert that names no kind, a niche watch.
 * - `watches.creator`: the tracked creator as the profile lookup found it at creation (market,
 *   handle, the provider's ids, name, profile URL); null for a niche watch.
 * - `watches.outlier_multiple`: a new post is an outlier when its plays are at least this many
 *   times the creator's median; null for a niche watch.
 * - `creator_snapshots`: one row per successful run of a creator watch, the profile's counts
 *   and the change from the previous row. Unique per job, so a retried attempt rewrites its row.
 * - `creator_posts`: every post a creator watch has seen, owned by the run's job that first saw
 *   it, with its counts and its multiple of the creator's median at that moment.
 *
 * Both go with their watch (`ON DELETE CASCADE`).
 */
export class CreatorWatches1763703300000 implements MigrationInterface {
  name = 'CreatorWatches1763703300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE watches ADD COLUMN kind text NOT NULL DEFAULT 'niche'
         CHECK (kind IN ('niche', 'creator'))`,
    );
    await q.query(`ALTER TABLE watches ADD COLUMN creator jsonb`);
    await q.query(
      `ALTER TABLE watches ADD COLUMN outlier_multiple real
         CHECK (outlier_multiple BETWEEN 1.2 AND 20)`,
    );
    await q.query(
      `ALTER TABLE watches ADD CONSTRAINT watches_kind_fields_check
         CHECK ((kind = 'creator') = (creator IS NOT NULL AND outlier_multiple IS NOT NULL))`,
    );
    await q.query(`
      CREATE TABLE creator_snapshots (
        id bigserial PRIMARY KEY,
        watch_id uuid NOT NULL REFERENCES watches(id) ON DELETE CASCADE,
        job_id uuid NOT NULL,
        at timestamptz NOT NULL,
        followers bigint,
        likes bigint,
        videos bigint,
        followers_delta bigint,
        likes_delta bigint,
        videos_delta bigint
      )`);
    await q.query(`CREATE UNIQUE INDEX creator_snapshots_job_idx ON creator_snapshots (job_id)`);
    await q.query(
      `CREATE INDEX creator_snapshots_watch_idx ON creator_snapshots (watch_id, at, id)`,
    );
    await q.query(`
      CREATE TABLE creator_posts (
        watch_id uuid NOT NULL REFERENCES watches(id) ON DELETE CASCADE,
        post_id text NOT NULL,
        job_id uuid NOT NULL,
        url text NOT NULL,
        caption text,
        posted_at timestamptz,
        play_count bigint,
        like_count bigint,
        comment_count bigint,
        share_count bigint,
        multiple_of_median double precision,
        outlier boolean,
        seen_at timestamptz NOT NULL,
        PRIMARY KEY (watch_id, post_id)
      )`);
    await q.query(`CREATE INDEX creator_posts_job_idx ON creator_posts (job_id)`);
    await q.query(
      `CREATE INDEX creator_posts_watch_posted_idx ON creator_posts (watch_id, posted_at DESC, post_id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE creator_posts`);
    await q.query(`DROP TABLE creator_snapshots`);
    await q.query(`ALTER TABLE watches DROP CONSTRAINT watches_kind_fields_check`);
    await q.query(`ALTER TABLE watches DROP COLUMN outlier_multiple`);
    await q.query(`ALTER TABLE watches DROP COLUMN creator`);
    await q.query(`ALTER TABLE watches DROP COLUMN kind`);
  }
}
