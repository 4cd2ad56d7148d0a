import { type Client } from 'pg';
import request from 'supertest';
import { MIGRATIONS } from '@reelscout/database';
import { createFundedKey } from './support/fixtures';
import { waitForValue } from './support/local-servers';
import { createTestDatabase, runMigrationStep } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

/** What the column-rules-as-domains migration moved from table CHECKs to domains. */
const MOVED: { table: string; column: string; constraint: string; bad: string }[] = [
  { table: 'jobs', column: 'mode', constraint: 'jobs_mode_check', bad: `'prod'` },
  { table: 'jobs', column: 'execution', constraint: 'jobs_execution_check', bad: `'later'` },
  { table: 'jobs', column: 'hold_amount', constraint: 'jobs_hold_amount_check', bad: '-1' },
  { table: 'jobs', column: 'charged', constraint: 'jobs_charged_check', bad: '-1' },
  { table: 'jobs', column: 'progress', constraint: 'jobs_progress_check', bad: '1.5' },
  { table: 'jobs', column: 'source', constraint: 'jobs_source_check', bad: `'cli'` },
  { table: 'holds', column: 'amount', constraint: 'holds_amount_check', bad: '0' },
  { table: 'balances', column: 'mode', constraint: 'balances_mode_check', bad: `'prod'` },
  {
    table: 'ledger_entries',
    column: 'amount',
    constraint: 'ledger_entries_amount_check',
    bad: '0',
  },
  {
    table: 'ledger_entries',
    column: 'balance_after',
    constraint: 'ledger_entries_balance_after_check',
    bad: '-1',
  },
  {
    table: 'spend_counters',
    column: 'scope',
    constraint: 'spend_counters_scope_check',
    bad: `'team'`,
  },
  {
    table: 'spend_counters',
    column: 'period',
    constraint: 'spend_counters_period_check',
    bad: `'week'`,
  },
  { table: 'spend_counters', column: 'spent', constraint: 'spend_counters_spent_check', bad: '-1' },
  {
    table: 'usage_records',
    column: 'source',
    constraint: 'usage_records_source_check',
    bad: `'cli'`,
  },
];

const TABLES = [...new Set(MOVED.map((m) => m.table))];

/**
 * Indexes of later migrations on columns this one retypes. This test runs the migration's down
 * and up again on today's schema, where retyping those columns rebuilds them; when the migration
 * ran for real they did not exist yet, so their storage is not compared.
 */
const LATER_INDEXES = ['jobs_queued_by_account_idx'];

/**
 * The domains of later migrations, which this one's down leaves: the money rules as domains
 * (money-rules.e2e-spec.ts) and refunds and disputes' `dispute_count`.
 */
const LATER_DOMAINS = [
  'balance_micros',
  'dispute_count',
  'hold_charge',
  'hold_status',
  'job_status',
  'ledger_kind',
];

/**
 * The single-column rules of the tables a paid call writes are domains (the
 * column-rules-as-domains migration): the database still refuses every value they refused, and
 * the migration changed no table's or index's storage (no rewrite, no rebuild).
 */
describe('column rules as domains (e2e)', () => {
  let t: TestApp;
  let db: Client;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.sql;
  });

  afterAll(async () => {
    await t.close();
  });

  it('every moved rule still refuses a bad value, on update and on insert, and nothing changes', async () => {
    // One charged call with a key limit: a job, its hold, the balance, a charge, the key's spend
    // counters and (after the answer) the usage record.
    const { account, keyId, key } = await createFundedKey(t.app);
    await db.query(`UPDATE api_keys SET limit_total_micros = 1000000000 WHERE id = $1`, [keyId]);
    const res = await request(t.app.getHttpServer())
      .post('/v1/assist')
      .set('Authorization', `Bearer ${key}`)
      .send({ message: 'hello there, thanks!' });
    expect(res.status).toBe(200);
    // The usage record is written after the answer.
    await waitForValue(
      async () =>
        (await db.query(`SELECT 1 FROM usage_records WHERE account_id = $1`, [account.id])).rows[0],
      10_000,
      'the usage record',
    );

    // Each table's rows of this account (the spend counters: of its key).
    const rowsOf = (table: string) =>
      table === 'spend_counters'
        ? { where: 'owner = $1', value: keyId }
        : { where: 'account_id = $1', value: account.id };
    for (const { table, column, bad } of MOVED) {
      const { where, value } = rowsOf(table);
      const read = async () =>
        (await db.query(`SELECT ${column}::text AS v FROM ${table} WHERE ${where}`, [value])).rows;
      const before = await read();
      expect(before.length).toBeGreaterThan(0);
      const refused = await db
        .query(`UPDATE ${table} SET ${column} = ${bad} WHERE ${where}`, [value])
        .then(
          () => null,
          (error: { code?: string }) => error.code,
        );
      expect({ table, column, refused }).toEqual({ table, column, refused: '23514' });
      expect(await read()).toEqual(before);
    }

    // On insert too: a counter with a negative spend.
    const inserted = await db
      .query(
        `INSERT INTO spend_counters (scope, owner, period, period_start, spent)
         VALUES ('key', $1, 'day', '2030-01-01', -5)`,
        [keyId],
      )
      .then(
        () => null,
        (error: { code?: string }) => error.code,
      );
    expect(inserted).toBe('23514');
  });

  it('the migration rewrites no table and rebuilds no index; down puts the table CHECKs back', async () => {
    const scratch = await createTestDatabase();
    const pg = await scratch.connect();
    try {
      const storage = async () =>
        (
          await pg.query(
            `SELECT c.relname, c.relfilenode FROM pg_class c
              WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'i')
                AND c.relname <> ALL($1::text[])
              ORDER BY c.relname`,
            [LATER_INDEXES],
          )
        ).rows;
      const tableChecks = async () =>
        (
          await pg.query(
            `SELECT conname FROM pg_constraint
              WHERE contype = 'c' AND conrelid = ANY($1::regclass[]) ORDER BY conname`,
            [TABLES],
          )
        ).rows.map((r) => r.conname as string);
      const domains = async () =>
        (
          await pg.query(
            `SELECT t.typname, count(c.oid)::int AS rules FROM pg_type t
               LEFT JOIN pg_constraint c ON c.contypid = t.oid
              WHERE t.typtype = 'd' AND t.typnamespace = 'public'::regnamespace
              GROUP BY t.typname`,
          )
        ).rows as { typname: string; rules: number }[];

      const migrated = await storage();
      expect(await tableChecks()).toEqual(
        expect.not.arrayContaining(MOVED.map((m) => m.constraint)),
      );
      const created = await domains();
      expect(created.length).toBeGreaterThan(0);
      expect(created.every((d) => d.rules === 1)).toBe(true);

      const migration = MIGRATIONS.find(
        (m) => new m().name === 'ColumnRulesAsDomains1763701000000',
      );
      expect(migration).toBeDefined();
      await runMigrationStep(pg, migration!, 'down');
      expect(await tableChecks()).toEqual(expect.arrayContaining(MOVED.map((m) => m.constraint)));
      // What is left are the domains of the later migrations, on other columns.
      expect((await domains()).map((d) => d.typname).sort()).toEqual(LATER_DOMAINS);

      await runMigrationStep(pg, migration!, 'up');
      expect(await storage()).toEqual(migrated);
    } finally {
      await pg.end();
      await scratch.drop();
    }
  });
});
