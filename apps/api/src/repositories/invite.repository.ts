import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Invite } from '@reelscout/database';
import { DataSource, type EntityManager } from 'typeorm';

export interface NewInviteRow {
  tokenHash: string;
  email: string | null;
  grantsApiAccess: boolean;
  grantsAdmin: boolean;
  createdBy: string | null;
  expiresAt: Date;
}

/** `invites`. Owned by AuthModule (InvitesService). */
@Injectable()
export class InviteRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  create(invite: NewInviteRow): Promise<Invite> {
    return this.dataSource.manager.save(Invite, invite);
  }

  getByTokenHash(tokenHash: string): Promise<Invite | null> {
    return this.dataSource.manager.findOneBy(Invite, { tokenHash });
  }

  getByIdOrFail(id: string, manager: EntityManager): Promise<Invite> {
    return manager.findOneByOrFail(Invite, { id });
  }

  /**
   * Marks a valid, unused invite (bound to `email`, when it is bound) used, atomically: of two
   * sign-ups racing for one invite, exactly one gets its id; the other gets null.
   */
  async consume(tokenHash: string, email: string, manager: EntityManager): Promise<string | null> {
    const rows: { id: string }[] = await manager.query(
      `WITH used AS (
         UPDATE invites SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
            AND (email IS NULL OR email = $2)
          RETURNING id)
       SELECT id FROM used`,
      [tokenHash, email],
    );
    return rows[0]?.id ?? null;
  }

  async setUsedBy(inviteId: string, accountId: string, manager: EntityManager): Promise<void> {
    await manager.update(Invite, { id: inviteId }, { usedBy: accountId });
  }
}
