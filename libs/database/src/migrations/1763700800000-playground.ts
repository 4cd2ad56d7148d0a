import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard playground: a job and its usage record say where the call came from,
 * `api` (a key) or `dashboard` (a signed-in account's run, made without a key: `key_id` null).
 * Existing rows are API calls.
 */
export class Playground1763700800000 implements MigrationInterface {
  name = 'Playground1763700800000';

  async up(q: QueryRunner): Promise<void> {
    // A constant default adds the column without rewriting the table; the CHECK is added NOT
    // VALID, then validated, so the scan of existing rows does not hold the exclusive lock.
    for (const table of ['jobs', 'usage_records']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN source text NOT NULL DEFAULT 'api'`);
      await q.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${table}_source_check
           CHECK (source IN ('api', 'dashboard')) NOT VALID`,
      );
      await q.query(`ALTER TABLE ${table} VALIDATE CONSTRAINT ${table}_source_check`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE usage_records DROP COLUMN IF EXISTS source`);
    await q.query(`ALTER TABLE jobs DROP COLUMN IF EXISTS source`);
  }
}
