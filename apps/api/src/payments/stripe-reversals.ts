import type { Micros } from '@reelscout/domain';
import type Stripe from 'stripe';

/**
 * The Stripe events that give a live purchase back to its payer, read into what the ledger needs
 * (pure: no I/O). Each names the purchase by its PaymentIntent, which the crediting webhook
 * recorded on the checkout session.
 */
export const REVERSAL_EVENTS = [
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

export type ReversalEventType = (typeof REVERSAL_EVENTS)[number];

interface ReversalBase {
  eventId: string;
  eventType: ReversalEventType;
  paymentIntentId: string;
  /** The charge (refunds) or the dispute (disputes), kept as the ledger entry's reference. */
  reference: string;
}

/**
 * A charge's refunds so far. Stripe reports the cumulative `amount_refunded`, so a replayed or
 * late delivery carries the whole story and the caller takes back only what is new.
 */
export interface ChargeRefunded extends ReversalBase {
  kind: 'refunded';
  refundedMicros: Micros;
}

/** A dispute opened (`needs_response`, or an inquiry: `warning_needs_response`). */
export interface DisputeOpened extends ReversalBase {
  kind: 'dispute_opened';
  /** Stripe's `status` of the dispute (`reference` is its id). */
  status: string;
}

/**
 * A dispute closed: `lost` takes the disputed amount back; every other closing status (`won`,
 * `warning_closed` for an inquiry, `prevented`) leaves the credit where it is.
 */
export interface DisputeClosed extends ReversalBase {
  kind: 'dispute_closed';
  /** Stripe's `status`: `won`, `lost` or `warning_closed` (an inquiry). */
  status: string;
  lost: boolean;
  amountMicros: Micros;
}

export type ReversalOutcome = ChargeRefunded | DisputeOpened | DisputeClosed;

/** Stripe amounts are cents; ours are micro-USD. */
const MICROS_PER_CENT = 10_000;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

function micros(cents: number): Micros | null {
  const value = cents * MICROS_PER_CENT;
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** What a refund or dispute event reports, or null when it is not one we can act on. */
export function reversalOf(event: Stripe.Event): ReversalOutcome | null {
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const paymentIntentId = idOf(charge.payment_intent);
    const refundedMicros = micros(charge.amount_refunded);
    // Purchases are in USD; any other currency is not ours to convert.
    if (!paymentIntentId || refundedMicros === null || charge.currency !== 'usd') return null;
    const base = { eventId: event.id, eventType: event.type, paymentIntentId };
    return { ...base, kind: 'refunded', reference: charge.id, refundedMicros };
  }
  if (event.type !== 'charge.dispute.created' && event.type !== 'charge.dispute.closed') {
    return null;
  }
  const dispute = event.data.object;
  const paymentIntentId = idOf(dispute.payment_intent);
  const amountMicros = micros(dispute.amount);
  if (!paymentIntentId || amountMicros === null || dispute.currency !== 'usd') return null;
  const base = { eventId: event.id, eventType: event.type, paymentIntentId, reference: dispute.id };
  const status = String(dispute.status);
  if (event.type === 'charge.dispute.created') return { ...base, kind: 'dispute_opened', status };
  return { ...base, kind: 'dispute_closed', status, lost: status === 'lost', amountMicros };
}
