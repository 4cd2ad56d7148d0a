import { Body, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { V1ResourceController } from '../api-keys/v1-resource.decorator';
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
import { WebhookEndpointsService } from './webhook-endpoints.service';

const scope = (caller: Caller) => ({ accountId: caller.accountId, mode: caller.mode });

/** `/v1/webhook_endpoints`: the key's own endpoints, in the key's mode (like Stripe's). */
@V1ResourceController('webhook_endpoints', 'webhooks')
export class WebhookEndpointsController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: CreatedWebhookEndpointResponseDto })
  create(
    @CurrentCaller() caller: Caller,
    @Body() body: CreateWebhookEndpointDto,
  ): Promise<CreatedWebhookEndpointResponseDto> {
    return this.endpoints.create(scope(caller), body);
  }

  @Get()
  @ApiOkResponse({ type: WebhookEndpointListResponseDto })
  list(
    @CurrentCaller() caller: Caller,
    @Query() query: ListQueryDto,
  ): Promise<WebhookEndpointListResponseDto> {
    return this.endpoints.list(scope(caller), query);
  }

  @Get(':id')
  @ApiOkResponse({ type: WebhookEndpointResponseDto })
  get(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
  ): Promise<WebhookEndpointResponseDto> {
    return this.endpoints.get(scope(caller), id);
  }

  @Patch(':id')
  @ApiOkResponse({ type: WebhookEndpointResponseDto })
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpointResponseDto> {
    return this.endpoints.update(scope(caller), id, body);
  }

  @Delete(':id')
  @ApiOkResponse({ type: DeletedWebhookEndpointResponseDto })
  delete(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
  ): Promise<DeletedWebhookEndpointResponseDto> {
    return this.endpoints.delete(scope(caller), id);
  }

  @Post(':id/rotate_secret')
  @HttpCode(200)
  @ApiOkResponse({ type: CreatedWebhookEndpointResponseDto })
  rotateSecret(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
  ): Promise<CreatedWebhookEndpointResponseDto> {
    return this.endpoints.rotateSecret(scope(caller), id);
  }

  @Get(':id/deliveries')
  @ApiOkResponse({ type: WebhookDeliveryListResponseDto })
  deliveries(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Query() query: ListQueryDto,
  ): Promise<WebhookDeliveryListResponseDto> {
    return this.endpoints.listDeliveries(scope(caller), id, query);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookDeliveryResponseDto })
  redeliver(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryResponseDto> {
    return this.endpoints.redeliver(scope(caller), id, deliveryId);
  }
}
