import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard } from '../api-keys/api-key.guard';
import { ApiRateLimitGuard, OperationName } from '../throttling/api-rate-limit.guard';

/**
 * A /v1 operation controller: bearer key → access → x-subject (ApiKeyGuard), then the rate
 * ceilings (ApiRateLimitGuard), in that order, before validation and any hold.
 */
export function V1Controller(operation: string): ClassDecorator {
  return applyDecorators(
    Controller(`v1/${operation}`),
    UseGuards(ApiKeyGuard, ApiRateLimitGuard),
    OperationName(operation),
    ApiBearerAuth(),
    ApiTags('operations'),
  );
}
