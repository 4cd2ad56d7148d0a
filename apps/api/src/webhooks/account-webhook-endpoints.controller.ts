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
import { ApiDashboardRoute, dashboardBodyErrors } from '../common/openapi/route-docs';
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
import { ENDPOINT_CAP } from './webhook-endpoints.controller';
import { WebhookEndpointsService } from './webhook-endpoints.service';

const NO_ACCESS = { 403: { description: '`forbidden`: the account has no API access.' } };
const ENDPOINT_NOT_FOUND = {
  404: {
    description: '`not_found`: no webhook endpoint with this id in the account.',
    samples: { not_found: { message: 'No such webhook endpoint.' } },
  },
};

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
  @ApiDashboardRoute({
    operationId: 'accountCreateWebhookEndpoint',
    summary: 'Create a webhook endpoint',
    description:
      'In the mode `?mode=` names; its signing secret is in this response only. At most 16 endpoints per account and mode.',
    auth: 'session',
    errors: {
      ...dashboardBodyErrors({ forbidden: 'Or: the account has no API access.' }),
      409: ENDPOINT_CAP,
    },
  })
  @ApiCreatedResponse({ type: CreatedWebhookEndpointResponseDto })
  create(
    @CurrentAccount() account: Account,
    @Query() query: ModeQueryDto,
    @Body() body: CreateWebhookEndpointDto,
  ): Promise<CreatedWebhookEndpointResponseDto> {
    return this.endpoints.create({ accountId: account.id, mode: query.mode }, body);
  }

  @Get()
  @ApiDashboardRoute({
    operationId: 'accountListWebhookEndpoints',
    summary: 'List webhook endpoints of one mode',
    auth: 'session',
    errors: NO_ACCESS,
  })
  @ApiOkResponse({ type: WebhookEndpointListResponseDto })
  list(
    @CurrentAccount() account: Account,
    @Query() query: ModeListQueryDto,
  ): Promise<WebhookEndpointListResponseDto> {
    return this.endpoints.list({ accountId: account.id, mode: query.mode }, query);
  }

  @Get(':id')
  @ApiDashboardRoute({
    operationId: 'accountGetWebhookEndpoint',
    summary: 'Get a webhook endpoint',
    auth: 'session',
    errors: { ...NO_ACCESS, ...ENDPOINT_NOT_FOUND },
  })
  @ApiOkResponse({ type: WebhookEndpointResponseDto })
  get(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<WebhookEndpointResponseDto> {
    return this.endpoints.get(anyMode(account), id);
  }

  @Patch(':id')
  @ApiDashboardRoute({
    operationId: 'accountUpdateWebhookEndpoint',
    summary: 'Update a webhook endpoint',
    auth: 'session',
    errors: {
      ...dashboardBodyErrors({ forbidden: 'Or: the account has no API access.' }),
      ...ENDPOINT_NOT_FOUND,
    },
  })
  @ApiOkResponse({ type: WebhookEndpointResponseDto })
  update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpointResponseDto> {
    return this.endpoints.update(anyMode(account), id, body);
  }

  @Delete(':id')
  @ApiDashboardRoute({
    operationId: 'accountDeleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint',
    auth: 'session',
    errors: {
      ...dashboardBodyErrors({ forbidden: 'Or: the account has no API access.' }),
      ...ENDPOINT_NOT_FOUND,
    },
  })
  @ApiOkResponse({ type: DeletedWebhookEndpointResponseDto })
  delete(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<DeletedWebhookEndpointResponseDto> {
    return this.endpoints.delete(anyMode(account), id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiDashboardRoute({
    operationId: 'accountRotateWebhookEndpointSecret',
    summary: "Rotate a webhook endpoint's signing secret",
    auth: 'session',
    errors: {
      ...dashboardBodyErrors({ forbidden: 'Or: the account has no API access.' }),
      ...ENDPOINT_NOT_FOUND,
    },
  })
  @ApiOkResponse({ type: CreatedWebhookEndpointResponseDto })
  rotateSecret(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<CreatedWebhookEndpointResponseDto> {
    return this.endpoints.rotateSecret(anyMode(account), id);
  }

  @Get(':id/deliveries')
  @ApiDashboardRoute({
    operationId: 'accountListWebhookDeliveries',
    summary: "List a webhook endpoint's deliveries",
    auth: 'session',
    errors: { ...NO_ACCESS, ...ENDPOINT_NOT_FOUND },
  })
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
  @ApiDashboardRoute({
    operationId: 'accountRedeliverWebhookDelivery',
    summary: 'Send a webhook delivery again, now',
    auth: 'session',
    errors: {
      ...dashboardBodyErrors({ forbidden: 'Or: the account has no API access.' }),
      404: {
        description:
          '`not_found`: no such webhook endpoint in the account, or no such delivery to it.',
        samples: { not_found: { message: 'No such webhook delivery.' } },
      },
    },
  })
  @ApiOkResponse({ type: WebhookDeliveryResponseDto })
  redeliver(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryResponseDto> {
    return this.endpoints.redeliver(anyMode(account), id, deliveryId);
  }
}
