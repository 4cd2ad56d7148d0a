import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
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
  @ApiOkResponse({ type: ApiKeyListResponseDto })
  async list(@CurrentAccount() account: Account): Promise<ApiKeyListResponseDto> {
    return { keys: await this.keys.list(account.id) };
  }

  /** The response is the only time the plaintext key is ever shown. */
  @Post()
  @HttpCode(201)
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
  @ApiOkResponse({ type: ApiKeyResponseDto, description: 'The key, now revoked.' })
  revoke(@CurrentAccount() account: Account, @Param('id') id: string): Promise<ApiKeyResponseDto> {
    return this.keys.revoke(account.id, id);
  }
}
