import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { EgressModule } from '../egress';
import { WebhookDeliveryAttemptRepository } from '../repositories/webhook-delivery-attempt.repository';
import { WebhookDeliveryRepository } from '../repositories/webhook-delivery.repository';
import { WebhookEndpointRepository } from '../repositories/webhook-endpoint.repository';
import { AccountWebhookEndpointsController } from './account-webhook-endpoints.controller';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookOutbox } from './webhook-outbox';
import { WebhookSecretBox } from './webhook-secrets';
import { WebhookSender } from './webhook-sender';

/**
 * Signed webhooks (Standard Webhooks): endpoints managed with an API key and from the dashboard,
 * the outbox the jobs core writes events into (`WebhookOutbox`, the only export), and the
 * dispatcher that sends and retries them in processes with `JOBS_WORKER`. Owns
 * `webhook_endpoints`, `webhook_deliveries` and `webhook_delivery_attempts`.
 */
@Module({
  imports: [AccountsModule, ApiKeysModule, EgressModule],
  controllers: [WebhookEndpointsController, AccountWebhookEndpointsController],
  providers: [
    WebhookEndpointRepository,
    WebhookDeliveryRepository,
    WebhookDeliveryAttemptRepository,
    WebhookSecretBox,
    WebhookSender,
    WebhookDispatcher,
    WebhookEndpointsService,
    WebhookOutbox,
  ],
  exports: [WebhookOutbox],
})
export class WebhooksModule {}
