import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Stripe's statuses of a dispute still open (an inquiry's `warning_…` ones included). */
export const OPEN_DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'needs_response',
  'under_review',
] as const;

/** Stripe's closing statuses: an inquiry closes as `warning_closed`, a dispute as won or lost. */
export const CLOSED_DISPUTE_STATUSES = ['warning_closed', 'won', 'lost'] as const;

export type StripeDisputeStatus =
  (typeof OPEN_DISPUTE_STATUSES)[number] | (typeof CLOSED_DISPUTE_STATUSES)[number];

export interface StripeDisputeRow {
  id: string;
  status: StripeDisputeStatus;
}

/** What a purchase's disputes add up to, as `checkout_sessions.dispute_status` keeps it. */
export type DisputeSummary = 'open' | 'won' | 'lost' | null;

const OPEN = OPEN_DISPUTE_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * `stripe_disputes`: one row per Stripe dispute (`dp_…`) of a purchase, with Stripe's own
 * status, so an inquiry and a later dispute of the same payment are two rows. Owned by
 * PaymentsModule; callers hold the purchase's row lock, so a purchase's disputes move in turn.
 */
@Injectable()
export class StripeDisputeRepository {
  async get(id: string, manager: EntityManager): Promise<StripeDisputeRow | null> {
    const rows: StripeDisputeRow[] = await manager.query(
      `SELECT id, status FROM stripe_disputes WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async save(
    dispute: { id: string; checkoutSessionId: string; status: StripeDisputeStatus },
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO stripe_disputes (id, checkout_session_id, status) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()`,
      [dispute.id, dispute.checkoutSessionId, dispute.status],
    );
  }

  /** The purchase's open disputes, newest first. */
  async openOf(checkoutSessionId: string, manager: EntityManager): Promise<StripeDisputeRow[]> {
    return manager.query(
      `SELECT id, status FROM stripe_disputes
        WHERE checkout_session_id = $1 AND status IN (${OPEN})
        ORDER BY created_at DESC, id DESC`,
      [checkoutSessionId],
    );
  }

  /** Open while any is open; else lost if any was lost; else won (or null: none). */
  async summaryOf(checkoutSessionId: string, manager: EntityManager): Promise<DisputeSummary> {
    const rows: { summary: DisputeSummary }[] = await manager.query(
      `SELECT CASE WHEN bool_or(status IN (${OPEN})) THEN 'open'
                   WHEN bool_or(status = 'lost') THEN 'lost'
                   WHEN count(*) > 0 THEN 'won' END AS summary
         FROM stripe_disputes WHERE checkout_session_id = $1`,
      [checkoutSessionId],
    );
    return rows[0]?.summary ?? null;
  }
}
