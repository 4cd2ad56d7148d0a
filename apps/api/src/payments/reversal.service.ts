import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, type Micros } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { BillingService } from '../ledger/billing.service';
import {
  CheckoutSessionRepository,
  type PurchaseReversals,
} from '../repositories/checkout-session.repository';
import { StripeEventRepository } from '../repositories/stripe-event.repository';
import type { ReversalOutcome } from './stripe-reversals';

/** A dispute the operator closed (`disputes:close`): its event id's prefix, its recorded type. */
const OPERATOR_EVENT = 'operator_';
const OPERATOR_CLOSE = 'operator.dispute.closed';

/** What a refund or dispute event did. */
export type ReversalResult = 'applied' | 'unchanged' | 'replayed' | 'unknown_purchase';

/**
 * Refunds and disputes of live purchases (docs/architecture.md §5). Each event is applied in one
 * transaction that locks the purchase (its checkout session, found by PaymentIntent), records the
 * event id (a replay stops there) and compares what Stripe reports with what the purchase's row
 * says was already taken back, so only the difference moves the ledger: a refund takes back the
 * newly refunded amount, a dispute counts as open until it closes, a lost one takes back the
 * disputed amount once. Never more than the purchase credited.
 */
@Injectable()
export class ReversalService {
  constructor(
    /** For the transaction only; statements are the repositories'. */
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly billing: BillingService,
    private readonly sessions: CheckoutSessionRepository,
    private readonly events: StripeEventRepository,
  ) {}

  apply(outcome: ReversalOutcome): Promise<ReversalResult> {
    return this.dataSource.transaction(async (manager) => {
      const purchase = await this.sessions.lockPurchase(outcome.paymentIntentId, manager);
      if (!purchase) return 'unknown_purchase';
      if (!(await this.events.create(outcome.eventId, outcome.eventType, manager))) {
        return 'replayed';
      }
      const changed = await this.move(purchase, outcome, manager);
      return changed ? 'applied' : 'unchanged';
    });
  }

  /**
   * The operator's close of a dispute whose `charge.dispute.closed` never arrived (the CLI's
   * `disputes:close`), applied exactly as that event would be: `lost` takes back `lostMicros`
   * (at most what is left of the purchase), `won` takes nothing; either way live calls resume.
   * Only an open dispute can be closed, and a real close arriving later changes nothing.
   */
  closeDispute(
    paymentIntentId: string,
    outcome: { lost: false } | { lost: true; lostMicros: Micros },
  ): Promise<{ accountId: string; takenBack: Micros }> {
    return this.dataSource.transaction(async (manager) => {
      const purchase = await this.sessions.lockPurchase(paymentIntentId, manager);
      if (!purchase) {
        throw new DomainError(
          'not_found',
          `No paid purchase has PaymentIntent ${paymentIntentId}.`,
        );
      }
      if (purchase.disputeStatus !== 'open') {
        throw new DomainError(
          'invalid_request',
          `The purchase with PaymentIntent ${paymentIntentId} has no open dispute (${purchase.disputeStatus ?? 'none'}).`,
        );
      }
      const eventId = `${OPERATOR_EVENT}${randomUUID()}`;
      await this.events.create(eventId, OPERATOR_CLOSE, manager);
      const before = purchase.chargedBack;
      const next = await this.move(
        purchase,
        {
          kind: 'dispute_closed',
          eventId,
          eventType: 'charge.dispute.closed',
          paymentIntentId,
          reference: purchase.disputeId ?? eventId,
          lost: outcome.lost,
          amountMicros: outcome.lost ? outcome.lostMicros : 0,
        },
        manager,
      );
      return { accountId: purchase.accountId, takenBack: (next?.chargedBack ?? before) - before };
    });
  }

  /** Moves the ledger by what is new in this event: the purchase's state after it, or null. */
  private async move(
    purchase: PurchaseReversals,
    outcome: ReversalOutcome,
    manager: EntityManager,
  ): Promise<PurchaseReversals | null> {
    const next: PurchaseReversals = { ...purchase, disputeId: null };
    let amount = 0;
    let disputes: -1 | 0 | 1 = 0;
    if (outcome.kind === 'refunded') {
      // Cumulative: a replayed or out-of-order delivery reports no more than was taken.
      next.refunded = Math.max(
        purchase.refunded,
        Math.min(outcome.refundedMicros, purchase.amount - purchase.chargedBack),
      );
      amount = next.refunded - purchase.refunded;
    } else if (outcome.kind === 'dispute_opened') {
      if (purchase.disputeStatus !== null) return null;
      next.disputeStatus = 'open';
      next.disputeId = outcome.reference;
      disputes = 1;
    } else {
      if (purchase.disputeStatus === 'won' || purchase.disputeStatus === 'lost') return null;
      next.disputeStatus = outcome.lost ? 'lost' : 'won';
      next.disputeId = outcome.reference;
      disputes = purchase.disputeStatus === 'open' ? -1 : 0;
      if (outcome.lost) {
        const left = purchase.amount - purchase.refunded - purchase.chargedBack;
        amount = Math.max(0, Math.min(outcome.amountMicros, left));
        next.chargedBack = purchase.chargedBack + amount;
      }
    }
    if (amount === 0 && disputes === 0 && next.disputeStatus === purchase.disputeStatus) {
      return null;
    }
    if (amount > 0 || disputes !== 0) {
      const kind = outcome.kind === 'refunded' ? 'payment_refund' : 'chargeback';
      const reason =
        kind === 'payment_refund'
          ? `Stripe refund of checkout ${purchase.id}`
          : `Stripe dispute lost, checkout ${purchase.id}${
              outcome.eventId.startsWith(OPERATOR_EVENT) ? ' (closed by the operator)' : ''
            }`;
      await this.billing.takeBack(
        purchase.accountId,
        { kind, amount, disputes },
        { reference: outcome.reference, reason },
        manager,
      );
    }
    await this.sessions.recordReversals(purchase.id, next, manager);
    return next;
  }
}
