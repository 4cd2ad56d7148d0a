import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Market, Mode, TrendKind } from '@reelscout/domain';
import { DataSource } from 'typeorm';

type Scope = { mode: Mode; market: Market; kind: TrendKind };

/**
 * `trend_collections`: which (mode, market, kind, day) had its daily collection taken. Owned by
 * TrendHistoryModule. Claiming is one insert: of instances claiming at once, one gets the row.
 */
@Injectable()
export class TrendCollectionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Takes the day's collection; false when it was already taken. */
  async claim(scope: Scope, day: string, now: Date): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO trend_collections (mode, market, kind, day, taken_at)
       VALUES ($1, $2, $3, $4::date, $5)
       ON CONFLICT (mode, market, kind, day) DO NOTHING
       RETURNING 1`,
      [scope.mode, scope.market, scope.kind, day, now],
    );
    return rows.length === 1;
  }

  /** Whether the day's collection was taken. */
  async taken(scope: Scope, day: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM trend_collections
        WHERE mode = $1 AND market = $2 AND kind = $3 AND day = $4::date`,
      [scope.mode, scope.market, scope.kind, day],
    );
    return rows.length === 1;
  }

  /** What a finished collection came to (for the bench and operators). */
  async finish(scope: Scope, day: string, providerCalls: number, items: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE trend_collections SET provider_calls = $5, items = $6
        WHERE mode = $1 AND market = $2 AND kind = $3 AND day = $4::date`,
      [scope.mode, scope.market, scope.kind, day, providerCalls, items],
    );
  }

  /** Gives a failed collection's day back, so a later run takes it again. */
  async release(scope: Scope, day: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM trend_collections
        WHERE mode = $1 AND market = $2 AND kind = $3 AND day = $4::date`,
      [scope.mode, scope.market, scope.kind, day],
    );
  }

  /** Deletes the records of days before `before`. */
  async deleteBefore(before: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM trend_collections WHERE day < $1::date`, [before]);
  }
}
