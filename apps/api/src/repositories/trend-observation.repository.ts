import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Market, Mode, TrendKind, TrendSource } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';

export interface TrendObservationWrite {
  itemId: string;
  day: string;
  value: number;
  rank: number | null;
  source: TrendSource;
}

export interface TrendObservationRow {
  item_id: string;
  day: string;
  value: number;
  rank: number | null;
  source: TrendSource;
}

type Scope = { mode: Mode; market: Market; kind: TrendKind };

/** Rows one retention statement deletes at most (a long backlog goes in several). */
export const RETENTION_BATCH = 10_000;

/**
 * `trend_observations`: one value per (mode, market, kind, day, item). Owned by
 * TrendHistoryModule. Reads are ranges on the primary key's day inside a (mode, market, kind),
 * so they touch the days asked for and no others, however many days are kept.
 */
@Injectable()
export class TrendObservationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Writes the observations; one already there for its day is replaced (a rank is kept). */
  async upsert(
    scope: Scope,
    rows: readonly TrendObservationWrite[],
    manager?: EntityManager,
  ): Promise<void> {
    if (rows.length === 0) return;
    const runner = manager ?? this.dataSource;
    await runner.query(
      `INSERT INTO trend_observations AS o (mode, market, kind, day, item_id, value, rank, source)
       SELECT $1, $2, $3, r.day, r.item_id, r.value, r.rank, r.source
         FROM unnest($4::date[], $5::text[], $6::float8[], $7::int[], $8::text[])
           AS r(day, item_id, value, rank, source)
       ON CONFLICT (mode, market, kind, day, item_id) DO UPDATE SET
         value = EXCLUDED.value,
         rank = COALESCE(EXCLUDED.rank, o.rank),
         source = EXCLUDED.source`,
      [
        scope.mode,
        scope.market,
        scope.kind,
        rows.map((r) => r.day),
        rows.map((r) => r.itemId),
        rows.map((r) => r.value),
        rows.map((r) => r.rank),
        rows.map((r) => r.source),
      ],
    );
  }

  /** The latest day with an observation, not after `notAfter`; null when there is none. */
  async latestDay(scope: Scope, notAfter: string): Promise<string | null> {
    const rows: { day: string | null }[] = await this.dataSource.query(
      `SELECT max(day)::text AS day FROM trend_observations
        WHERE mode = $1 AND market = $2 AND kind = $3 AND day <= $4::date`,
      [scope.mode, scope.market, scope.kind, notAfter],
    );
    return rows[0]?.day ?? null;
  }

  /** Every observation of the days `from`..`to` (inclusive). */
  inDays(
    scope: Scope,
    from: string,
    to: string,
    manager?: EntityManager,
  ): Promise<TrendObservationRow[]> {
    return (manager ?? this.dataSource).query(
      `SELECT item_id, day::text AS day, value, rank, source FROM trend_observations
        WHERE mode = $1 AND market = $2 AND kind = $3 AND day BETWEEN $4::date AND $5::date`,
      [scope.mode, scope.market, scope.kind, from, to],
    );
  }

  /** The observations of some items in the days `from`..`to`. */
  ofItems(
    scope: Scope,
    ids: readonly string[],
    from: string,
    to: string,
  ): Promise<TrendObservationRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT item_id, day::text AS day, value, rank, source FROM trend_observations
        WHERE mode = $1 AND market = $2 AND kind = $3 AND item_id = ANY($4::text[])
          AND day BETWEEN $5::date AND $6::date`,
      [scope.mode, scope.market, scope.kind, ids, from, to],
    );
  }

  /** Deletes up to a batch of observations of days before `before`; how many. */
  async deleteBefore(before: string): Promise<number> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM trend_observations WHERE ctid = ANY(ARRAY(
         SELECT ctid FROM trend_observations WHERE day < $1::date LIMIT $2))`,
      [before, RETENTION_BATCH],
    );
    return affected;
  }
}
