import type { Client } from 'pg';
import request from 'supertest';
import { MIGRATIONS } from '@reelscout/database';
import { createFundedKey } from './support/fixtures';
import { createTestDatabase, runMigrationStep } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

const MIGRATION = 'MoneyRulesAsDomains1763701200000';
const TABLES = ['jobs', 'holds', 'ledger_entries', 'balances'];
/** The partial indexes whose predicates name `status` or `kind`: the only ones rebuilt. */
const REBUILT = [
  'holds_pending_expiry_idx',
  'jobs_queued_idx',
  'jobs_running_idx',
  'ledger_entries_purchase_reference_key',
];

function pgError(error: { code?: string; constraint?: string }) {
  return { code: error.code, constraint: error.constraint };
}

/** The error a statement fails with (code and constraint), or null when it succeeds. */
async function refusal(db: Client, sql: string, values: unknown[] = []) {
  await db.query('SAVEPOINT attempt');
  try {
    await db.query(sql, values);
    await db.query('RELEASE SAVEPOINT attempt');
    return null;
  } catch (error) {
    await db.query('ROLLBACK TO SAVEPOINT attempt');
    return pgError(error as { code?: string; constraint?: string });
  }
}

/**
 * The money-rules-as-domains migration: the money tables' remaining rules, as domains
 * where one column carries them and shorter table CHECKs where they span columns. The database
 * refuses exactly what it refused before, naming the same constraints, and `down` restores the
 * schema as it was.
 */
describe('money rules as domains (e2e)', () => {
  let t: TestApp;
  let db: Client;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.sql;
  });

  afterAll(async () => {
    await t.close();
  });

  it('each rule refuses what it refused before, under the same constraint name, and changes nothing', async () => {
    const { account, key } = await createFundedKey(t.app);
    const res = await request(t.app.getHttpServer())
      .post('/v1/assist')
      .set('Authorization', `Bearer ${key}`)
      .send({ message: 'hello there, thanks!' });
    expect(res.status).toBe(200);
    const snapshot = async () =>
      (
        await db.query(
          `SELECT (SELECT json_agg(j.status) FROM jobs j WHERE j.account_id = $1) AS jobs,
                  (SELECT json_agg(json_build_array(h.status, h.charged, h.amount)) FROM holds h
                    WHERE h.account_id = $1) AS holds,
                  (SELECT json_agg(json_build_array(l.kind, l.amount)) FROM ledger_entries l
                    WHERE l.account_id = $1) AS ledger,
                  (SELECT json_agg(json_build_array(b.balance, b.held)) FROM balances b
                    WHERE b.account_id = $1) AS balances`,
          [account.id],
        )
      ).rows[0];
    const before = await snapshot();
    expect(before.holds).toEqual([['captured', expect.any(Number), expect.any(Number)]]);

    const attempts: [string, string][] = [
      [`UPDATE jobs SET status = 'done' WHERE account_id = $1`, 'jobs_status_check'],
      [`UPDATE holds SET status = 'gone' WHERE account_id = $1`, 'holds_status_check'],
      [`UPDATE holds SET charged = -1 WHERE account_id = $1`, 'holds_check'],
      [`UPDATE holds SET charged = amount + 1 WHERE account_id = $1`, 'holds_check'],
      [
        `UPDATE ledger_entries SET kind = 'gift' WHERE account_id = $1`,
        'ledger_entries_kind_check',
      ],
      [
        `UPDATE balances SET balance = -1, held = 0 WHERE account_id = $1`,
        'balances_never_negative',
      ],
      [`UPDATE balances SET held = -1 WHERE account_id = $1`, 'balances_never_negative'],
      [`UPDATE balances SET held = balance + 1 WHERE account_id = $1`, 'balances_never_negative'],
    ];
    await db.query('BEGIN');
    try {
      for (const [sql, constraint] of attempts) {
        expect({ sql, refused: await refusal(db, sql, [account.id]) }).toEqual({
          sql,
          refused: { code: '23514', constraint },
        });
      }
    } finally {
      await db.query('ROLLBACK');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('ledger_sign accepts and refuses exactly what its longer form did', async () => {
    const { account } = await createFundedKey(t.app);
    const kinds = ['purchase', 'grant', 'charge', 'refund', 'adjustment'];
    const rows: { kind: string; amount: number; accepted: boolean; before: boolean }[] = [];
    await db.query('BEGIN');
    try {
      for (const kind of kinds) {
        for (const amount of [-5, 5]) {
          const refused = await refusal(
            db,
            `INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, reference)
             VALUES ($1, 'test', $2, $3, 0, $4)`,
            [account.id, kind, amount, `sign-${kind}-${amount}`],
          );
          if (refused) expect(refused).toEqual({ code: '23514', constraint: 'ledger_sign' });
          const before = await db.query<{ ok: boolean }>(
            `SELECT (($1::text IN ('purchase', 'grant', 'refund') AND $2::bigint > 0)
                     OR ($1::text = 'charge' AND $2::bigint < 0)
                     OR $1::text = 'adjustment') AS ok`,
            [kind, amount],
          );
          rows.push({ kind, amount, accepted: refused === null, before: before.rows[0].ok });
        }
      }
    } finally {
      await db.query('ROLLBACK');
    }
    expect(rows.filter((r) => r.accepted !== r.before)).toEqual([]);
    // Both sides of the rule were exercised.
    expect(rows.filter((r) => r.accepted)).toHaveLength(6);
  });

  it('up rewrites no table and rebuilds only the partial indexes on status and kind; down restores the schema', async () => {
    const steps = await createTestDatabase({ empty: true });
    const pg = await steps.connect();
    try {
      const run = (step: 'up' | 'down', migration: (typeof MIGRATIONS)[number]) =>
        runMigrationStep(pg, migration, step);
      const index = MIGRATIONS.findIndex((m) => new m().name === MIGRATION);
      expect(index).toBeGreaterThan(0);
      for (const migration of MIGRATIONS.slice(0, index)) await run('up', migration);

      const schema = async () => ({
        columns: (
          await pg.query(
            `SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull
               FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
              WHERE c.relname = ANY($1) AND a.attnum > 0 AND NOT a.attisdropped
              ORDER BY 1, 2`,
            [TABLES],
          )
        ).rows,
        checks: (
          await pg.query(
            `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def
               FROM pg_constraint WHERE contype = 'c' AND conrelid = ANY($1::regclass[])
              ORDER BY 1, 2`,
            [TABLES],
          )
        ).rows,
        indexes: (
          await pg.query(
            `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = ANY($1) ORDER BY 1`,
            [TABLES],
          )
        ).rows,
        domains: (
          await pg.query(
            `SELECT t.typname, c.conname, pg_get_constraintdef(c.oid) AS def FROM pg_type t
               LEFT JOIN pg_constraint c ON c.contypid = t.oid
              WHERE t.typtype = 'd' AND t.typnamespace = 'public'::regnamespace ORDER BY 1, 2`,
          )
        ).rows,
      });
      const storage = async () =>
        Object.fromEntries(
          (
            await pg.query<{ relname: string; relfilenode: number }>(
              `SELECT c.relname, c.relfilenode FROM pg_class c
                WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'i')`,
            )
          ).rows.map((r) => [r.relname, r.relfilenode]),
        );
      const changed = (a: Record<string, number>, b: Record<string, number>) =>
        Object.keys(a)
          .filter((k) => a[k] !== b[k])
          .sort();

      const beforeSchema = await schema();
      const beforeStorage = await storage();
      await run('up', MIGRATIONS[index]);
      const afterSchema = await schema();
      const afterStorage = await storage();
      expect(changed(beforeStorage, afterStorage)).toEqual(REBUILT);
      expect(afterSchema.checks.map((c) => c.conname)).toEqual([
        'balances_never_negative',
        'holds_check',
        'ledger_sign',
      ]);
      expect(afterSchema.domains).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ typname: 'job_status', conname: 'jobs_status_check' }),
          expect.objectContaining({
            typname: 'balance_micros',
            conname: 'balances_never_negative',
          }),
        ]),
      );

      await run('down', MIGRATIONS[index]);
      expect(await schema()).toEqual(beforeSchema);
      const restored = await storage();
      expect(changed(beforeStorage, restored)).toEqual(REBUILT);
    } finally {
      await steps.drop();
    }
  });
});
