import { MIGRATIONS } from '@reelscout/database';
import type { Client } from 'pg';
import MONEY_SQL from '../../../libs/database/src/sql/money.sql';
import PREVIOUS_MONEY_SQL from '../../../libs/database/src/migrations/1763702500000-money-in-functions.down.sql';
import { createTestDatabase, runMigrationStep, type TestDatabase } from './support/test-database';

/** Each function money.sql defines, with its body (between the dollar quotes). */
function functionsOfFile(sql: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /CREATE OR REPLACE FUNCTION (\w+)\([\s\S]*?\$\$([\s\S]*?)\$\$;/g;
  for (const match of sql.matchAll(pattern)) found.set(match[1], match[2]);
  return found;
}

const normalized = (body: string) => body.replace(/\s+/g, ' ').trim();

/**
 * Our functions that move no money, each kept by the migration of its feature: the usage records'
 * partitions and hourly rollups, and the trends store's revision counter.
 */
const NOT_MONEY = new Set([
  'usage_rollup_apply',
  'usage_records_ensure_partitions',
  'usage_records_drop_before',
  'trend_observations_revise',
  'trend_observations_revise_all',
]);

/**
 * libs/database/src/sql/money.sql is where a reader finds every money rule that runs in Postgres:
 * a migrated database must hold exactly its functions, so the file cannot drift from what runs.
 */
describe('the money functions are those of money.sql (e2e)', () => {
  let db: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    client = await db.connect();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('defines the money functions, each with the body the migrated database runs', async () => {
    const inFile = functionsOfFile(MONEY_SQL);
    expect([...inFile.keys()].sort()).toEqual([
      'add_credit',
      'capture_hold',
      'charge_reaped_hold',
      'ledger_entries_append_only',
      'pay_shortfall',
      'place_hold',
      'reap_expired_holds',
      'reverse_credit',
      'spend_add',
      'spend_give_back',
      'spend_limits',
      'spend_refuse',
      'spend_windows',
      'void_hold',
    ]);
    const { rows } = await client.query<{ name: string; body: string }>(
      `SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p
         JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.proname = ANY($1::text[])`,
      [[...inFile.keys()]],
    );
    expect(rows.map((r) => r.name).sort()).toEqual([...inFile.keys()].sort());
    for (const row of rows) {
      expect({ name: row.name, body: normalized(row.body) }).toEqual({
        name: row.name,
        body: normalized(inFile.get(row.name)!),
      });
    }
  });

  /** What `place_hold` answers for a 1 USD hold of the account in `mode`: its id or what refused. */
  async function hold(account: string, mode: 'live' | 'test'): Promise<string> {
    try {
      await client.query(
        `SELECT place_hold($1, $2, 1000000, NULL, NULL, 'scan', 'req_money_sql', 60, now())`,
        [account, mode],
      );
      return 'held';
    } catch (error) {
      const e = error as { code?: string; detail?: string; hint?: string };
      return `${e.code}:${e.detail}:${e.hint}`;
    }
  }

  it('place_hold refuses every live hold while a shortfall or an open dispute stands, whatever the credit', async () => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO accounts (email, password_hash) VALUES ('money-sql@example.test', 'x') RETURNING id`,
    );
    const account = rows[0].id;
    // Credit written straight to the row: this proves the function, not the crediting path.
    const credit = async (mode: string, amount: number) => {
      await client.query(
        `INSERT INTO balances (account_id, mode) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [account, mode],
      );
      await client.query(
        `UPDATE balances SET balance = balance + $3 WHERE account_id = $1 AND mode = $2`,
        [account, mode, amount],
      );
    };
    await credit('live', 10_000_000);
    await credit('test', 10_000_000);
    expect(await hold(account, 'live')).toBe('held');

    // A dispute opens: counted on the live row; live holds refused, test holds not.
    await client.query(`SELECT reverse_credit($1, 'live', 0, 1, 'chargeback', 'dp_1', 'x')`, [
      account,
    ]);
    expect(await hold(account, 'live')).toBe('RS402:payment_disputed:0:0');
    expect(await hold(account, 'test')).toBe('held');
    await client.query(`SELECT reverse_credit($1, 'live', 0, -1, 'chargeback', 'dp_1', 'x')`, [
      account,
    ]);
    expect(await hold(account, 'live')).toBe('held');

    // A refund of more than is available: 8 USD taken (2 are held), 12 owed as shortfall.
    const taken = await client.query(
      `SELECT reverse_credit($1, 'live', 20000000, 0, 'payment_refund', 'ch_1', 'x') AS taken`,
      [account],
    );
    expect(Number(taken.rows[0].taken)).toBe(8_000_000);
    const after = await client.query(
      `SELECT balance, held, shortfall FROM balances WHERE account_id = $1 AND mode = 'live'`,
      [account],
    );
    expect(after.rows[0]).toEqual({ balance: '2000000', held: '2000000', shortfall: '12000000' });
    await credit('live', 5_000_000);
    // Credit is available again, but the shortfall still refuses live holds.
    expect(await hold(account, 'live')).toBe('RS402:credit_shortfall:0:12000000');
    expect(await hold(account, 'test')).toBe('held');

    // pay_shortfall takes what is available (5 USD) and keeps refusing until it is all paid.
    await client.query(`SELECT pay_shortfall($1, 'live')`, [account]);
    expect(await hold(account, 'live')).toBe('RS402:credit_shortfall:0:7000000');
    const entries = await client.query(
      `SELECT kind, amount FROM ledger_entries WHERE account_id = $1 ORDER BY id`,
      [account],
    );
    expect(entries.rows).toEqual([
      { kind: 'payment_refund', amount: '-8000000' },
      { kind: 'shortfall_payment', amount: '-5000000' },
    ]);
  });

  it('no other function of ours stands beside them (extensions aside)', async () => {
    const { rows } = await client.query<{ name: string }>(
      `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
        ORDER BY 1`,
    );
    expect(rows.map((r) => r.name).filter((name) => !NOT_MONEY.has(name))).toEqual(
      [...functionsOfFile(MONEY_SQL).keys()].sort(),
    );
    // The exceptions are real functions, so a name that drifts is seen here.
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining([...NOT_MONEY]));
  });

  it('the migration that moved the money into these functions goes down to the previous ones and up again', async () => {
    const other = await createTestDatabase();
    const pg = await other.connect();
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);
    const ours = async () =>
      (
        await pg.query<{ name: string; body: string }>(
          `SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p
             JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = 'public'
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
        )
      ).rows
        .filter((r) => !NOT_MONEY.has(r.name))
        .map((r) => ({ name: r.name, body: normalized(r.body) }))
        .sort(byName);
    const ofFile = (sql: string) =>
      [...functionsOfFile(sql)]
        .map(([name, body]) => ({ name, body: normalized(body) }))
        .sort(byName);
    try {
      const migration = MIGRATIONS.find((m) => new m().name === 'MoneyInFunctions1763702500000')!;
      await runMigrationStep(pg, migration, 'down');
      expect(await ours()).toEqual(ofFile(PREVIOUS_MONEY_SQL));
      expect((await ours()).map((f) => f.name)).toContain('settle_balance');
      await runMigrationStep(pg, migration, 'up');
      expect(await ours()).toEqual(ofFile(MONEY_SQL));
    } finally {
      await other.drop();
    }
  });
});
