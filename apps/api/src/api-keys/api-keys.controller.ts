import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  UseGuards,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import type { ErrorDoc } from '../common/openapi/api-errors';
import { ApiDashboardRoute, dashboardBodyErrors } from '../common/openapi/route-docs';
import { ApiAccessGuard, CurrentAccount, SessionGuard } from '../request-context/session.guard';
import { ApiKeysService } from './api-keys.service';
import {
  ApiKeyCreateDto,
  ApiKeyCreateResponseDto,
  ApiKeyDetailResponseDto,
  ApiKeyListResponseDto,
  ApiKeyResponseDto,
  ApiKeyRollDto,
  ApiKeyUpdateDto,
  RolledApiKeyResponseDto,
  SubjectLimitsResponseDto,
  SubjectLimitsUpdateDto,
} from './dto/api-key.dto';

const NOT_FOUND: Record<number, ErrorDoc> = {
  404: {
    description: '`not_found`: no key with this id in the account.',
    samples: { not_found: { message: 'No such API key.' } },
  },
};
const NO_ACCESS: Record<number, ErrorDoc> = {
  403: { description: '`forbidden`: the account has no API access.' },
};
const SETTINGS_400: Record<number, ErrorDoc> = {
  400: {
    description:
      '`invalid_request`: a field is invalid (`param` names it): a limit that is not an integer of micro-USD ≥ 1, an unknown operation (the message lists the allowed ones), an expiry that is not in the future.',
  },
};
const writeErrors = (extra: Record<number, ErrorDoc> = {}) => ({
  ...SETTINGS_400,
  ...dashboardBodyErrors({ forbidden: 'Or: the account has no API access.' }),
  ...extra,
});

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
    description:
      'Live and test, revoked, expiring and expired ones included, each with its settings and spend; never the key itself.',
    auth: 'session',
    errors: NO_ACCESS,
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
    description:
      'With optional spend limits, scopes (`operations`), expiry and subject limits. An account has at most `API_KEYS_MAX_PER_ACCOUNT` live keys (100 by default).',
    auth: 'session',
    errors: writeErrors({
      409: {
        description:
          '`resource_limit_reached`: the account already has as many live keys as it may (`param`: `api_keys`); revoke one first.',
        codes: ['resource_limit_reached'],
        samples: {
          resource_limit_reached: {
            message:
              'This account already has 100 live API keys, the most allowed (100); revoke one first.',
            param: 'api_keys',
          },
        },
      },
    }),
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

  @Get(':id')
  @ApiDashboardRoute({
    operationId: 'accountGetKey',
    summary: 'One API key and its audit trail',
    description:
      'The key as listed, and every change to it (who, when, before → after), newest first.',
    auth: 'session',
    errors: { ...NO_ACCESS, ...NOT_FOUND },
  })
  @ApiOkResponse({ type: ApiKeyDetailResponseDto })
  get(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<ApiKeyDetailResponseDto> {
    return this.keys.get(account.id, id);
  }

  @Patch(':id')
  @ApiDashboardRoute({
    operationId: 'accountUpdateKey',
    summary: "Change an API key's settings",
    description:
      'Only the fields sent change; `null` clears a limit, the expiry, or the scopes (all operations). Recorded in the audit trail.',
    auth: 'session',
    errors: writeErrors(NOT_FOUND),
  })
  @ApiOkResponse({ type: ApiKeyResponseDto, description: 'The key with its new settings.' })
  update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: ApiKeyUpdateDto,
  ): Promise<ApiKeyResponseDto> {
    return this.keys.update(account.id, id, body);
  }

  @Post(':id/roll')
  @HttpCode(201)
  @ApiDashboardRoute({
    operationId: 'accountRollKey',
    summary: 'Roll an API key',
    description:
      'Creates a new key with the same settings (shown once); the old one keeps working for `graceSeconds`, then it is revoked. Only an active key can be rolled (400 otherwise).',
    auth: 'session',
    errors: writeErrors(NOT_FOUND),
  })
  @ApiCreatedResponse({
    type: RolledApiKeyResponseDto,
    description: 'The new key (`created.key` is shown once, here) and the old one.',
  })
  roll(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: ApiKeyRollDto,
  ): Promise<RolledApiKeyResponseDto> {
    return this.keys.roll(account.id, id, body.graceSeconds);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiDashboardRoute({
    operationId: 'accountRevokeKey',
    summary: 'Revoke an API key',
    description:
      'Calls with it get 401 from then on (a rolled key in its grace period included). Revoking a revoked key changes nothing.',
    auth: 'session',
    errors: {
      ...dashboardBodyErrors({ forbidden: 'Or: the account has no API access.' }),
      ...NOT_FOUND,
    },
  })
  @ApiOkResponse({ type: ApiKeyResponseDto, description: 'The key, now revoked.' })
  revoke(@CurrentAccount() account: Account, @Param('id') id: string): Promise<ApiKeyResponseDto> {
    return this.keys.revoke(account.id, id);
  }
}

/** Dashboard back end: the account's default per-subject (`x-subject`) spend limits. */
@ApiTags('dashboard: keys')
@Controller('account/subject-limits')
@UseGuards(SessionGuard, ApiAccessGuard)
export class SubjectLimitsController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @ApiDashboardRoute({
    operationId: 'accountGetSubjectLimits',
    summary: 'Per-subject spend limits',
    description:
      "The account's spend limits per end customer (`x-subject`) per UTC day and month; a key's `subjectLimits` override them.",
    auth: 'session',
    errors: NO_ACCESS,
  })
  @ApiOkResponse({ type: SubjectLimitsResponseDto })
  get(@CurrentAccount() account: Account): Promise<SubjectLimitsResponseDto> {
    return this.keys.subjectLimits(account.id);
  }

  @Patch()
  @ApiDashboardRoute({
    operationId: 'accountUpdateSubjectLimits',
    summary: 'Change the per-subject spend limits',
    description: 'Only the fields sent change; `null` clears one. Recorded in the audit trail.',
    auth: 'session',
    errors: writeErrors(),
  })
  @ApiOkResponse({ type: SubjectLimitsResponseDto })
  update(
    @CurrentAccount() account: Account,
    @Body() body: SubjectLimitsUpdateDto,
  ): Promise<SubjectLimitsResponseDto> {
    return this.keys.setSubjectLimits(account.id, body);
  }
}
