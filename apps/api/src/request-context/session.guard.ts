import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
} from '@nestjs/common';
import type { Account } from '@reelscout/database';
import { DomainError } from '@reelscout/domain';
import type { Request } from 'express';
import { AccountsService } from '../accounts/accounts.service';

export type SessionRequest = Request & { account?: Account };

/** Dashboard routes: a signed-in session whose account still exists. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly accounts: AccountsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<SessionRequest>();
    const accountId = req.session?.accountId;
    const account = accountId ? await this.accounts.findById(accountId) : null;
    if (!account) throw new DomainError('unauthorized', 'Sign in first.');
    req.account = account;
    return true;
  }
}

/** After SessionGuard: the account must hold the API access grant (403 otherwise). */
@Injectable()
export class ApiAccessGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const account = context.switchToHttp().getRequest<SessionRequest>().account;
    if (!account?.apiAccess) {
      throw new DomainError(
        'forbidden',
        'This account does not have API access. Ask the person who invited you to grant it.',
      );
    }
    return true;
  }
}

/** After SessionGuard: operator-only routes. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const account = context.switchToHttp().getRequest<SessionRequest>().account;
    if (!account?.isAdmin) throw new DomainError('forbidden', 'Only administrators can do this.');
    return true;
  }
}

export const CurrentAccount = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Account => {
    const account = context.switchToHttp().getRequest<SessionRequest>().account;
    if (!account) throw new DomainError('unauthorized', 'Sign in first.');
    return account;
  },
);
