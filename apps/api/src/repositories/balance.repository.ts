import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Micros, Mode } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';

/** Amounts as Postgres returns bigints: decimal strings. */
export interface BalanceRow {
  balance: string;
  held: string;
}

/** `balances`. Owned by LedgerModule (BillingService). One row per account and mode. */
@Injectable()
export class BalanceRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(
    accountId: string,
    mode: Mode,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<BalanceRow | null> {
    const rows: BalanceRow[] = await manager.query(
      `SELECT balance, held FROM balances WHERE account_id = $1 AND mode = $2`,
      [accountId, mode],
    );
    return rows[0] ?? null;
  }

  /** Creates the account's (empty) balance for the mode unless it exists. */
  async ensure(accountId: string, mode: Mode, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO balances (account_id, mode) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [accountId, mode],
    );
  }

  /** Adds `amount`; the balance after. */
  async add(
    accountId: string,
    mode: Mode,
    amount: Micros,
    manager: EntityManager,
  ): Promise<string> {
    const rows: { balance: string }[] = await manager.query(
      `WITH b AS (
         UPDATE balances SET balance = balance + $3, updated_at = now()
          WHERE account_id = $1 AND mode = $2 RETURNING balance)
       SELECT balance FROM b`,
      [accountId, mode, amount],
    );
    return rows[0].balance;
  }
}
