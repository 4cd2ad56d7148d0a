import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AccountBillingService } from './account-billing.service';
import { BillingService } from './billing.service';
import { CreditController } from './credit.controller';
import { PaymentsService } from './payments.service';
import { StripeWebhookController } from './stripe-webhook.controller';
import { UsageController } from './usage.controller';

@Module({
  imports: [AccountsModule],
  controllers: [CreditController, UsageController, StripeWebhookController],
  providers: [BillingService, AccountBillingService, PaymentsService],
  exports: [BillingService, AccountBillingService],
})
export class BillingModule {}
