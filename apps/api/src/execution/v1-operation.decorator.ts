import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard } from '../api-keys/api-key.guard';
import {
  ApiRateLimitGuard,
  OperationName,
  SlowOperation,
} from '../throttling/api-rate-limit.guard';
import type { AnyContract } from './operation.contract';

/**
 * A /v1 operation controller, from its contract: bearer key → access → x-subject (ApiKeyGuard),
 * then the rate ceilings and, for a slow operation, the key's in-flight cap (ApiRateLimitGuard),
 * in that order, before validation and any hold.
 */
export function V1OperationController(contract: AnyContract): ClassDecorator {
  return applyDecorators(
    Controller(`v1/${contract.operation}`),
    UseGuards(ApiKeyGuard, ApiRateLimitGuard),
    OperationName(contract.operation),
    SlowOperation(contract.slow),
    ApiBearerAuth(),
    ApiTags('operations'),
  );
}

/** The OpenAPI operation of a /v1 route, its text from the contract. */
export function ApiOperationOf(contract: AnyContract): MethodDecorator {
  return ApiOperation({ operationId: contract.operation, ...contract.docs });
}
