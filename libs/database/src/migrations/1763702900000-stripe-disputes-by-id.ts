import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Disputes by Stripe's dispute id, and refunds or disputes that arrive before their purchase.
 *
 * - `stripe_disputes`: one row per dispute (`dp_…`) with Stripe's own status
 *   (`warning_needs_response` … `won`, `lost`). A purchase had one dispute slot: an inquiry
 *   closed as `warning_closed` was kept as `won`, and a later dispute of the same payment was
 *   then ignored. `checkout_sessions.dispute_status` stays as the summary of its disputes. The
 *   disputes already recorded are copied over.
 * - `stripe_waiting_reversals`: a refund or dispute whose PaymentIntent no purchase has been
 *   credited for yet is kept here and applied in the transaction that credits the purchase.
 */
export class StripeDisputesById1763702900000 implements MigrationInterface {
  name = 'StripeDisputesById1763702900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stripe_disputes (
        id text PRIMARY KEY,
        checkout_session_id text NOT NULL REFERENCES checkout_sessions(id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('warning_needs_response', 'warning_under_review',
          'warning_closed', 'needs_response', 'under_review', 'won', 'lost')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX stripe_disputes_checkout_idx ON stripe_disputes (checkout_session_id)`,
    );
    await q.query(`
      INSERT INTO stripe_disputes (id, checkout_session_id, status)
      SELECT dispute_id, id, CASE dispute_status WHEN 'open' THEN 'needs_response'
                                                 ELSE dispute_status END
        FROM checkout_sessions WHERE dispute_id IS NOT NULL AND dispute_status IS NOT NULL`);
    await q.query(`
      CREATE TABLE stripe_waiting_reversals (
        event_id text PRIMARY KEY,
        payment_intent text NOT NULL,
        outcome jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(
      `CREATE INDEX stripe_waiting_reversals_pi_idx ON stripe_waiting_reversals (payment_intent)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stripe_waiting_reversals`);
    await q.query(`DROP TABLE stripe_disputes`);
  }
}
