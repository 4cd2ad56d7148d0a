import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Market, Mode, TrendKind, TrendSort, TrendStage } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';

type Scope = { mode: Mode; market: Market; kind: TrendKind };

/** One judged item of a ranking, with its place in each sort (1 = first). */
export interface TrendRankingWrite {
  itemId: string;
  stage: TrendStage;
  current: number;
  previous: number;
  growth: number | null;
  growthRank: number;
  volumeRank: number;
}

/** Which day and store revision a ranking was judged from, and the store's revision now. */
export interface TrendRankingState {
  builtDay: string | null;
  builtRevision: number | null;
  revision: number;
}

export interface TrendRankingPage {
  stages: readonly TrendStage[] | null;
  commercialOnly: boolean;
  sort: TrendSort;
  limit: number;
}

/**
 * `trend_rankings`, `trend_ranking_builds` and `trend_revisions`: the judged, ranked items of a
 * (mode, market, kind, window) for its latest day. Owned by TrendHistoryModule. A page is an
 * index range in the chosen sort's order, so a call reads about `limit` rows whatever the store
 * holds.
 */
@Injectable()
export class TrendRankingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The build of a ranking and the store's current revision (0 before any write). */
  async state(scope: Scope, window: number, manager?: EntityManager): Promise<TrendRankingState> {
    const rows: { day: string | null; built: string | null; revision: string | null }[] = await (
      manager ?? this.dataSource
    ).query(
      `SELECT (SELECT day::text FROM trend_ranking_builds b
                WHERE b.mode = $1 AND b.market = $2 AND b.kind = $3 AND b."window" = $4) AS day,
              (SELECT revision FROM trend_ranking_builds b
                WHERE b.mode = $1 AND b.market = $2 AND b.kind = $3 AND b."window" = $4) AS built,
              (SELECT revision FROM trend_revisions r
                WHERE r.mode = $1 AND r.market = $2 AND r.kind = $3) AS revision`,
      [scope.mode, scope.market, scope.kind, window],
    );
    const row = rows[0];
    return {
      builtDay: row?.day ?? null,
      builtRevision: row?.built == null ? null : Number(row.built),
      revision: row?.revision == null ? 0 : Number(row.revision),
    };
  }

  /**
   * Waits for, then holds until the transaction ends, the lock on one ranking's build: of calls
   * that find it stale at once, one judges and the others read its result.
   */
  async lock(scope: Scope, window: number, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('trend_rankings'), hashtext($1))`, [
      `${scope.mode}:${scope.market}:${scope.kind}:${window}`,
    ]);
  }

  /** Replaces a ranking with the items judged for `day` from store revision `revision`. */
  async replace(
    scope: Scope,
    window: number,
    day: string,
    revision: number,
    rows: readonly TrendRankingWrite[],
    now: Date,
    manager: EntityManager,
  ): Promise<void> {
    const key = [scope.mode, scope.market, scope.kind, window];
    await manager.query(
      `DELETE FROM trend_rankings WHERE mode = $1 AND market = $2 AND kind = $3 AND "window" = $4`,
      key,
    );
    if (rows.length > 0) {
      await manager.query(
        `INSERT INTO trend_rankings (mode, market, kind, "window", item_id, stage, current,
                                     previous, growth, growth_rank, volume_rank)
         SELECT $1, $2, $3, $4, r.item_id, r.stage, r.current, r.previous, r.growth,
                r.growth_rank, r.volume_rank
           FROM unnest($5::text[], $6::text[], $7::float8[], $8::float8[], $9::float8[],
                       $10::int[], $11::int[])
             AS r(item_id, stage, current, previous, growth, growth_rank, volume_rank)`,
        [
          ...key,
          rows.map((r) => r.itemId),
          rows.map((r) => r.stage),
          rows.map((r) => r.current),
          rows.map((r) => r.previous),
          rows.map((r) => r.growth),
          rows.map((r) => r.growthRank),
          rows.map((r) => r.volumeRank),
        ],
      );
    }
    await manager.query(
      `INSERT INTO trend_ranking_builds (mode, market, kind, "window", day, revision, items, built_at)
       VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8)
       ON CONFLICT (mode, market, kind, "window") DO UPDATE SET
         day = EXCLUDED.day, revision = EXCLUDED.revision, items = EXCLUDED.items,
         built_at = EXCLUDED.built_at`,
      [...key, day, revision, rows.length, now],
    );
  }

  /** One page of a ranking in the chosen sort's order; item ids, first first. */
  async page(scope: Scope, window: number, page: TrendRankingPage): Promise<string[]> {
    const order = page.sort === 'volume' ? 'r.volume_rank' : 'r.growth_rank';
    const rows: { item_id: string }[] = await this.dataSource.query(
      `SELECT r.item_id FROM trend_rankings r
         LEFT JOIN trend_items i
           ON i.mode = r.mode AND i.market = r.market AND i.kind = r.kind AND i.item_id = r.item_id
        WHERE r.mode = $1 AND r.market = $2 AND r.kind = $3 AND r."window" = $4
          AND ($5::text[] IS NULL OR r.stage = ANY($5::text[]))
          AND (NOT $6::boolean OR i.commercial IS TRUE)
        ORDER BY ${order}
        LIMIT $7`,
      [scope.mode, scope.market, scope.kind, window, page.stages, page.commercialOnly, page.limit],
    );
    return rows.map((row) => row.item_id);
  }
}
