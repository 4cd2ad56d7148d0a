import type Stripe from 'stripe';
import { reversalOf } from './stripe-reversals';

const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', object: 'event', type, data: { object } }) as unknown as Stripe.Event;

describe('reversalOf: what a refund or dispute event reports', () => {
  it('reads a refund as the charge’s cumulative amount refunded, in micro-USD', () => {
    const charge = { id: 'ch_1', amount_refunded: 1_050, currency: 'usd', payment_intent: 'pi_1' };
    expect(reversalOf(event('charge.refunded', charge))).toEqual({
      kind: 'refunded',
      eventId: 'evt_1',
      eventType: 'charge.refunded',
      paymentIntentId: 'pi_1',
      reference: 'ch_1',
      refundedMicros: 10_500_000,
    });
    // An expanded PaymentIntent is read by its id.
    const expanded = { ...charge, payment_intent: { id: 'pi_2', object: 'payment_intent' } };
    expect(reversalOf(event('charge.refunded', expanded))).toEqual(
      expect.objectContaining({ paymentIntentId: 'pi_2' }),
    );
  });

  it('reads a dispute opened, and a closed one as lost or not', () => {
    const dispute = {
      id: 'dp_1',
      amount: 2_500,
      currency: 'usd',
      charge: 'ch_1',
      payment_intent: 'pi_1',
      status: 'needs_response',
    };
    expect(reversalOf(event('charge.dispute.created', dispute))).toEqual(
      expect.objectContaining({
        kind: 'dispute_opened',
        reference: 'dp_1',
        paymentIntentId: 'pi_1',
      }),
    );
    for (const [status, lost] of [
      ['lost', true],
      ['won', false],
      ['warning_closed', false],
      ['prevented', false],
    ] as const) {
      expect(reversalOf(event('charge.dispute.closed', { ...dispute, status }))).toEqual(
        expect.objectContaining({ kind: 'dispute_closed', lost, amountMicros: 25_000_000 }),
      );
    }
  });

  it('ignores what it cannot act on: no PaymentIntent, another currency, other events', () => {
    const charge = { id: 'ch_1', amount_refunded: 100, currency: 'usd', payment_intent: null };
    expect(reversalOf(event('charge.refunded', charge))).toBeNull();
    expect(
      reversalOf(event('charge.refunded', { ...charge, payment_intent: 'pi_1', currency: 'eur' })),
    ).toBeNull();
    expect(reversalOf(event('charge.succeeded', { ...charge, payment_intent: 'pi_1' }))).toBeNull();
    expect(reversalOf(event('charge.dispute.updated', { id: 'dp_1' }))).toBeNull();
  });
});
