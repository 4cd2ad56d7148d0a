import { Body, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { V1ResourceController } from '../api-keys/v1-resource.decorator';
import { ApiV1Ok, ApiV1Route } from '../common/openapi/route-docs';
import { CurrentCaller, type Caller } from '../request-context/caller';
import {
  WebhookDeliveryListResponseDto,
  WebhookDeliveryResponseDto,
} from './dto/webhook-delivery.dto';
import {
  CreatedWebhookEndpointResponseDto,
  CreateWebhookEndpointDto,
  DeletedWebhookEndpointResponseDto,
  ListQueryDto,
  UpdateWebhookEndpointDto,
  WebhookEndpointListResponseDto,
  WebhookEndpointResponseDto,
} from './dto/webhook-endpoint.dto';
import { MAX_ENDPOINTS_PER_MODE, WebhookEndpointsService } from './webhook-endpoints.service';

const ENDPOINT_NOT_FOUND = {
  when: "no webhook endpoint with this id among this key's account and mode.",
  message: 'No such webhook endpoint.',
};
const DELIVERY_NOT_FOUND = {
  when: 'no such webhook endpoint, or no delivery with this id to it.',
  message: 'No such webhook delivery.',
};

/** The 409 of creating one endpoint too many (shared with the dashboard's route). */
export const ENDPOINT_CAP = {
  description: `\`resource_limit_reached\`: the account already has ${MAX_ENDPOINTS_PER_MODE} webhook endpoints in this mode (\`param\`: \`webhook_endpoints\`); delete one first.`,
  codes: ['resource_limit_reached' as const],
  samples: {
    resource_limit_reached: {
      message: `This account already has ${MAX_ENDPOINTS_PER_MODE} test-mode webhook endpoints, the most allowed (${MAX_ENDPOINTS_PER_MODE}); delete one first.`,
      param: 'webhook_endpoints',
    },
  },
};

const scope = (caller: Caller) => ({ accountId: caller.accountId, mode: caller.mode });

/**
 * `/v1/webhook_endpoints`: the key's own endpoints, in the key's mode (like Stripe's). Only an
 * unrestricted key manages them: an endpoint receives every job of the account, so a key
 * restricted to some operations would otherwise reach other keys' results through one.
 */
@V1ResourceController('webhook_endpoints', 'webhooks', { unrestrictedKeysOnly: true })
export class WebhookEndpointsController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  @Post()
  @HttpCode(201)
  @ApiV1Route({
    unrestrictedKeysOnly: true,
    operationId: 'createWebhookEndpoint',
    summary: 'Create a webhook endpoint',
    description:
      'An HTTPS URL at a public address (test mode: http too; a private or loopback address only when the operator allows it) that receives the events it subscribes to, signed with its own secret. The secret is in this response only (and in the one of a rotation). At most 16 endpoints per account and mode (`resource_limit_reached` past that).',
    body: true,
    conflict: ENDPOINT_CAP,
  })
  @ApiV1Ok(CreatedWebhookEndpointResponseDto, {
    status: 201,
    description: 'The endpoint, with its signing `secret` (shown here only).',
  })
  create(
    @CurrentCaller() caller: Caller,
    @Body() body: CreateWebhookEndpointDto,
  ): Promise<CreatedWebhookEndpointResponseDto> {
    return this.endpoints.create(scope(caller), body);
  }

  @Get()
  @ApiV1Route({
    unrestrictedKeysOnly: true,
    operationId: 'listWebhookEndpoints',
    summary: 'List webhook endpoints, newest first',
    description: 'The endpoints of this key’s mode; page with `limit` and `starting_after`.',
  })
  @ApiV1Ok(WebhookEndpointListResponseDto, { description: 'A page of endpoints.' })
  list(
    @CurrentCaller() caller: Caller,
    @Query() query: ListQueryDto,
  ): Promise<WebhookEndpointListResponseDto> {
    return this.endpoints.list(scope(caller), query);
  }

  @Get(':id')
  @ApiV1Route({
    unrestrictedKeysOnly: true,
    operationId: 'getWebhookEndpoint',
    summary: 'Get a webhook endpoint',
    notFound: ENDPOINT_NOT_FOUND,
  })
  @ApiV1Ok(WebhookEndpointResponseDto, { description: 'The endpoint (without its secret).' })
  get(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
  ): Promise<WebhookEndpointResponseDto> {
    return this.endpoints.get(scope(caller), id);
  }

  @Patch(':id')
  @ApiV1Route({
    unrestrictedKeysOnly: true,
    operationId: 'updateWebhookEndpoint',
    summary: 'Update a webhook endpoint',
    description: 'Change its URL or events, or disable and enable it.',
    notFound: ENDPOINT_NOT_FOUND,
    body: true,
  })
  @ApiV1Ok(WebhookEndpointResponseDto, { description: 'The endpoint as it is now.' })
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpointResponseDto> {
    return this.endpoints.update(scope(caller), id, body);
  }

  @Delete(':id')
  @ApiV1Route({
    unrestrictedKeysOnly: true,
    operationId: 'deleteWebhookEndpoint',
    // Takes no body; one sent anyway must still be JSON of at most 64 KiB.
    body: true,
    summary: 'Delete a webhook endpoint',
    description: 'It receives nothing more; deliveries still pending to it end as failed.',
    notFound: ENDPOINT_NOT_FOUND,
  })
  @ApiV1Ok(DeletedWebhookEndpointResponseDto, { description: 'The id of the deleted endpoint.' })
  delete(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
  ): Promise<DeletedWebhookEndpointResponseDto> {
    return this.endpoints.delete(scope(caller), id);
  }

  @Post(':id/rotate_secret')
  @HttpCode(200)
  @ApiV1Route({
    unrestrictedKeysOnly: true,
    operationId: 'rotateWebhookEndpointSecret',
    // Takes no body; one sent anyway must still be JSON of at most 64 KiB.
    body: true,
    summary: "Rotate a webhook endpoint's signing secret",
    description:
      'A new secret, shown in this response only. For 24 hours deliveries carry signatures with both the old and the new one.',
    notFound: ENDPOINT_NOT_FOUND,
  })
  @ApiV1Ok(CreatedWebhookEndpointResponseDto, {
    description: 'The endpoint with its new `secret`.',
  })
  rotateSecret(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
  ): Promise<CreatedWebhookEndpointResponseDto> {
    return this.endpoints.rotateSecret(scope(caller), id);
  }

  @Get(':id/deliveries')
  @ApiV1Route({
    unrestrictedKeysOnly: true,
    operationId: 'listWebhookDeliveries',
    summary: "List a webhook endpoint's deliveries, newest first",
    description: 'Each with its attempts; page with `limit` and `starting_after`.',
    notFound: ENDPOINT_NOT_FOUND,
  })
  @ApiV1Ok(WebhookDeliveryListResponseDto, { description: 'A page of deliveries.' })
  deliveries(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Query() query: ListQueryDto,
  ): Promise<WebhookDeliveryListResponseDto> {
    return this.endpoints.listDeliveries(scope(caller), id, query);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(200)
  @ApiV1Route({
    unrestrictedKeysOnly: true,
    operationId: 'redeliverWebhookDelivery',
    // Takes no body; one sent anyway must still be JSON of at most 64 KiB.
    body: true,
    summary: 'Send a webhook delivery again, now',
    description:
      'One more attempt with the same `webhook-id` (receivers deduplicate on it). The endpoint must be enabled (400 otherwise).',
    notFound: DELIVERY_NOT_FOUND,
  })
  @ApiV1Ok(WebhookDeliveryResponseDto, { description: 'The delivery, pending again.' })
  redeliver(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryResponseDto> {
    return this.endpoints.redeliver(scope(caller), id, deliveryId);
  }
}
