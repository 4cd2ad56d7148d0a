import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trend history store (docs/trends.md, docs/architecture.md §"Trends").
 *
 * - `trend_observations`: one row per (mode, market, kind, day, item): the day's value, the chart
 *   rank and where the value came from. Written by upsert, so a collection that runs twice in a
 *   day, or music and scan seeing the same sound, leaves one row. Its primary key leads with the
 *   day inside a (mode, market, kind): a trends call reads the `2 × window` days it answers for by
 *   a range on that key, so the rows it reads do not grow with the days kept. A second index
 *   leads with the item, for one item's recent history (music's stage) and for the retention
 *   job's range on `day` alone (`trend_observations_day_idx`).
 * - `trend_items`: what an item is (title, author, links, commercial flag, latest rank change),
 *   one row per item, so observations stay narrow.
 * - `trend_collections`: one row per (mode, market, kind, day) whose daily collection was taken:
 *   the first instance to insert it collects, every other one skips.
 * - `api_keys.operations`: keys can be scoped to `trends`.
 * - the pg-boss queue the daily schedule ticks into, created here once (as watches do).
 */
export class TrendHistory1763703100000 implements MigrationInterface {
  name = 'TrendHistory1763703100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `SELECT pgboss.create_queue($1, $2)
        WHERE NOT EXISTS (SELECT 1 FROM pgboss.queue WHERE name = $1)`,
      [
        'trends-collect',
        JSON.stringify({ policy: 'standard', retryLimit: 0, expireInSeconds: 900 }),
      ],
    );
    await q.query(`
      CREATE TABLE trend_observations (
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        market text NOT NULL CHECK (market IN ('network_a', 'network_b')),
        kind text NOT NULL CHECK (kind IN ('sounds', 'hashtags')),
        day date NOT NULL,
        item_id text NOT NULL,
        value double precision NOT NULL CHECK (value >= 0),
        rank integer,
        source text NOT NULL CHECK (source IN ('counts', 'curve')),
        PRIMARY KEY (mode, market, kind, day, item_id)
      )`);
    await q.query(
      `CREATE INDEX trend_observations_item_idx
         ON trend_observations (mode, market, kind, item_id, day)`,
    );
    await q.query(`CREATE INDEX trend_observations_day_idx ON trend_observations (day)`);
    await q.query(`
      CREATE TABLE trend_items (
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        market text NOT NULL CHECK (market IN ('network_a', 'network_b')),
        kind text NOT NULL CHECK (kind IN ('sounds', 'hashtags')),
        item_id text NOT NULL,
        title text,
        author text,
        url text,
        cover_url text,
        commercial boolean,
        -- The running total (uses, views) last reported, on which day, and the total of the
        -- latest earlier day: a day's gain is total - base_total, however often it is reported.
        total double precision,
        total_day date,
        base_total double precision,
        rank_change integer,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (mode, market, kind, item_id)
      )`);
    await q.query(`
      CREATE TABLE trend_collections (
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        market text NOT NULL CHECK (market IN ('network_a', 'network_b')),
        kind text NOT NULL CHECK (kind IN ('sounds', 'hashtags')),
        day date NOT NULL,
        provider_calls integer,
        items integer,
        taken_at timestamptz NOT NULL,
        PRIMARY KEY (mode, market, kind, day)
      )`);
    await q.query(`ALTER TABLE api_keys DROP CONSTRAINT IF EXISTS api_keys_operations_check`);
    await q.query(`
      ALTER TABLE api_keys ADD CONSTRAINT api_keys_operations_check CHECK (
        operations IS NULL
        OR operations <@ ARRAY['assist', 'scan', 'playbook', 'music', 'trends']::text[]
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE api_keys SET operations = array_remove(operations, 'trends')
                    WHERE 'trends' = ANY(operations)`);
    await q.query(`ALTER TABLE api_keys DROP CONSTRAINT IF EXISTS api_keys_operations_check`);
    await q.query(`
      ALTER TABLE api_keys ADD CONSTRAINT api_keys_operations_check CHECK (
        operations IS NULL OR operations <@ ARRAY['assist', 'scan', 'playbook', 'music']::text[]
      )`);
    await q.query(`DROP TABLE IF EXISTS trend_collections`);
    await q.query(`DROP TABLE IF EXISTS trend_items`);
    await q.query(`DROP TABLE IF EXISTS trend_observations`);
    await q.query(`DELETE FROM pgboss.schedule WHERE name = 'trends-collect'`);
    await q.query(`SELECT pgboss.delete_queue('trends-collect')`);
  }
}
