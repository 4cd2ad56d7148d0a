import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import { ApiDashboardRoute, dashboardBodyErrors } from '../common/openapi/route-docs';
import { ApiAccessGuard, CurrentAccount, SessionGuard } from '../request-context/session.guard';
import { ApiKeysService } from './api-keys.service';
import {
  ApiKeyCreateDto,
  ApiKeyCreateResponseDto,
  ApiKeyListResponseDto,
  ApiKeyResponseDto,
} from './dto/api-key.dto';

/** Dashboard back end: the signed-in account's own keys. Needs the API access grant. */
@ApiTags('dashboard: keys')
@Controller('account/keys')
@UseGuards(SessionGuard, ApiAccessGuard)
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @ApiDashboardRoute({
    operationId: 'accountListKeys',
    summary: "List the account's API keys",
    description: 'Live and test, revoked ones included; never the key itself.',
    auth: 'session',
    errors: { 403: { description: '`forbidden`: the account has no API access.' } },
  })
  @ApiOkResponse({ type: ApiKeyListResponseDto })
  async list(@CurrentAccount() account: Account): Promise<ApiKeyListResponseDto> {
    return { keys: await this.keys.list(account.id) };
  }

  /** The response is the only time the plaintext key is ever shown. */
  @Post()
  @HttpCode(201)
  @ApiDashboardRoute({
    operationId: 'accountCreateKey',
    summary: 'Create an API key',
    auth: 'session',
    errors: dashboardBodyErrors({ forbidden: 'Or: the account has no API access.' }),
  })
  @ApiCreatedResponse({
    type: ApiKeyCreateResponseDto,
    description: 'The new key; `key` is shown once, in this response, and never again.',
  })
  create(
    @CurrentAccount() account: Account,
    @Body() body: ApiKeyCreateDto,
  ): Promise<ApiKeyCreateResponseDto> {
    return this.keys.create(account.id, body);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiDashboardRoute({
    operationId: 'accountRevokeKey',
    summary: 'Revoke an API key',
    description: 'Calls with it get 401 from then on. Revoking a revoked key changes nothing.',
    auth: 'session',
    errors: {
      ...dashboardBodyErrors({ forbidden: 'Or: the account has no API access.' }),
      404: {
        description: '`not_found`: no key with this id in the account.',
        samples: { not_found: { message: 'No such API key.' } },
      },
    },
  })
  @ApiOkResponse({ type: ApiKeyResponseDto, description: 'The key, now revoked.' })
  revoke(@CurrentAccount() account: Account, @Param('id') id: string): Promise<ApiKeyResponseDto> {
    return this.keys.revoke(account.id, id);
  }
}
