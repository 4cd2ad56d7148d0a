import { MIGRATIONS } from '@reelscout/database';
import { createTestDatabase, runMigrationStep } from './support/test-database';

/**
 * The refunds-and-disputes migration goes down and up again on a migrated database: down takes
 * out the purchase's reversal columns, keeps the balance row's (place_hold reads them), and up
 * runs again over what down kept.
 */
describe('the refunds and disputes migration (e2e)', () => {
  it('goes down and up again', async () => {
    const db = await createTestDatabase();
    const pg = await db.connect();
    const columns = async (table: string) =>
      (
        await pg.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_name = $1`,
          [table],
        )
      ).rows.map((r) => r.column_name);
    try {
      const migration = MIGRATIONS.find((m) => new m().name === 'RefundsAndDisputes1763702100000')!;
      await runMigrationStep(pg, migration, 'down');
      expect(await columns('checkout_sessions')).not.toContain('payment_intent');
      expect(await columns('balances')).toEqual(
        expect.arrayContaining(['shortfall', 'open_disputes']),
      );
      await runMigrationStep(pg, migration, 'up');
      expect(await columns('checkout_sessions')).toEqual(
        expect.arrayContaining(['payment_intent', 'refunded', 'charged_back', 'dispute_status']),
      );
      // The ledger kind takes the new kinds again.
      await expect(
        pg.query(`SELECT 'payment_refund'::ledger_kind, 'shortfall_payment'::ledger_kind`),
      ).resolves.toBeDefined();
    } finally {
      await pg.end();
      await db.drop();
    }
  });
});
