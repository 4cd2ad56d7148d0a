import { Client } from 'pg';
import MONEY_SQL from '../../../libs/database/src/sql/money.sql';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** Each function money.sql defines, with its body (between the dollar quotes). */
function functionsOfFile(sql: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /CREATE OR REPLACE FUNCTION (\w+)\([\s\S]*?\$\$([\s\S]*?)\$\$;/g;
  for (const match of sql.matchAll(pattern)) found.set(match[1], match[2]);
  return found;
}

const normalized = (body: string) => body.replace(/\s+/g, ' ').trim();

/**
 * libs/database/src/sql/money.sql is where a reader finds every money rule that runs in Postgres:
 * a migrated database must hold exactly its functions, so the file cannot drift from what runs.
 */
describe('the money functions are those of money.sql (e2e)', () => {
  let db: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new Client({ connectionString: db.url });
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  it('defines the money functions, each with the body the migrated database runs', async () => {
    const inFile = functionsOfFile(MONEY_SQL);
    expect([...inFile.keys()].sort()).toEqual([
      'charge_reaped_hold',
      'ledger_entries_append_only',
      'place_hold',
      'settle_balance',
      'spend_count',
      'spend_refuse',
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

  it('no other function of ours stands beside them (extensions aside)', async () => {
    const { rows } = await client.query<{ name: string }>(
      `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
        ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual([...functionsOfFile(MONEY_SQL).keys()].sort());
  });
});
