import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Account } from '@reelscout/database';
import { DomainError } from '@reelscout/domain';
import type { Request } from 'express';
import { Strategy as LocalStrategy } from 'passport-local';
import { runPassportStrategy } from '../common/auth/passport-run';
import { AuthService } from './auth.service';

const WRONG = 'Wrong e-mail or password.';

/** Dashboard sign-in with passport-local: e-mail + password → `req.user`, or 401. */
@Injectable()
export class LocalAuthGuard implements CanActivate {
  private readonly strategy: LocalStrategy;

  constructor(auth: AuthService) {
    this.strategy = new LocalStrategy(
      { usernameField: 'email', passwordField: 'password', session: false },
      (email, password, done) => {
        if (email.length > 254 || password.length > 256) return done(null, false);
        auth.verifyCredentials(email, password).then(
          (account) => done(null, account ?? false),
          (error: unknown) => done(error),
        );
      },
    );
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { user?: Account }>();
    // Guards run before the validation pipe: refuse malformed bodies as 400, not 401.
    const body = req.body as Record<string, unknown>;
    for (const field of ['email', 'password']) {
      if (typeof body?.[field] !== 'string' || (body[field] as string).length === 0) {
        throw new DomainError('invalid_request', `\`${field}\` is required.`, { param: field });
      }
    }
    const account = await runPassportStrategy<Account>(this.strategy, req);
    if (!account) throw new DomainError('unauthorized', WRONG);
    req.user = account;
    return true;
  }
}
