import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ranked trends table (docs/architecture.md §"Trends", docs/performance.md).
 *
 * - `trend_rankings`: every item of a (mode, market, kind, window) judged once for the day it
 *   answers for (`day` = the latest day with observations): stage, current, previous, growth and
 *   its place in each sort. A trends call reads one page of it by an index in the chosen sort's
 *   order, instead of judging every item of the window on every call.
 * - `trend_ranking_builds`: which day and which store revision the rows of a (mode, market, kind,
 *   window) were judged from. A call whose day or revision differs rebuilds first.
 * - `trend_revisions`: a counter per (mode, market, kind), raised by statement triggers on every
 *   insert, update, delete and truncate of `trend_observations`, in the writer's transaction.
 *   Because the triggers see every write (the collection, the sandbox's charts, music, retention,
 *   a direct insert), a ranking built before new data is never served after it.
 */
export class TrendRankings1763703150000 implements MigrationInterface {
  name = 'TrendRankings1763703150000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE trend_revisions (
        mode text NOT NULL,
        market text NOT NULL,
        kind text NOT NULL,
        revision bigint NOT NULL,
        PRIMARY KEY (mode, market, kind)
      )`);
    await q.query(`
      CREATE FUNCTION trend_observations_revise() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Scopes in a stable order, so two writers of several scopes lock them alike.
        INSERT INTO trend_revisions AS r (mode, market, kind, revision)
        SELECT DISTINCT mode, market, kind, 1 FROM changed ORDER BY 1, 2, 3
        ON CONFLICT (mode, market, kind) DO UPDATE SET revision = r.revision + 1;
        RETURN NULL;
      END $$`);
    const triggers: [string, string][] = [
      ['INSERT', 'NEW'],
      ['UPDATE', 'NEW'],
      ['DELETE', 'OLD'],
    ];
    for (const [event, rows] of triggers) {
      await q.query(`
        CREATE TRIGGER trend_observations_revise_${event.toLowerCase()}
          AFTER ${event} ON trend_observations
          REFERENCING ${rows} TABLE AS changed
          FOR EACH STATEMENT EXECUTE FUNCTION trend_observations_revise()`);
    }
    // A truncate names no rows: every scope's rankings are stale after it.
    await q.query(`
      CREATE FUNCTION trend_observations_revise_all() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE trend_revisions SET revision = revision + 1;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER trend_observations_revise_truncate
        AFTER TRUNCATE ON trend_observations
        FOR EACH STATEMENT EXECUTE FUNCTION trend_observations_revise_all()`);
    await q.query(`
      CREATE TABLE trend_ranking_builds (
        mode text NOT NULL,
        market text NOT NULL,
        kind text NOT NULL,
        "window" integer NOT NULL,
        day date NOT NULL,
        revision bigint NOT NULL,
        items integer NOT NULL,
        built_at timestamptz NOT NULL,
        PRIMARY KEY (mode, market, kind, "window")
      )`);
    await q.query(`
      CREATE TABLE trend_rankings (
        mode text NOT NULL,
        market text NOT NULL,
        kind text NOT NULL,
        "window" integer NOT NULL,
        item_id text NOT NULL,
        stage text NOT NULL CHECK (stage IN ('new', 'rising', 'steady', 'fading')),
        current double precision NOT NULL,
        previous double precision NOT NULL,
        growth double precision,
        growth_rank integer NOT NULL,
        volume_rank integer NOT NULL,
        PRIMARY KEY (mode, market, kind, "window", item_id)
      )`);
    await q.query(`
      CREATE INDEX trend_rankings_growth_idx
        ON trend_rankings (mode, market, kind, "window", growth_rank)`);
    await q.query(`
      CREATE INDEX trend_rankings_volume_idx
        ON trend_rankings (mode, market, kind, "window", volume_rank)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS trend_rankings`);
    await q.query(`DROP TABLE IF EXISTS trend_ranking_builds`);
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await q.query(
        `DROP TRIGGER IF EXISTS trend_observations_revise_${event} ON trend_observations`,
      );
    }
    await q.query(`DROP FUNCTION IF EXISTS trend_observations_revise_all()`);
    await q.query(`DROP FUNCTION IF EXISTS trend_observations_revise()`);
    await q.query(`DROP TABLE IF EXISTS trend_revisions`);
  }
}
