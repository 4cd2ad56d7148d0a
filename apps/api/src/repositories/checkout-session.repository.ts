import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CheckoutStatus, Micros } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';

export interface CheckoutSessionRow {
  /** `open` until Stripe reports how the checkout ended. */
  status: CheckoutStatus;
  amount: string;
}

/** `checkout_sessions`: one row per Stripe Checkout session. Owned by PaymentsModule. */
@Injectable()
export class CheckoutSessionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(accountId: string, id: string, amount: Micros): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO checkout_sessions (id, account_id, amount) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [id, accountId, amount],
    );
  }

  /** One of the account's own checkouts; another account's is null. */
  async getById(accountId: string, id: string): Promise<CheckoutSessionRow | null> {
    const rows: CheckoutSessionRow[] = await this.dataSource.query(
      `SELECT status, amount FROM checkout_sessions WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    return rows[0] ?? null;
  }

  /**
   * Takes the session's transaction-scoped advisory lock: webhook deliveries for one session
   * take turns until the transaction ends.
   */
  async lockForCredit(id: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `stripe-checkout:${id}`,
    ]);
  }

  async markPaid(id: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE checkout_sessions SET status = 'paid', paid_at = coalesce(paid_at, now()) WHERE id = $1`,
      [id],
    );
  }

  /** Sets `failed` or `expired`, only while the session is `open`; whether it changed. */
  async markUnpaid(id: string, status: 'failed' | 'expired'): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE checkout_sessions SET status = $2 WHERE id = $1 AND status = 'open'`,
      [id, status],
    );
    return affected > 0;
  }
}
