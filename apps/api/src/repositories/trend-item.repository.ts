import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Market, Mode, TrendKind } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';

export interface TrendItemWrite {
  itemId: string;
  title: string | null;
  author: string | null;
  url: string | null;
  coverUrl: string | null;
  commercial: boolean | null;
  rankChange: number | null;
  /** Running total reported today (uses, views); null when the source gave none. */
  total: number | null;
}

export interface TrendItemRow {
  item_id: string;
  title: string | null;
  author: string | null;
  url: string | null;
  cover_url: string | null;
  commercial: boolean | null;
  rank_change: number | null;
}

/** A total's state after a write: today's gain is `total - base_total` when both are known. */
export interface TrendTotal {
  item_id: string;
  total: number | null;
  base_total: number | null;
}

/**
 * `trend_items`: what each charted sound or hashtag is, one row per (mode, market, kind, item).
 * Owned by TrendHistoryModule. A write keeps what it does not know (nulls never erase).
 */
@Injectable()
export class TrendItemRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Upserts the items; each one's running total, and the total of its latest earlier day. */
  async upsert(
    scope: { mode: Mode; market: Market; kind: TrendKind },
    today: string,
    items: readonly TrendItemWrite[],
    now: Date,
    manager?: EntityManager,
  ): Promise<TrendTotal[]> {
    if (items.length === 0) return [];
    const runner = manager ?? this.dataSource;
    const rows: { item_id: string; total: number | null; base_total: number | null }[] =
      await runner.query(
        `INSERT INTO trend_items AS t (mode, market, kind, item_id, title, author, url, cover_url,
                                       commercial, rank_change, total, total_day, base_total,
                                       updated_at)
         SELECT $1, $2, $3, i.item_id, i.title, i.author, i.url, i.cover_url, i.commercial,
                i.rank_change, i.total, CASE WHEN i.total IS NULL THEN NULL ELSE $4::date END,
                NULL, $5
           FROM unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
                       $11::boolean[], $12::int[], $13::float8[])
             AS i(item_id, title, author, url, cover_url, commercial, rank_change, total)
         ON CONFLICT (mode, market, kind, item_id) DO UPDATE SET
           title = COALESCE(EXCLUDED.title, t.title),
           author = COALESCE(EXCLUDED.author, t.author),
           url = COALESCE(EXCLUDED.url, t.url),
           cover_url = COALESCE(EXCLUDED.cover_url, t.cover_url),
           commercial = COALESCE(EXCLUDED.commercial, t.commercial),
           rank_change = COALESCE(EXCLUDED.rank_change, t.rank_change),
           base_total = CASE
             WHEN EXCLUDED.total IS NULL OR t.total_day IS NULL THEN t.base_total
             WHEN t.total_day < EXCLUDED.total_day THEN t.total
             ELSE t.base_total END,
           total = CASE
             WHEN EXCLUDED.total IS NULL THEN t.total
             WHEN t.total_day = EXCLUDED.total_day THEN GREATEST(t.total, EXCLUDED.total)
             ELSE EXCLUDED.total END,
           total_day = COALESCE(EXCLUDED.total_day, t.total_day),
           updated_at = EXCLUDED.updated_at
         RETURNING item_id, total, base_total`,
        [
          scope.mode,
          scope.market,
          scope.kind,
          today,
          now,
          items.map((i) => i.itemId),
          items.map((i) => i.title),
          items.map((i) => i.author),
          items.map((i) => i.url),
          items.map((i) => i.coverUrl),
          items.map((i) => i.commercial),
          items.map((i) => i.rankChange),
          items.map((i) => i.total),
        ],
      );
    return rows;
  }

  /** The items among `ids` (a call's page: at most 50). */
  getMany(
    scope: { mode: Mode; market: Market; kind: TrendKind },
    ids: readonly string[],
  ): Promise<TrendItemRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT item_id, title, author, url, cover_url, commercial, rank_change
         FROM trend_items
        WHERE mode = $1 AND market = $2 AND kind = $3 AND item_id = ANY($4::text[])`,
      [scope.mode, scope.market, scope.kind, ids],
    );
  }

  /** Deletes items last seen before `before`; how many. */
  async deleteUnseenSince(before: Date): Promise<number> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM trend_items WHERE updated_at < $1`,
      [before],
    );
    return affected;
  }
}
