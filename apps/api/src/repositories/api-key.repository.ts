import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiKey } from '@reelscout/database';
import type { Mode } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';

/** A key's changeable settings as stored (micro-USD amounts; null: none). */
export interface ApiKeySettingsRow {
  name: string;
  limitTotalMicros: number | null;
  limitDailyMicros: number | null;
  limitMonthlyMicros: number | null;
  operations: string[] | null;
  expiresAt: Date | null;
  subjectLimitDailyMicros: number | null;
  subjectLimitMonthlyMicros: number | null;
}

export interface NewApiKeyRow extends Partial<ApiKeySettingsRow> {
  name: string;
  mode: Mode;
  keyHash: string;
  displayStart: string;
  rolledFrom?: string | null;
  /** The predecessor's spend owner for a rolled key; a new key counts under its own id. */
  spendOwner?: string | null;
}

/**
 * A key found by its hash, whatever its state (the caller decides with its clock: revocation
 * may lie in the future, expiry is checked on every call), with its account's access.
 */
export interface KeyByHashRow {
  keyId: string;
  accountId: string;
  mode: Mode;
  apiAccess: boolean;
  operations: string[] | null;
  /** `spend_owner`: the line of rolled keys it belongs to. */
  keyLine: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Another key was rolled from this one: past its revocation, it is expired, not revoked. */
  rolled: boolean;
}

/** bigint columns as numbers (micro-USD amounts are far below 2^53). */
const num = (value: string | null): number | null => (value === null ? null : Number(value));

/** The stored settings of a key. */
export function settingsOf(key: ApiKey): ApiKeySettingsRow {
  return {
    name: key.name,
    limitTotalMicros: num(key.limitTotalMicros),
    limitDailyMicros: num(key.limitDailyMicros),
    limitMonthlyMicros: num(key.limitMonthlyMicros),
    operations: key.operations,
    expiresAt: key.expiresAt,
    subjectLimitDailyMicros: num(key.subjectLimitDailyMicros),
    subjectLimitMonthlyMicros: num(key.subjectLimitMonthlyMicros),
  };
}

/** Settings as the entity's columns (bigints as strings). */
function columnsOf(settings: Partial<ApiKeySettingsRow>): Partial<ApiKey> {
  const big = (value: number | null | undefined) =>
    value === undefined ? undefined : value === null ? null : String(value);
  const out: Partial<ApiKey> = {
    name: settings.name,
    limitTotalMicros: big(settings.limitTotalMicros),
    limitDailyMicros: big(settings.limitDailyMicros),
    limitMonthlyMicros: big(settings.limitMonthlyMicros),
    operations: settings.operations,
    expiresAt: settings.expiresAt,
    subjectLimitDailyMicros: big(settings.subjectLimitDailyMicros),
    subjectLimitMonthlyMicros: big(settings.subjectLimitMonthlyMicros),
  };
  for (const name of Object.keys(out) as (keyof ApiKey)[]) {
    if (out[name] === undefined) delete out[name];
  }
  return out;
}

/** `api_keys`. Owned by ApiKeysModule (ApiKeysService). */
@Injectable()
export class ApiKeyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(
    accountId: string,
    key: NewApiKeyRow,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ApiKey> {
    const { mode, keyHash, displayStart, rolledFrom, spendOwner, ...settings } = key;
    const id = randomUUID();
    const saved = await manager.save(ApiKey, {
      id,
      spendOwner: spendOwner ?? id,
      accountId,
      mode,
      keyHash,
      displayStart,
      rolledFrom: rolledFrom ?? null,
      ...columnsOf(settings),
    });
    return manager.findOneByOrFail(ApiKey, { id: saved.id });
  }

  /**
   * In the caller's transaction: waits for any other key creation of the account to end (an
   * advisory lock, held until commit), then counts its live keys: not revoked (or revoked only
   * later, a rolled key's grace) and not expired, at `now`.
   */
  async countLiveForCreate(accountId: string, now: Date, manager: EntityManager): Promise<number> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `api_keys:${accountId}`,
    ]);
    const rows: { count: number }[] = await manager.query(
      `SELECT count(*)::int AS count FROM api_keys
        WHERE account_id = $1 AND (revoked_at IS NULL OR revoked_at > $2)
          AND (expires_at IS NULL OR expires_at > $2)`,
      [accountId, now],
    );
    return rows[0].count;
  }

  /** The account's keys, newest first. */
  getAll(accountId: string): Promise<ApiKey[]> {
    return this.dataSource.manager.find(ApiKey, {
      where: { accountId },
      order: { createdAt: 'DESC' },
    });
  }

  /** One of the account's own keys; another account's key is null. */
  getById(
    accountId: string,
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ApiKey | null> {
    return manager.findOneBy(ApiKey, { id, accountId });
  }

  /** Like getById, locking the row until the caller's transaction ends (a change and its audit). */
  getByIdForUpdate(accountId: string, id: string, manager: EntityManager): Promise<ApiKey | null> {
    return (
      manager
        .createQueryBuilder(ApiKey, 'k')
        // Not FOR UPDATE: that would block the KEY SHARE locks that inserting jobs and holds
        // referencing the key take (the money path); FOR NO KEY UPDATE still serializes changes.
        .setLock('for_no_key_update')
        .where('k.id = :id AND k.account_id = :accountId', { id, accountId })
        .getOne()
    );
  }

  /** Whose spend windows the key counts in (its `spend_owner`). */
  async spendOwnerOf(id: string, manager: EntityManager = this.dataSource.manager) {
    const rows: { spend_owner: string }[] = await manager.query(
      `SELECT spend_owner FROM api_keys WHERE id = $1`,
      [id],
    );
    return rows[0].spend_owner;
  }

  /** Whether another key was rolled from this one. */
  async isRolled(id: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM api_keys WHERE rolled_from = $1 LIMIT 1`,
      [id],
    );
    return rows.length > 0;
  }

  /** Any account's key, for operator commands (the CLI) only. */
  getByIdForOperator(id: string): Promise<ApiKey | null> {
    return this.dataSource.manager.findOneBy(ApiKey, { id });
  }

  async updateSettings(
    accountId: string,
    id: string,
    settings: Partial<ApiKeySettingsRow>,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    const columns = columnsOf(settings);
    if (Object.keys(columns).length === 0) return;
    await manager.update(ApiKey, { id, accountId }, columns);
  }

  /**
   * Revokes one of the account's own keys at `at` unless it is revoked by then already; a key
   * whose revocation lies later (a rolled key in its grace) is revoked at `at`.
   */
  async revoke(
    accountId: string,
    id: string,
    at: Date,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `UPDATE api_keys SET revoked_at = $3
        WHERE id = $1 AND account_id = $2 AND (revoked_at IS NULL OR revoked_at > $3)`,
      [id, accountId, at],
    );
  }

  /** The key with this hash, whatever its state, with its account's API access. */
  async getByHash(keyHash: string): Promise<KeyByHashRow | null> {
    const rows: {
      id: string;
      account_id: string;
      mode: Mode;
      api_access: boolean;
      operations: string[] | null;
      spend_owner: string;
      expires_at: Date | null;
      revoked_at: Date | null;
      rolled: boolean;
    }[] = await this.dataSource.query(
      `SELECT k.id, k.account_id, k.mode, a.api_access, k.operations, k.spend_owner, k.expires_at,
              k.revoked_at,
              (k.revoked_at IS NOT NULL
                 AND EXISTS (SELECT 1 FROM api_keys n WHERE n.rolled_from = k.id)) AS rolled
         FROM api_keys k JOIN accounts a ON a.id = k.account_id
        WHERE k.key_hash = $1`,
      [keyHash],
    );
    const row = rows[0];
    return row
      ? {
          keyId: row.id,
          accountId: row.account_id,
          mode: row.mode,
          apiAccess: row.api_access,
          operations: row.operations,
          keyLine: row.spend_owner,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
          rolled: row.rolled,
        }
      : null;
  }

  async touchLastUsed(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE api_keys SET last_used_at = now() WHERE id = $1`, [id]);
  }
}
