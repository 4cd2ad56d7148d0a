import { Inject, type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Request, Response } from 'express';
import { throttlingConfig } from '../config';
import { RateLimitService } from './rate-limit.service';

/**
 * The per-IP ceiling of sign-in, sign-up and password-reset attempts (`AUTH_RATE_LIMIT_PER_MIN`),
 * on the route handlers themselves. Express matches paths case-insensitively and with or without
 * a trailing slash, so a ceiling chosen by comparing the URL's text let `POST /auth/Sign-In/`
 * through uncounted; a guard runs for whatever spelling reached the handler.
 *
 * Put it first among a route's guards: an attempt counts before its password is checked.
 */
@Injectable()
export class AuthAttemptGuard implements CanActivate {
  private readonly perMinute: number;

  constructor(
    private readonly limits: RateLimitService,
    @Inject(throttlingConfig.KEY) config: ConfigType<typeof throttlingConfig>,
  ) {
    this.perMinute = config.authAttemptsPerMin;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    await this.limits.hit(http.getResponse<Response>(), [
      { key: `auth:${req.ip ?? 'unknown'}`, limit: this.perMinute },
    ]);
    return true;
  }
}
