import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CheckoutView } from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { BillingService } from '../money/billing.service';
import {
  CheckoutSessionRepository,
  type CheckoutSessionRow,
} from '../repositories/checkout-session.repository';
import { StripeEventRepository } from '../repositories/stripe-event.repository';
import { ReversalService } from './reversal.service';
import {
  PaymentsService,
  type CheckoutRequest,
  type PaidCheckout,
  type UnpaidCheckout,
} from './payments.service';

/** Postgres' unique_violation: a concurrent delivery credited the same checkout session first. */
const UNIQUE_VIOLATION = '23505';

/**
 * Buying live credit: a Stripe Checkout session per purchase (recorded as `open`), and the
 * webhook's outcomes: a paid checkout credited at most once, an unpaid one marked so.
 */
@Injectable()
export class CheckoutService {
  constructor(
    /** For the crediting transaction only; statements are the repositories'. */
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly billing: BillingService,
    private readonly sessions: CheckoutSessionRepository,
    private readonly events: StripeEventRepository,
    private readonly reversals: ReversalService,
  ) {}

  /** Starts a Stripe Checkout and records it as `open`. */
  async create(request: CheckoutRequest): Promise<CheckoutView> {
    const session = await this.payments.createCheckout(request);
    await this.sessions.create(request.accountId, session.id, request.amountMicros);
    return session;
  }

  /** One of the account's own checkouts; another account's (or an unknown id) is null. */
  getById(accountId: string, id: string): Promise<CheckoutSessionRow | null> {
    return this.sessions.getById(accountId, id);
  }

  /**
   * Marks the checkout `failed` or `expired`, only while it is still `open`: a paid checkout is
   * never downgraded, and whichever unpaid outcome came first stays. One statement, so a
   * concurrent credit either commits first (the row is then `paid` and this changes nothing:
   * Postgres re-checks the condition on the row it waited for) or comes after and sets `paid`
   * over it (Stripe said it was paid; the money is credited). A replay changes nothing.
   */
  markUnpaid(unpaid: UnpaidCheckout): Promise<boolean> {
    return this.sessions.markUnpaid(unpaid.sessionId, unpaid.kind);
  }

  /**
   * One transaction: record the event id (a replay stops here), credit the session's purchase
   * (its reference is the session id, unique among purchases, so `completed` and
   * `async_payment_succeeded` for one session credit it once), mark the checkout paid.
   * Deliveries for one session take turns (a transaction-scoped advisory lock on the session
   * id), so the second one finds the purchase the first committed instead of racing it.
   */
  async creditOnce(paid: PaidCheckout): Promise<boolean> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        await this.sessions.lockForCredit(paid.sessionId, manager);
        const fresh = await this.events.create(paid.eventId, paid.eventType, manager);
        if (!fresh) return false;
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
        await this.sessions.markPaid(
          {
            id: paid.sessionId,
            accountId: paid.accountId,
            amount: paid.amountMicros,
            paymentIntent: paid.paymentIntentId,
          },
          manager,
        );
        // Refunds and disputes of this payment that arrived before its credit.
        if (paid.paymentIntentId) await this.reversals.applyWaiting(paid.paymentIntentId, manager);
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
