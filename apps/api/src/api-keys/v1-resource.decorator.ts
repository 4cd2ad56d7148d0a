import { applyDecorators, Controller, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApiRateLimitGuard, OperationName } from '../throttling/api-rate-limit.guard';
import { ApiKeyGuard } from './api-key.guard';
import { NO_USAGE_RECORD } from './no-usage-record';
import { UNRESTRICTED_KEYS_ONLY } from './unrestricted-keys-only';

/**
 * A /v1 resource controller (jobs, webhook endpoints): the same bearer key, access and x-subject
 * checks as the operations, rate ceilings counted apart under the resource's name, and no usage
 * record (polling a job is not a call of an operation). `unrestrictedKeysOnly`: a key restricted
 * to some operations is refused on every route (docs/key-controls.md, what a restricted key can
 * reach).
 */
export function V1ResourceController(
  resource: string,
  tag: string,
  options: { unrestrictedKeysOnly?: boolean } = {},
): ClassDecorator {
  return applyDecorators(
    Controller(`v1/${resource}`),
    UseGuards(ApiKeyGuard, ApiRateLimitGuard),
    OperationName(resource),
    SetMetadata(NO_USAGE_RECORD, true),
    SetMetadata(UNRESTRICTED_KEYS_ONLY, options.unrestrictedKeysOnly === true),
    ApiBearerAuth(),
    ApiTags(tag),
  );
}
