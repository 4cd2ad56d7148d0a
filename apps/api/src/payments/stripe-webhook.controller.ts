import { Controller, Headers, HttpCode, Logger, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { CheckoutService } from './checkout.service';
import { PaymentsService } from './payments.service';
import { ReversalService, type ReversalResult } from './reversal.service';

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

/**
 * Credits live balances from `checkout.session.completed` (paid) and, for delayed payment
 * methods, `checkout.session.async_payment_succeeded`, only with a valid signature, and at most
 * once per event and per checkout session: a replayed delivery, or the second of the two events
 * for one session, credits nothing. `checkout.session.async_payment_failed` and
 * `checkout.session.expired` credit nothing and mark an open checkout `failed` or `expired`, so
 * the dashboard's return page can say so; a paid checkout stays paid.
 *
 * `charge.refunded`, `charge.dispute.created` and `charge.dispute.closed` take credit back
 * (ReversalService): each event at most once, only what is new in it. A purchase we cannot find
 * (a payment that is not a Reelscout checkout) is acknowledged and logged, nothing moves.
 */
@ApiExcludeController()
@Controller('webhooks')
export class StripeWebhookController {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    private readonly payments: PaymentsService,
    private readonly checkouts: CheckoutService,
    private readonly reversals: ReversalService,
  ) {}

  @Post('stripe')
  @HttpCode(200)
  async receive(
    @Req() req: Request,
    @Headers('stripe-signature') signature?: string,
  ): Promise<{ received: true; credited: boolean; reversal?: ReversalResult }> {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const outcome = this.payments.parseEvent(raw, signature);
    if (!outcome) return { received: true, credited: false };
    if (
      outcome.kind === 'refunded' ||
      outcome.kind === 'dispute_opened' ||
      outcome.kind === 'dispute_closed'
    ) {
      const reversal = await this.reversals.apply(outcome);
      const log = { eventId: outcome.eventId, reference: outcome.reference, reversal };
      if (reversal === 'waiting') {
        this.logger.warn(
          log,
          `${outcome.eventType}: no purchase credited for this payment yet; kept until one is`,
        );
      } else {
        this.logger.log(log, outcome.eventType);
      }
      return { received: true, credited: false, reversal };
    }
    if (outcome.kind !== 'paid') {
      const marked = await this.checkouts.markUnpaid(outcome);
      this.logger.warn(
        { eventId: outcome.eventId, sessionId: outcome.sessionId, status: outcome.kind, marked },
        `${outcome.eventType}: checkout ended unpaid; nothing credited`,
      );
      return { received: true, credited: false };
    }
    const credited = await this.checkouts.creditOnce(outcome);
    this.logger.log(
      { eventId: outcome.eventId, sessionId: outcome.sessionId, credited },
      outcome.eventType,
    );
    return { received: true, credited };
  }
}
