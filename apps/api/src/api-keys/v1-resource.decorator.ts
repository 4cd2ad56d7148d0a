import { applyDecorators, Controller, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApiRateLimitGuard, OperationName } from '../throttling/api-rate-limit.guard';
import { ApiKeyGuard } from './api-key.guard';
import { NO_USAGE_RECORD } from './no-usage-record';

/**
 * A /v1 resource controller (jobs, webhook endpoints): the same bearer key, access and x-subject
 * checks as the operations, rate ceilings counted apart under the resource's name, and no usage
 * record (polling a job is not a call of an operation).
 */
export function V1ResourceController(resource: string, tag: string): ClassDecorator {
  return applyDecorators(
    Controller(`v1/${resource}`),
    UseGuards(ApiKeyGuard, ApiRateLimitGuard),
    OperationName(resource),
    SetMetadata(NO_USAGE_RECORD, true),
    ApiBearerAuth(),
    ApiTags(tag),
  );
}
