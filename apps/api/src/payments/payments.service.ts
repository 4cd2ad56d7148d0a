import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import {
  DomainError,
  type CheckoutStatus,
  type CheckoutView,
  type Micros,
} from '@reelscout/domain';
import Stripe from 'stripe';
import { paymentsConfig } from '../config';
import { reversalOf, type ReversalOutcome } from './stripe-reversals';

export interface CheckoutRequest {
  accountId: string;
  email: string;
  amountMicros: Micros;
  successUrl: string;
  cancelUrl: string;
}

/** The Checkout events that can credit a live balance (both deduplicated the same way). */
export const CREDITING_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
] as const;

export interface PaidCheckout {
  kind: 'paid';
  eventId: string;
  eventType: (typeof CREDITING_EVENTS)[number];
  sessionId: string;
  accountId: string;
  amountMicros: Micros;
  /** How a later refund or dispute of this purchase finds it. */
  paymentIntentId: string | null;
}

/** The Checkout events that end a checkout unpaid, and the status each one sets. */
export const UNPAID_EVENTS = {
  /** A delayed payment (bank debit, transfer…) that failed. */
  'checkout.session.async_payment_failed': 'failed',
  /** The session timed out before it was paid. */
  'checkout.session.expired': 'expired',
} as const satisfies Record<string, CheckoutStatus>;

/** A checkout that ended unpaid: acknowledged, nothing credited, the session marked so. */
export interface UnpaidCheckout {
  kind: (typeof UNPAID_EVENTS)[keyof typeof UNPAID_EVENTS];
  eventId: string;
  eventType: keyof typeof UNPAID_EVENTS;
  sessionId: string;
}

export type CheckoutOutcome = PaidCheckout | UnpaidCheckout;

/** The Stripe adapter: Checkout sessions out, verified webhook events in. Nothing else touches Stripe. */
@Injectable()
export class PaymentsService {
  private readonly stripe?: Stripe;
  private readonly webhookSecret?: string;

  constructor(@Inject(paymentsConfig.KEY) config: ConfigType<typeof paymentsConfig>) {
    const key = config.stripeSecretKey;
    this.webhookSecret = config.stripeWebhookSecret;
    const base = config.stripeApiBaseUrl;
    const endpoint = base ? new URL(base) : undefined;
    if (key) {
      this.stripe = new Stripe(key, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        ...(endpoint
          ? {
              host: endpoint.hostname,
              port: Number(endpoint.port || (endpoint.protocol === 'https:' ? 443 : 80)),
              protocol: endpoint.protocol.replace(':', '') as 'http' | 'https',
            }
          : {}),
      });
    }
  }

  /** Live purchases need both the secret key and the webhook secret (credit comes from the webhook). */
  get available(): boolean {
    return this.stripe !== undefined && this.webhookSecret !== undefined;
  }

  unavailableReason(): string | null {
    if (!this.stripe) return 'Live credit purchases are unavailable: STRIPE_SECRET_KEY is not set.';
    if (!this.webhookSecret)
      return 'Live credit purchases are unavailable: STRIPE_WEBHOOK_SECRET is not set.';
    return null;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutView> {
    const reason = this.unavailableReason();
    if (reason || !this.stripe)
      throw new DomainError('provider_unavailable', reason ?? 'Stripe is not configured.');
    const cents = Math.round(request.amountMicros / 10_000);
    try {
      const session = await this.stripe.checkout.sessions.create({
        mode: 'payment',
        customer_email: request.email,
        client_reference_id: request.accountId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: cents,
              product_data: { name: 'Reelscout API credit' },
            },
          },
        ],
        metadata: { accountId: request.accountId, amountMicros: String(request.amountMicros) },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      return { id: session.id, url: session.url! };
    } catch (error) {
      throw new DomainError('provider_error', 'The payment provider could not start a checkout.', {
        cause: error,
      });
    }
  }

  /**
   * Verifies the signature of a webhook delivery and returns what it reports about a checkout
   * or about a refund or dispute of a purchase (stripe-reversals.ts), or null for events we do
   * not act on. A bad signature is 400 and nothing is credited or taken back.
   *
   * A checkout is paid by `checkout.session.completed` with `payment_status: 'paid'` (cards), or,
   * for delayed payment methods, by a `completed` that is still unpaid followed later by
   * `checkout.session.async_payment_succeeded`. Both carry the session; the caller credits each
   * session at most once, whichever of the two (or both) arrive. A checkout ends unpaid with
   * `checkout.session.async_payment_failed` (the delayed payment failed) or
   * `checkout.session.expired` (it timed out before it was paid).
   */
  parseEvent(
    rawBody: Buffer,
    signature: string | undefined,
  ): CheckoutOutcome | ReversalOutcome | null {
    if (!this.webhookSecret) {
      throw new DomainError('provider_unavailable', 'STRIPE_WEBHOOK_SECRET is not set.');
    }
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature ?? '', this.webhookSecret);
    } catch {
      throw new DomainError('invalid_request', 'The webhook signature is not valid.', {
        param: 'Stripe-Signature',
      });
    }
    if (event.type.startsWith('charge.')) return reversalOf(event);
    if (
      event.type === 'checkout.session.async_payment_failed' ||
      event.type === 'checkout.session.expired'
    ) {
      return {
        kind: UNPAID_EVENTS[event.type],
        eventId: event.id,
        eventType: event.type,
        sessionId: event.data.object.id,
      };
    }
    if (
      event.type !== 'checkout.session.completed' &&
      event.type !== 'checkout.session.async_payment_succeeded'
    ) {
      return null;
    }
    const session = event.data.object;
    if (session.payment_status !== 'paid') return null;
    const accountId = session.metadata?.accountId ?? session.client_reference_id;
    const amountMicros = Number(session.metadata?.amountMicros);
    if (!accountId || !Number.isSafeInteger(amountMicros) || amountMicros <= 0) return null;
    // The amount we credit is what was paid, never more.
    const paidMicros = (session.amount_total ?? 0) * 10_000;
    const credit = Math.min(amountMicros, paidMicros);
    if (!Number.isSafeInteger(credit) || credit <= 0) return null;
    return {
      kind: 'paid',
      eventId: event.id,
      eventType: event.type,
      sessionId: session.id,
      accountId,
      amountMicros: credit,
      paymentIntentId:
        typeof session.payment_intent === 'string'
          ? session.payment_intent
          : (session.payment_intent?.id ?? null),
    };
  }
}
