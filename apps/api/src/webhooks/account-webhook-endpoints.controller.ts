import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import { ApiAccessGuard, CurrentAccount, SessionGuard } from '../request-context/session.guard';
import {
  WebhookDeliveryListResponseDto,
  WebhookDeliveryResponseDto,
} from './dto/webhook-delivery.dto';
import {
  CreatedWebhookEndpointResponseDto,
  CreateWebhookEndpointDto,
  DeletedWebhookEndpointResponseDto,
  ListQueryDto,
  ModeListQueryDto,
  ModeQueryDto,
  UpdateWebhookEndpointDto,
  WebhookEndpointListResponseDto,
  WebhookEndpointResponseDto,
} from './dto/webhook-endpoint.dto';
import { WebhookEndpointsService } from './webhook-endpoints.service';

/** An id names one endpoint of the account, whichever mode: the session sees both. */
const anyMode = (account: Account) => ({ accountId: account.id, mode: null });

/**
 * Dashboard back end: the same endpoints and answers as `/v1/webhook_endpoints`, for the
 * signed-in account. Lists and creation name the mode (`?mode=live|test`), since there is no key
 * to carry it. Needs the API access grant.
 */
@ApiTags('dashboard: webhooks')
@Controller('account/webhook-endpoints')
@UseGuards(SessionGuard, ApiAccessGuard)
export class AccountWebhookEndpointsController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: CreatedWebhookEndpointResponseDto })
  create(
    @CurrentAccount() account: Account,
    @Query() query: ModeQueryDto,
    @Body() body: CreateWebhookEndpointDto,
  ): Promise<CreatedWebhookEndpointResponseDto> {
    return this.endpoints.create({ accountId: account.id, mode: query.mode }, body);
  }

  @Get()
  @ApiOkResponse({ type: WebhookEndpointListResponseDto })
  list(
    @CurrentAccount() account: Account,
    @Query() query: ModeListQueryDto,
  ): Promise<WebhookEndpointListResponseDto> {
    return this.endpoints.list({ accountId: account.id, mode: query.mode }, query);
  }

  @Get(':id')
  @ApiOkResponse({ type: WebhookEndpointResponseDto })
  get(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<WebhookEndpointResponseDto> {
    return this.endpoints.get(anyMode(account), id);
  }

  @Patch(':id')
  @ApiOkResponse({ type: WebhookEndpointResponseDto })
  update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpointResponseDto> {
    return this.endpoints.update(anyMode(account), id, body);
  }

  @Delete(':id')
  @ApiOkResponse({ type: DeletedWebhookEndpointResponseDto })
  delete(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<DeletedWebhookEndpointResponseDto> {
    return this.endpoints.delete(anyMode(account), id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiOkResponse({ type: CreatedWebhookEndpointResponseDto })
  rotateSecret(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<CreatedWebhookEndpointResponseDto> {
    return this.endpoints.rotateSecret(anyMode(account), id);
  }

  @Get(':id/deliveries')
  @ApiOkResponse({ type: WebhookDeliveryListResponseDto })
  deliveries(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: ListQueryDto,
  ): Promise<WebhookDeliveryListResponseDto> {
    return this.endpoints.listDeliveries(anyMode(account), id, query);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookDeliveryResponseDto })
  redeliver(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryResponseDto> {
    return this.endpoints.redeliver(anyMode(account), id, deliveryId);
  }
}
