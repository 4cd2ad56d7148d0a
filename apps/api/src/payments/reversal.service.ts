import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, type Micros } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { BillingService } from '../money/billing.service';
import {
  CheckoutSessionRepository,
  type PurchaseReversals,
} from '../repositories/checkout-session.repository';
import {
  CLOSED_DISPUTE_STATUSES,
  OPEN_DISPUTE_STATUSES,
  StripeDisputeRepository,
  type StripeDisputeStatus,
} from '../repositories/stripe-dispute.repository';
import { StripeEventRepository } from '../repositories/stripe-event.repository';
import { StripeWaitingReversalRepository } from '../repositories/stripe-waiting-reversal.repository';
import type { DisputeClosed, DisputeOpened, ReversalOutcome } from './stripe-reversals';

/** A dispute the operator closed (`disputes:close`): its event id's prefix, its recorded type. */
const OPERATOR_EVENT = 'operator_';
const OPERATOR_CLOSE = 'operator.dispute.closed';

/**
 * What a refund or dispute event did. `waiting`: no purchase has been credited for its payment
 * yet; it is kept and applied when the credit lands.
 */
export type ReversalResult = 'applied' | 'unchanged' | 'replayed' | 'waiting';

const isOpen = (status: string): boolean =>
  (OPEN_DISPUTE_STATUSES as readonly string[]).includes(status);

/** Stripe's status as stored; one we do not know is read as the plainest of its kind. */
function storedStatus(outcome: DisputeOpened | DisputeClosed): StripeDisputeStatus {
  if (outcome.kind === 'dispute_opened') {
    return isOpen(outcome.status) ? (outcome.status as StripeDisputeStatus) : 'needs_response';
  }
  if (outcome.lost) return 'lost';
  return (CLOSED_DISPUTE_STATUSES as readonly string[]).includes(outcome.status)
    ? (outcome.status as StripeDisputeStatus)
    : 'won';
}

/**
 * Refunds and disputes of live purchases (docs/architecture.md §5). Each event is applied in one
 * transaction that locks the purchase (its checkout session, found by PaymentIntent), records the
 * event id (a replay stops there) and compares what Stripe reports with what is already recorded,
 * so only the difference moves the ledger: a refund takes back the newly refunded amount; each
 * dispute (by its Stripe id) counts as open until it closes, and a lost one takes back the
 * disputed amount once. Never more than the purchase credited. An event for a payment not yet
 * credited is kept and applied by the crediting transaction (`applyWaiting`).
 */
@Injectable()
export class ReversalService {
  constructor(
    /** For the transaction only; statements are the repositories'. */
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly billing: BillingService,
    private readonly sessions: CheckoutSessionRepository,
    private readonly events: StripeEventRepository,
    private readonly disputes: StripeDisputeRepository,
    private readonly waiting: StripeWaitingReversalRepository,
  ) {}

  apply(outcome: ReversalOutcome): Promise<ReversalResult> {
    return this.dataSource.transaction((manager) => this.applyIn(outcome, manager));
  }

  /**
   * In the crediting transaction, once the purchase is paid: the refunds and disputes of its
   * PaymentIntent that arrived before it, applied in the order they arrived.
   */
  async applyWaiting(paymentIntentId: string, manager: EntityManager): Promise<number> {
    const kept = (await this.waiting.takeFor(paymentIntentId, manager)) as ReversalOutcome[];
    let applied = 0;
    for (const outcome of kept) {
      if ((await this.applyIn(outcome, manager)) === 'applied') applied += 1;
    }
    return applied;
  }

  /**
   * The operator's close of a dispute whose `charge.dispute.closed` never arrived (the CLI's
   * `disputes:close`), applied exactly as that event would be to the purchase's newest open
   * dispute: `lost` takes back `lostMicros` (at most what is left of the purchase), `won` takes
   * nothing; either way live calls resume once no dispute is open. Only an open dispute can be
   * closed, and a real close arriving later changes nothing.
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
      const [open] = await this.disputes.openOf(purchase.id, manager);
      if (!open) {
        throw new DomainError(
          'invalid_request',
          `The purchase with PaymentIntent ${paymentIntentId} has no open dispute (${purchase.disputeStatus ?? 'none'}).`,
        );
      }
      const eventId = `${OPERATOR_EVENT}${randomUUID()}`;
      await this.events.create(eventId, OPERATOR_CLOSE, manager);
      const before = purchase.chargedBack;
      const next = await this.moveDispute(
        purchase,
        {
          kind: 'dispute_closed',
          eventId,
          eventType: 'charge.dispute.closed',
          paymentIntentId,
          reference: open.id,
          status: outcome.lost ? 'lost' : 'won',
          lost: outcome.lost,
          amountMicros: outcome.lost ? outcome.lostMicros : 0,
        },
        manager,
      );
      return { accountId: purchase.accountId, takenBack: (next?.chargedBack ?? before) - before };
    });
  }

  private async applyIn(outcome: ReversalOutcome, manager: EntityManager): Promise<ReversalResult> {
    const purchase = await this.sessions.lockPurchase(outcome.paymentIntentId, manager);
    if (!purchase) {
      // Kept, not dropped: Stripe does not send it again once answered, and its purchase's
      // credit may still be on its way (events are not ordered).
      await this.waiting.keep(
        { eventId: outcome.eventId, paymentIntentId: outcome.paymentIntentId, outcome },
        manager,
      );
      return 'waiting';
    }
    if (!(await this.events.create(outcome.eventId, outcome.eventType, manager))) {
      return 'replayed';
    }
    const changed =
      outcome.kind === 'refunded'
        ? await this.moveRefund(purchase, outcome.refundedMicros, outcome, manager)
        : await this.moveDispute(purchase, outcome, manager);
    return changed ? 'applied' : 'unchanged';
  }

  /** Refunds are cumulative: a replayed or out-of-order delivery reports no more than was taken. */
  private async moveRefund(
    purchase: PurchaseReversals,
    refundedMicros: Micros,
    outcome: ReversalOutcome,
    manager: EntityManager,
  ): Promise<PurchaseReversals | null> {
    const refunded = Math.max(
      purchase.refunded,
      Math.min(refundedMicros, purchase.amount - purchase.chargedBack),
    );
    const amount = refunded - purchase.refunded;
    if (amount === 0) return null;
    await this.billing.takeBack(
      purchase.accountId,
      { kind: 'payment_refund', amount, disputes: 0 },
      { reference: outcome.reference, reason: `Stripe refund of checkout ${purchase.id}` },
      manager,
    );
    const next = { ...purchase, refunded, disputeId: null };
    await this.sessions.recordReversals(purchase.id, next, manager);
    return next;
  }

  /**
   * One dispute, by its id: opening one not seen counts it open; closing an open one uncounts
   * it, and a lost one takes back the disputed amount (at most what is left of the purchase). A
   * dispute already closed moves nothing; a close of one never seen open takes back only.
   */
  private async moveDispute(
    purchase: PurchaseReversals,
    outcome: DisputeOpened | DisputeClosed,
    manager: EntityManager,
  ): Promise<PurchaseReversals | null> {
    const known = await this.disputes.get(outcome.reference, manager);
    if (known && !isOpen(known.status)) return null;
    if (known && outcome.kind === 'dispute_opened') return null;
    const disputes: -1 | 0 | 1 = outcome.kind === 'dispute_opened' ? 1 : known ? -1 : 0;
    let amount = 0;
    if (outcome.kind === 'dispute_closed' && outcome.lost) {
      const left = purchase.amount - purchase.refunded - purchase.chargedBack;
      amount = Math.max(0, Math.min(outcome.amountMicros, left));
    }
    await this.disputes.save(
      { id: outcome.reference, checkoutSessionId: purchase.id, status: storedStatus(outcome) },
      manager,
    );
    if (amount > 0 || disputes !== 0) {
      const operator = outcome.eventId.startsWith(OPERATOR_EVENT)
        ? ' (closed by the operator)'
        : '';
      await this.billing.takeBack(
        purchase.accountId,
        { kind: 'chargeback', amount, disputes },
        {
          reference: outcome.reference,
          reason: `Stripe dispute lost, checkout ${purchase.id}${operator}`,
        },
        manager,
      );
    }
    const next: PurchaseReversals = {
      ...purchase,
      chargedBack: purchase.chargedBack + amount,
      disputeStatus: await this.disputes.summaryOf(purchase.id, manager),
      disputeId: outcome.reference,
    };
    await this.sessions.recordReversals(purchase.id, next, manager);
    return next;
  }
}
