import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A successful password reset now uses up every other unused link of its account
 * (`PasswordResetRepository.voidAllOfAccount`): this index finds them without reading the table.
 * Partial: a used link is never looked up by account again.
 */
export class PasswordResetsByAccount1763702000000 implements MigrationInterface {
  name = 'PasswordResetsByAccount1763702000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX password_resets_unused_idx ON password_resets (account_id) WHERE used_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX password_resets_unused_idx`);
  }
}
