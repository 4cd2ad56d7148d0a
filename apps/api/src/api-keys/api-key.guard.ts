import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, OPERATIONS, keyState, keyWorks } from '@reelscout/domain';
import type { Request, Response } from 'express';
import { Strategy as BearerStrategy, type VerifyFunction } from 'passport-http-bearer';
import { runPassportStrategy } from '../common/auth/passport-run';
import { Clock } from '../common/clock/clock';
import { errorCodeOf } from '../common/errors/error-envelope';
import { requestIdOf, requestStartedAt } from '../common/http/request-id';
import { callOf, operationOf } from '../throttling/api-rate-limit.guard';
import { countersFor } from '../throttling/rate-limit.config';
import { RateLimitService } from '../throttling/rate-limit.service';
import { UsageService } from '../usage/usage.service';
import { ApiKeysService, type AuthenticatedKey } from './api-keys.service';
import type { CallerRequest } from '../request-context/caller';
import { NO_USAGE_RECORD } from './no-usage-record';
import { UNRESTRICTED_KEYS_ONLY } from './unrestricted-keys-only';

const SUBJECT = /^[A-Za-z0-9._:@-]{1,128}$/;
const UNAUTHORIZED_MESSAGE =
  'A valid API key is required: send `Authorization: Bearer rs_live_…` or `rs_test_…`.';

const isOperation = (name: string): boolean => (OPERATIONS as readonly string[]).includes(name);

/**
 * passport-http-bearer also takes a token from `?access_token=` and from a body field
 * `access_token`. Keys come from the Authorization header only (a key in a URL lands in logs,
 * proxies and browser history), so the strategy is shown the header and nothing else.
 */
class HeaderBearerStrategy extends BearerStrategy<VerifyFunction> {
  override authenticate(req: Request): void {
    const { authorization } = req.headers;
    super.authenticate({
      headers: authorization === undefined ? {} : { authorization },
    } as Request);
  }
}

/** A credential sent anywhere but the Authorization header (refused like every other failure). */
function hasCredentialElsewhere(req: Request): boolean {
  const inObject = (value: unknown) =>
    typeof value === 'object' && value !== null && Object.hasOwn(value, 'access_token');
  return inObject(req.query) || inObject(req.body);
}

/**
 * The front of every /v1 route (docs/architecture.md §3 steps 3–4, and the x-subject check):
 * key (passport-http-bearer, Authorization header only) → 401 unauthorized (one body for every
 * failure), account access → 403 forbidden, x-subject → 400 invalid_request. On success
 * `req.caller` is set.
 *
 * A 403 or a bad x-subject comes from a known key, so it carries RateLimit-* like every other
 * response to that key: the call is *counted* against the key's per-key ceiling (the counter of
 * the operation called), not just peeked at. Each such call still costs a key lookup and a usage
 * record, and a client looping on a refused call should see its budget run down, not a full
 * one. The refusal itself stays 403/400 (access and x-subject are checked before the ceilings,
 * docs/architecture.md §3), even when the counter is over its ceiling. A 401 has no key to count
 * against and carries no RateLimit-* headers.
 *
 * Key controls (docs/key-controls.md): a key past its `expiresAt`, or a rolled key past its
 * grace period, gets the same 401 as a revoked or unknown one, judged by the Clock on every call
 * (not only when the key cache refreshes); only its usage record says `key_expired`. A call of
 * an operation outside the key's scopes is 403 `operation_not_allowed`, counted like the other
 * refusals, before the operation runner (no hold). Such a restricted key is also confined to its
 * own line's jobs and Idempotency-Keys (`caller.confinedTo`), and refused on the routes marked
 * unrestricted-keys-only (webhook endpoints, which would receive every job of the account) with
 * 403 `resource_not_allowed`.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly strategy: BearerStrategy<VerifyFunction>;

  constructor(
    private readonly keys: ApiKeysService,
    private readonly usage: UsageService,
    private readonly limits: RateLimitService,
    private readonly reflector: Reflector,
    private readonly clock: Clock,
  ) {
    if (!keys || !usage || !limits || !clock) {
      throw new Error(
        'ApiKeyGuard needs ApiKeysModule, UsageModule, ThrottlingModule and ClockModule',
      );
    }
    this.strategy = new HeaderBearerStrategy((token, done) => {
      keys.authenticate(token).then(
        (key) => done(null, key ?? false),
        (error: unknown) => done(error),
      );
    });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<CallerRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    if (hasCredentialElsewhere(req)) throw new DomainError('unauthorized', UNAUTHORIZED_MESSAGE);
    const key = await runPassportStrategy<AuthenticatedKey>(this.strategy, req);
    if (!key) throw new DomainError('unauthorized', UNAUTHORIZED_MESSAGE);
    const state = keyState(key, this.clock.now());
    if (state === 'revoked') throw new DomainError('unauthorized', UNAUTHORIZED_MESSAGE);
    const noUsage = this.reflector.getAllAndOverride<boolean>(NO_USAGE_RECORD, [
      context.getHandler(),
      context.getClass(),
    ]);
    const operation = operationOf(context, this.reflector);
    if (!keyWorks(state)) {
      // Expired, or a rolled key past its grace: the caller sees the uniform 401; the account's
      // own usage records say why (at most one record per key per minute on this instance).
      if (!noUsage && this.keys.shouldRecordExpiredUse(key.keyId)) {
        this.recordUsageWhenDone(req, res, key, operation, 'key_expired');
      }
      throw new DomainError('unauthorized', UNAUTHORIZED_MESSAGE);
    }
    this.keys.touch(key.keyId);
    if (!noUsage) this.recordUsageWhenDone(req, res, key, operation);
    if (!key.apiAccess) {
      await this.countRefusal(context, res, key);
      throw new DomainError(
        'forbidden',
        'This account does not have API access. Ask your Reelscout contact to grant it.',
      );
    }
    const raw = req.headers['x-subject'];
    let subject: string | null = null;
    if (raw !== undefined) {
      if (typeof raw !== 'string' || !SUBJECT.test(raw)) {
        await this.countRefusal(context, res, key);
        throw new DomainError(
          'invalid_request',
          '`x-subject` must be 1–128 characters of letters, digits and . _ : @ -',
          { param: 'x-subject' },
        );
      }
      subject = raw;
    }
    req.caller = {
      accountId: key.accountId,
      keyId: key.keyId,
      mode: key.mode,
      subject,
      confinedTo: key.operations ? key.keyLine : null,
    };
    if (key.operations && isOperation(operation) && !key.operations.includes(operation)) {
      await this.countRefusal(context, res, key);
      throw new DomainError(
        'operation_not_allowed',
        `This key may call only: ${key.operations.join(', ')}.`,
      );
    }
    if (key.operations && this.unrestrictedKeysOnly(context)) {
      await this.countRefusal(context, res, key);
      throw new DomainError(
        'resource_not_allowed',
        `This key is restricted to some operations (${key.operations.join(', ')}); only an ` +
          `unrestricted key or the dashboard can manage ${operation.replaceAll('_', ' ')}.`,
      );
    }
    return true;
  }

  private unrestrictedKeysOnly(context: ExecutionContext): boolean {
    return (
      this.reflector.getAllAndOverride<boolean>(UNRESTRICTED_KEYS_ONLY, [
        context.getHandler(),
        context.getClass(),
      ]) === true
    );
  }

  /** Counts a refused call against the key's per-key ceiling and sets its RateLimit-* headers. */
  private async countRefusal(
    context: ExecutionContext,
    res: Response,
    key: AuthenticatedKey,
  ): Promise<void> {
    const { perKey } = countersFor(this.limits.config, callOf(context, this.reflector), {
      keyId: key.keyId,
      subject: null,
    });
    await this.limits.count(res, [perKey]);
  }

  /**
   * Every call made with a known key leaves a usage record, whatever its outcome: this guard
   * writes it for a call refused before the execution module (here, by the ceilings, by
   * validation); a call that reaches the execution module is that module's to record.
   */
  private recordUsageWhenDone(
    req: CallerRequest,
    res: Response,
    key: AuthenticatedKey,
    operation: string,
    errorCode?: string,
  ): void {
    this.usage.recordUnlessTakenOver(req, res, () => ({
      requestId: requestIdOf(req),
      accountId: key.accountId,
      keyId: key.keyId,
      mode: key.mode,
      subject: req.caller?.subject ?? null,
      operation,
      market: null,
      status: res.statusCode,
      errorCode: errorCode ?? errorCodeOf(res),
      charged: 0,
      durationMs: performance.now() - (requestStartedAt(res) ?? performance.now()),
    }));
  }
}
