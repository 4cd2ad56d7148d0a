import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiKey } from '@reelscout/database';
import type { Mode } from '@reelscout/domain';
import { DataSource, IsNull } from 'typeorm';

export interface NewApiKeyRow {
  name: string;
  mode: Mode;
  keyHash: string;
  displayStart: string;
}

/** A live key's identity and its account's access, found by the key's hash. */
export interface ActiveKeyRow {
  keyId: string;
  accountId: string;
  mode: Mode;
  apiAccess: boolean;
}

/** `api_keys`. Owned by ApiKeysModule (ApiKeysService). */
@Injectable()
export class ApiKeyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(accountId: string, key: NewApiKeyRow): Promise<ApiKey> {
    const saved = await this.dataSource.manager.save(ApiKey, { accountId, ...key });
    return this.dataSource.manager.findOneByOrFail(ApiKey, { id: saved.id });
  }

  /** The account's keys, newest first. */
  getAll(accountId: string): Promise<ApiKey[]> {
    return this.dataSource.manager.find(ApiKey, {
      where: { accountId },
      order: { createdAt: 'DESC' },
    });
  }

  /** One of the account's own keys; another account's key is null. */
  getById(accountId: string, id: string): Promise<ApiKey | null> {
    return this.dataSource.manager.findOneBy(ApiKey, { id, accountId });
  }

  /** Any account's key, for operator commands (the CLI) only. */
  getByIdForOperator(id: string): Promise<ApiKey | null> {
    return this.dataSource.manager.findOneBy(ApiKey, { id });
  }

  /** Revokes one of the account's own keys, unless it is already revoked. */
  async revoke(accountId: string, id: string): Promise<void> {
    await this.dataSource.manager.update(
      ApiKey,
      { id, accountId, revokedAt: IsNull() },
      { revokedAt: () => 'now()' },
    );
  }

  /** The unrevoked key with this hash, with its account's API access. */
  async getActiveByHash(keyHash: string): Promise<ActiveKeyRow | null> {
    const rows: { id: string; account_id: string; mode: Mode; api_access: boolean }[] =
      await this.dataSource.query(
        `SELECT k.id, k.account_id, k.mode, a.api_access
           FROM api_keys k JOIN accounts a ON a.id = k.account_id
          WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
        [keyHash],
      );
    return rows[0]
      ? {
          keyId: rows[0].id,
          accountId: rows[0].account_id,
          mode: rows[0].mode,
          apiAccess: rows[0].api_access,
        }
      : null;
  }

  async touchLastUsed(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE api_keys SET last_used_at = now() WHERE id = $1`, [id]);
  }
}
