import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { MoneyModule } from '../money/money.module';
import { CheckoutSessionRepository } from '../repositories/checkout-session.repository';
import { StripeDisputeRepository } from '../repositories/stripe-dispute.repository';
import { StripeEventRepository } from '../repositories/stripe-event.repository';
import { StripeWaitingReversalRepository } from '../repositories/stripe-waiting-reversal.repository';
import { UsageModule } from '../usage/usage.module';
import { CheckoutService } from './checkout.service';
import { CreditController } from './credit.controller';
import { PaymentsService } from './payments.service';
import { ReversalService } from './reversal.service';
import { StripeWebhookController } from './stripe-webhook.controller';

/**
 * Buying credit: Stripe Checkout (PaymentsService, the Stripe adapter), its webhook (refunds and
 * disputes of purchases too: ReversalService), and the
 * dashboard's credit routes (balances, test credit, the ledger). Money moves through the
 * ledger's BillingService.
 */
@Module({
  imports: [AccountsModule, MoneyModule, UsageModule],
  controllers: [CreditController, StripeWebhookController],
  providers: [
    PaymentsService,
    CheckoutService,
    ReversalService,
    CheckoutSessionRepository,
    StripeEventRepository,
    StripeDisputeRepository,
    StripeWaitingReversalRepository,
  ],
})
export class PaymentsModule {}
