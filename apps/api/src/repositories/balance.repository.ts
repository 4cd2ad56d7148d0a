import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Mode } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';

/** Amounts as Postgres returns bigints: decimal strings. */
export interface BalanceRow {
  balance: string;
  held: string;
  /** Live credit a refund or a lost dispute could not take back (it was spent or held). */
  shortfall: string;
  open_disputes: number;
}

/** `balances`. Owned by MoneyModule (BillingService). One row per account and mode. */
@Injectable()
export class BalanceRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(
    accountId: string,
    mode: Mode,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<BalanceRow | null> {
    const rows: BalanceRow[] = await manager.query(
      `SELECT balance, held, shortfall, open_disputes FROM balances WHERE account_id = $1 AND mode = $2`,
      [accountId, mode],
    );
    return rows[0] ?? null;
  }
}
