import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A checkout can also end unpaid: `failed` (a delayed payment method, such as a bank debit, was
 * refused: `checkout.session.async_payment_failed`) or `expired` (the session timed out before
 * it was paid: `checkout.session.expired`). Both are only ever set on an `open` session; `paid`
 * is final and is never changed back.
 */
export class CheckoutOutcomes1763700400000 implements MigrationInterface {
  name = 'CheckoutOutcomes1763700400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE checkout_sessions
        DROP CONSTRAINT checkout_sessions_status_check,
        ADD CONSTRAINT checkout_sessions_status_check
          CHECK (status IN ('open', 'paid', 'failed', 'expired'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The old constraint knows only open and paid: an unpaid outcome goes back to open.
    await q.query(
      `UPDATE checkout_sessions SET status = 'open' WHERE status IN ('failed', 'expired')`,
    );
    await q.query(`
      ALTER TABLE checkout_sessions
        DROP CONSTRAINT checkout_sessions_status_check,
        ADD CONSTRAINT checkout_sessions_status_check CHECK (status IN ('open', 'paid'))`);
  }
}
