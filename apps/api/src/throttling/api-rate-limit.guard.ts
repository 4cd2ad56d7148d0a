import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { CallerRequest } from '../request-context/caller';
import { countersFor } from './rate-limit.config';
import { RateLimitService } from './rate-limit.service';

export const OPERATION_NAME = 'reelscout:operation';
/** Names the operation of a /v1 controller (for per-operation ceilings and the in-flight cap). */
export const OperationName = (operation: string) => SetMetadata(OPERATION_NAME, operation);

export const SLOW_OPERATION = 'reelscout:slow-operation';
/** Marks a /v1 operation whose calls count toward the key's cap of slow calls in flight. */
export const SlowOperation = (slow: boolean) => SetMetadata(SLOW_OPERATION, slow);

/** The operation a /v1 call is for: its controller's `@OperationName`, else the path's first part. */
export function operationOf(context: ExecutionContext, reflector: Reflector): string {
  const req = context.switchToHttp().getRequest<Request>();
  return (
    reflector.getAllAndOverride<string>(OPERATION_NAME, [
      context.getHandler(),
      context.getClass(),
    ]) ?? req.path.replace(/^\/v1\//, '').split('/')[0]
  );
}

/** The call a /v1 route makes, as its ceilings see it: its operation and whether it is slow. */
export function callOf(
  context: ExecutionContext,
  reflector: Reflector,
): { operation: string; slow: boolean } {
  const slow = reflector.getAllAndOverride<boolean>(SLOW_OPERATION, [
    context.getHandler(),
    context.getClass(),
  ]);
  return { operation: operationOf(context, reflector), slow: slow === true };
}

/**
 * docs/architecture.md §3 step 5, after authentication: per key, per (key, subject), and an in-flight
 * cap per key for the slow operations. Tracked by key id, never by the raw key. A 429 happens
 * before validation and before any hold, so it is never charged. Which counters and ceilings
 * apply (defaults, per-operation overrides) is `countersFor`'s rule.
 */
@Injectable()
export class ApiRateLimitGuard implements CanActivate {
  constructor(
    private readonly limits: RateLimitService,
    private readonly reflector: Reflector,
  ) {
    if (!limits)
      throw new Error('ApiRateLimitGuard needs RateLimitService (import ThrottlingModule)');
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<CallerRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const caller = req.caller;
    if (!caller) return true; // ApiKeyGuard runs first and refuses anonymous calls
    const counters = countersFor(this.limits.config, callOf(context, this.reflector), caller);
    await this.limits.hit(res, [
      counters.perKey,
      ...(counters.perSubject ? [counters.perSubject] : []),
    ]);
    if (counters.inFlight)
      await this.limits.enter(res, counters.inFlight.key, counters.inFlight.cap);
    return true;
  }
}
