import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * `stripe_waiting_reversals`: refunds and disputes whose PaymentIntent no credited purchase has
 * yet (they arrived before the checkout's crediting event), kept until the credit lands. Owned by
 * PaymentsModule. The event is kept as ReversalService read it (`outcome`, opaque here).
 */
@Injectable()
export class StripeWaitingReversalRepository {
  /** Keeps the event; false when it is kept already (Stripe delivered it again). */
  async keep(
    waiting: { eventId: string; paymentIntentId: string; outcome: object },
    manager: EntityManager,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO stripe_waiting_reversals (event_id, payment_intent, outcome)
       VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
      [waiting.eventId, waiting.paymentIntentId, JSON.stringify(waiting.outcome)],
    );
    return rows.length > 0;
  }

  /** Removes and returns the PaymentIntent's waiting events, in the order they arrived. */
  async takeFor(paymentIntentId: string, manager: EntityManager): Promise<unknown[]> {
    // A DELETE … RETURNING answers [rows, count].
    const [rows]: [{ outcome: unknown; received_at: Date; event_id: string }[], number] =
      await manager.query(
        `DELETE FROM stripe_waiting_reversals WHERE payment_intent = $1
         RETURNING outcome, received_at, event_id`,
        [paymentIntentId],
      );
    return rows
      .sort(
        (a, b) =>
          a.received_at.getTime() - b.received_at.getTime() || a.event_id.localeCompare(b.event_id),
      )
      .map((row) => row.outcome);
  }
}
