import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { KeyAuditAction, KeyAuditActor } from '@reelscout/domain';
import { DataSource, type EntityManager } from 'typeorm';

export interface NewKeyAuditEntry {
  accountId: string;
  /** Null for a change of the account's own settings (its subject limits). */
  keyId: string | null;
  actor: KeyAuditActor;
  action: KeyAuditAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface KeyAuditRow {
  id: string;
  key_id: string | null;
  actor: KeyAuditActor;
  action: KeyAuditAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
}

/** `api_key_audit`: every change to a key or to the account's subject limits. Owned by ApiKeysModule. */
@Injectable()
export class KeyAuditRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * `created_at` is the database's clock_timestamp(), so the entries of one transaction keep
   * their order. `manager`: the transaction of the change itself, so a change is never left unrecorded. */
  async create(
    entry: NewKeyAuditEntry,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO api_key_audit (account_id, key_id, actor, action, before, after, created_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, clock_timestamp())`,
      [
        entry.accountId,
        entry.keyId,
        entry.actor,
        entry.action,
        entry.before === null ? null : JSON.stringify(entry.before),
        entry.after === null ? null : JSON.stringify(entry.after),
      ],
    );
  }

  /** One of the account's keys' trail, newest first. */
  getForKey(accountId: string, keyId: string, limit = 200): Promise<KeyAuditRow[]> {
    return this.dataSource.query(
      `SELECT id, key_id, actor, action, before, after, created_at
         FROM api_key_audit WHERE account_id = $1 AND key_id = $2
        ORDER BY created_at DESC, id DESC LIMIT $3`,
      [accountId, keyId, limit],
    );
  }

  /** The account's own changes (subject limits), newest first. */
  getForAccount(accountId: string, limit = 200): Promise<KeyAuditRow[]> {
    return this.dataSource.query(
      `SELECT id, key_id, actor, action, before, after, created_at
         FROM api_key_audit WHERE account_id = $1 AND key_id IS NULL
        ORDER BY created_at DESC, id DESC LIMIT $2`,
      [accountId, limit],
    );
  }
}
