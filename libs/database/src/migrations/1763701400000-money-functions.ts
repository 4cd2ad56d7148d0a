import type { MigrationInterface, QueryRunner } from 'typeorm';
import MONEY_SQL from '../sql/money.sql';

/**
 * The money functions (`place_hold`, `charge_reaped_hold`, `settle_balance`, the spend-window
 * helpers and the ledger's append-only guard) are defined in one file, `sql/money.sql`, which
 * this migration applies. Their bodies are those the earlier migrations created, so `down` has
 * nothing to restore. A later change to the file comes with a migration that applies it again.
 */
export class MoneyFunctions1763701400000 implements MigrationInterface {
  name = 'MoneyFunctions1763701400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(MONEY_SQL);
  }

  async down(): Promise<void> {
    // The functions stay: the earlier migrations' own `down` steps remove them.
  }
}
