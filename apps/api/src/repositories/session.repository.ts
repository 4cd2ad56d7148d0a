import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * `sessions`. Owned by AuthModule. connect-pg-simple (auth/session.ts) reads and writes the
 * rows; this is the one statement of ours.
 */
@Injectable()
export class SessionRepository {
  /** Signs the account out everywhere. */
  async deleteByAccountId(accountId: string, manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM sessions WHERE sess->>'accountId' = $1`, [accountId]);
  }
}
