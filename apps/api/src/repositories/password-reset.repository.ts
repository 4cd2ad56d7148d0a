import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PasswordReset } from '@reelscout/database';
import { DataSource, type EntityManager } from 'typeorm';

/** `password_resets`. Owned by AuthModule (AuthService). */
@Injectable()
export class PasswordResetRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(accountId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.dataSource.manager.save(PasswordReset, { accountId, tokenHash, expiresAt });
  }

  /** Uses a valid, unused reset token once; the account it resets, or null. */
  async consume(tokenHash: string, manager: EntityManager): Promise<string | null> {
    const rows: { account_id: string }[] = await manager.query(
      `WITH used AS (
         UPDATE password_resets SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
          RETURNING account_id)
       SELECT account_id FROM used`,
      [tokenHash],
    );
    return rows[0]?.account_id ?? null;
  }

  /** Uses up every other unused link of the account (a reset just succeeded with one). */
  async voidAllOfAccount(accountId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE password_resets SET used_at = now() WHERE account_id = $1 AND used_at IS NULL`,
      [accountId],
    );
  }
}
