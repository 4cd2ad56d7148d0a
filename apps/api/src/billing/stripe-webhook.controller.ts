import { Controller, Headers, HttpCode, Logger, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { BillingService } from './billing.service';
import { PaymentsService, type PaidCheckout, type UnpaidCheckout } from './payments.service';

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

/** Postgres' unique_violation: a concurrent delivery credited the same checkout session first. */
const UNIQUE_VIOLATION = '23505';

/**
 * Credits live balances from `checkout.session.completed` (paid) and, for delayed payment
 * methods, `checkout.session.async_payment_succeeded`, only with a valid signature, and at most
 * once per event and per checkout session: a replayed delivery, or the second of the two events
 * for one session, credits nothing. `checkout.session.async_payment_failed` and
 * `checkout.session.expired` credit nothing and mark an open checkout `failed` or `expired`, so
 * the dashboard's return page can say so; a paid checkout stays paid.
 */
@ApiExcludeController()
@Controller('webhooks')
export class StripeWebhookController {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    private readonly payments: PaymentsService,
    private readonly billing: BillingService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Post('stripe')
  @HttpCode(200)
  async receive(
    @Req() req: Request,
    @Headers('stripe-signature') signature?: string,
  ): Promise<{ received: true; credited: boolean }> {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const outcome = this.payments.parseCheckoutEvent(raw, signature);
    if (!outcome) return { received: true, credited: false };
    if (outcome.kind !== 'paid') {
      const marked = await this.markUnpaid(outcome);
      this.logger.warn(
        { eventId: outcome.eventId, sessionId: outcome.sessionId, status: outcome.kind, marked },
        `${outcome.eventType}: checkout ended unpaid; nothing credited`,
      );
      return { received: true, credited: false };
    }
    const credited = await this.creditOnce(outcome);
    this.logger.log(
      { eventId: outcome.eventId, sessionId: outcome.sessionId, credited },
      outcome.eventType,
    );
    return { received: true, credited };
  }

  /**
   * Marks the checkout `failed` or `expired`, only while it is still `open`: a paid checkout is
   * never downgraded, and whichever unpaid outcome came first stays. One statement, so a
   * concurrent credit either commits first (the row is then `paid` and this changes nothing:
   * Postgres re-checks the condition on the row it waited for) or comes after and sets `paid`
   * over it (Stripe said it was paid; the money is credited). A replay changes nothing.
   */
  private async markUnpaid(unpaid: UnpaidCheckout): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE checkout_sessions SET status = $2 WHERE id = $1 AND status = 'open'`,
      [unpaid.sessionId, unpaid.kind],
    );
    return affected > 0;
  }

  /**
   * One transaction: record the event id (a replay stops here), credit the session's purchase
   * (its reference is the session id, unique among purchases, so `completed` and
   * `async_payment_succeeded` for one session credit it once), mark the checkout paid.
   * Deliveries for one session take turns (a transaction-scoped advisory lock on the session
   * id), so the second one finds the purchase the first committed instead of racing it.
   */
  private async creditOnce(paid: PaidCheckout): Promise<boolean> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
          `stripe-checkout:${paid.sessionId}`,
        ]);
        const fresh: unknown[] = await manager.query(
          `INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
          [paid.eventId, paid.eventType],
        );
        if (fresh.length === 0) return false;
        const result = await this.billing.credit(
          { accountId: paid.accountId, mode: 'live' },
          paid.amountMicros,
          {
            kind: 'purchase',
            reference: paid.sessionId,
            reason: 'Stripe Checkout',
          },
          manager,
        );
        await manager.query(
          `UPDATE checkout_sessions SET status = 'paid', paid_at = coalesce(paid_at, now()) WHERE id = $1`,
          [paid.sessionId],
        );
        return result !== null;
      });
    } catch (error) {
      // Safety net: the same session credited by a transaction that did not take the lock
      // committed first. It is paid, once. (A replay of this event finds the purchase.)
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false;
      throw error;
    }
  }
}
