import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import { ApiAccessGuard, CurrentAccount, SessionGuard } from '../auth/session.guard';
import { ApiKeysService, type ApiKeyView, type CreatedApiKey } from './api-keys.service';
import { ApiKeyCreateDto } from './dto/api-key.dto';

/** Dashboard back end: the signed-in account's own keys. Needs the API access grant. */
@ApiTags('dashboard: keys')
@Controller('account/keys')
@UseGuards(SessionGuard, ApiAccessGuard)
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  async list(@CurrentAccount() account: Account): Promise<{ keys: ApiKeyView[] }> {
    return { keys: await this.keys.list(account.id) };
  }

  /** The response is the only time the plaintext key is ever shown. */
  @Post()
  @HttpCode(201)
  create(
    @CurrentAccount() account: Account,
    @Body() body: ApiKeyCreateDto,
  ): Promise<CreatedApiKey> {
    return this.keys.create(account.id, body);
  }

  @Delete(':id')
  @HttpCode(200)
  revoke(@CurrentAccount() account: Account, @Param('id') id: string): Promise<ApiKeyView> {
    return this.keys.revoke(account.id, id);
  }
}
