import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Invite } from '@reelscout/database';
import { DomainError, type CreatedInviteView, type InviteView } from '@reelscout/domain';
import type { EntityManager } from 'typeorm';
import { normaliseEmail } from '../accounts/accounts.service';
import { randomToken, sha256Hex } from '../common/crypto/tokens';
import { authConfig } from '../config';
import { InviteRepository } from '../repositories/invite.repository';

export interface InviteOptions {
  email?: string;
  apiAccess?: boolean;
  admin?: boolean;
  createdBy?: string | null;
}

@Injectable()
export class InvitesService {
  constructor(
    private readonly invites: InviteRepository,
    @Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>,
  ) {}

  /** The token exists only in the returned URL; we keep its hash. */
  async create(options: InviteOptions = {}): Promise<CreatedInviteView> {
    const token = randomToken();
    const ttlDays = this.config.inviteTtlDays;
    const invite = await this.invites.create({
      tokenHash: sha256Hex(token),
      email: options.email ? normaliseEmail(options.email) : null,
      grantsApiAccess: options.apiAccess ?? false,
      grantsAdmin: options.admin ?? false,
      createdBy: options.createdBy ?? null,
      expiresAt: new Date(Date.now() + ttlDays * 86_400_000),
    });
    const base = this.config.publicUrl.replace(/\/$/, '');
    return {
      id: invite.id,
      url: `${base}/invite/${token}`,
      expiresAt: invite.expiresAt.toISOString(),
      email: invite.email,
      grantsApiAccess: invite.grantsApiAccess,
    };
  }

  async inspect(token: string): Promise<InviteView> {
    const invite = await this.invites.getByTokenHash(sha256Hex(token));
    if (!invite) return { state: 'unknown', email: null };
    if (invite.usedAt) return { state: 'used', email: null };
    if (invite.expiresAt.getTime() <= Date.now()) return { state: 'expired', email: null };
    return { state: 'valid', email: invite.email };
  }

  /**
   * Marks the invite used by `accountId`, atomically: of two sign-ups racing for one invite,
   * exactly one wins. Must run in the transaction that creates the account.
   */
  async consume(token: string, email: string, manager: EntityManager): Promise<Invite> {
    const id = await this.invites.consume(sha256Hex(token), normaliseEmail(email), manager);
    if (id === null) {
      const { state, email: bound } = await this.inspect(token);
      const reason =
        state === 'valid' && bound
          ? 'This invite is for a different e-mail address.'
          : state === 'expired'
            ? 'This invite has expired; ask for a new one.'
            : state === 'used'
              ? 'This invite has already been used.'
              : 'This invite link is not valid.';
      throw new DomainError('invalid_request', reason, {
        param: state === 'valid' ? 'email' : 'token',
      });
    }
    return this.invites.getByIdOrFail(id, manager);
  }

  async markUsedBy(inviteId: string, accountId: string, manager: EntityManager): Promise<void> {
    await this.invites.setUsedBy(inviteId, accountId, manager);
  }
}
