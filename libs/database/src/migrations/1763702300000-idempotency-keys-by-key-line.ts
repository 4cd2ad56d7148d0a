import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A key restricted to some operations keeps its Idempotency-Keys to its own line of keys, so it
 * can neither replay another key's stored answer nor block another key's request
 * (docs/key-controls.md). `key_line` is that line (`api_keys.spend_owner`), or the nil UUID for
 * the account's shared keys (unrestricted keys); it is the primary key's last column, so the
 * settlements' lookups by account, mode and key still use the index fully. Adding the column
 * with a constant default rewrites no row; the primary key's index is rebuilt once (the table
 * holds at most a day of keys).
 */
export class IdempotencyKeysByKeyLine1763702300000 implements MigrationInterface {
  name = 'IdempotencyKeysByKeyLine1763702300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE idempotency_keys
         ADD COLUMN key_line uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000'`,
    );
    await q.query(`ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey`);
    await q.query(`ALTER TABLE idempotency_keys ADD PRIMARY KEY (account_id, mode, key, key_line)`);
  }

  async down(q: QueryRunner): Promise<void> {
    // A restricted key's rows could collide with the shared ones under the old primary key.
    await q.query(
      `DELETE FROM idempotency_keys WHERE key_line <> '00000000-0000-0000-0000-000000000000'`,
    );
    await q.query(`ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey`);
    await q.query(`ALTER TABLE idempotency_keys ADD PRIMARY KEY (account_id, mode, key)`);
    await q.query(`ALTER TABLE idempotency_keys DROP COLUMN key_line`);
  }
}
