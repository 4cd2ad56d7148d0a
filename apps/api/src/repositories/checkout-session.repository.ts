import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CheckoutStatus, Micros } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';

export interface CheckoutSessionRow {
  /** `open` until Stripe reports how the checkout ended. */
  status: CheckoutStatus;
  amount: string;
}

/** A paid purchase and what Stripe has given back of it (micro-USD). */
export interface PurchaseReversals {
  id: string;
  accountId: string;
  amount: Micros;
  /** Taken back (or owed as shortfall) for refunds so far. */
  refunded: Micros;
  /** Taken back (or owed) for a lost dispute. */
  chargedBack: Micros;
  disputeStatus: 'open' | 'won' | 'lost' | null;
  /** Stripe's dispute (`dp_…`), once one was opened. */
  disputeId: string | null;
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

  /**
   * Marks the session paid with its PaymentIntent (the row created if the checkout was started
   * elsewhere), so a later refund or dispute of the payment finds the purchase.
   */
  async markPaid(
    paid: { id: string; accountId: string; amount: Micros; paymentIntent: string | null },
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO checkout_sessions (id, account_id, amount, status, paid_at, payment_intent)
       VALUES ($1, $2, $3, 'paid', now(), $4)
       ON CONFLICT (id) DO UPDATE SET status = 'paid',
         paid_at = coalesce(checkout_sessions.paid_at, now()),
         payment_intent = coalesce(checkout_sessions.payment_intent, excluded.payment_intent)`,
      [paid.id, paid.accountId, paid.amount, paid.paymentIntent],
    );
  }

  /**
   * The paid purchase of a PaymentIntent, its row locked until the transaction ends: refund and
   * dispute deliveries for one payment take turns. Null when no purchase has that PaymentIntent.
   */
  async lockPurchase(
    paymentIntent: string,
    manager: EntityManager,
  ): Promise<PurchaseReversals | null> {
    const rows: PurchaseReversals[] = await manager.query(
      `SELECT id, account_id AS "accountId", amount::float8 AS amount, refunded::float8 AS refunded,
              charged_back::float8 AS "chargedBack", dispute_status AS "disputeStatus",
              dispute_id AS "disputeId"
         FROM checkout_sessions WHERE payment_intent = $1 AND status = 'paid' FOR UPDATE`,
      [paymentIntent],
    );
    return rows[0] ?? null;
  }

  /** Records what refunds and the dispute have taken back, and the dispute's state. */
  async recordReversals(
    id: string,
    state: Pick<PurchaseReversals, 'refunded' | 'chargedBack' | 'disputeStatus' | 'disputeId'>,
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `UPDATE checkout_sessions SET refunded = $2, charged_back = $3, dispute_status = $4,
              dispute_id = coalesce($5, dispute_id)
        WHERE id = $1`,
      [id, state.refunded, state.chargedBack, state.disputeStatus, state.disputeId],
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
