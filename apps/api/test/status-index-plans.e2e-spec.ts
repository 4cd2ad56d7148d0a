import { type Client } from 'pg';
import { MIGRATIONS, type PreparedStatement } from '@reelscout/database';
import {
  JOB_STATEMENTS,
  LOCK_EXPIRED_QUEUED_SQL,
  LOCK_STALE_SQL,
} from '../src/execution/job-statements';
import { MONEY_STATEMENTS } from '../src/repositories/money.repository';
import MONEY_SQL from '../../../libs/database/src/sql/money.sql';
import { CLAIM_DUE_SQL } from '../src/repositories/webhook-delivery.repository';
import { createTestDatabase, runMigrationStep, type TestDatabase } from './support/test-database';

/**
 * The reaper's sweep, as `reap_expired_holds` in money.sql runs it (the first test checks the
 * file still holds this text): a plpgsql query, planned with its parameter as here.
 */
const REAPER_SWEEP = `SELECT id, account_id, mode FROM holds WHERE status = 'pending' AND expires_at < now()
             ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED`;

const squeezed = (sql: string) => sql.replace(/\s+/g, ' ');

const MIGRATION = MIGRATIONS.find((m) => m.name === 'StatusIndexesOutOfLookups1763701300000')!;
/** A later migration that replaced that migration's webhook index: undone first, redone last. */
const LATER = MIGRATIONS.find((m) => m.name === 'WebhookDeliveriesPerEndpoint1763702800000')!;
/** The indexes that migration rebuilt. */
const REBUILT = [
  'jobs_running_idx',
  'jobs_queued_idx',
  'holds_pending_expiry_idx',
  'webhook_deliveries_due_idx',
];

/** Each status index, a lookup by id that must stay out of it, and the sweeper's own statement. */
const STATUS_INDEXES = [
  {
    index: 'jobs_running_idx',
    table: 'jobs',
    lookup: `SELECT id FROM jobs WHERE id = $1 AND attempt = $2 AND status = 'running' FOR UPDATE`,
    sweep: LOCK_STALE_SQL,
  },
  {
    index: 'jobs_queued_idx',
    table: 'jobs',
    lookup: `UPDATE jobs SET status = 'running', attempt = attempt + 1 WHERE id = $1 AND status = 'queued'`,
    sweep: LOCK_EXPIRED_QUEUED_SQL,
  },
  {
    index: 'holds_pending_expiry_idx',
    table: 'holds',
    lookup: `UPDATE holds SET status = 'voided', settled_at = now() WHERE id = $1 AND status = 'pending'`,
    sweep: REAPER_SWEEP,
  },
  {
    index: 'webhook_deliveries_pending_idx',
    table: 'webhook_deliveries',
    lookup: `UPDATE webhook_deliveries SET attempts = attempts + 1 WHERE id = $1 AND status = 'pending'`,
    sweep: CLAIM_DUE_SQL,
  },
];

/** The tables a money statement may only reach through an index. */
const KEYED_TABLES = ['jobs', 'holds', 'balances', 'idempotency_keys', 'accounts', 'api_keys'];

let statements = 0;

/**
 * The plan a prepared statement keeps once Postgres settles on a generic plan, as it does after
 * five executions on a connection (forced here: `plan_cache_mode`).
 */
async function genericPlan(db: Client, sql: string): Promise<string> {
  const name = `plan_check_${++statements}`;
  const params = Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  await db.query(`PREPARE ${name} AS ${sql}`);
  try {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN EXECUTE ${name}(${Array.from({ length: params }, () => 'NULL').join(', ')})`,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await db.query(`DEALLOCATE ${name}`);
  }
}

/**
 * The status-indexes-out-of-lookups migration: on a new database (empty tables, no statistics:
 * where plans made at a service's start come from), a lookup by id can no longer choose a status
 * index, which holds a dead entry for every row that ever had that status; the sweepers still use
 * their index; and the money path's statements reach their rows by key. See the migration for the
 * story.
 */
describe('status indexes and the plans of lookups (e2e)', () => {
  let database: TestDatabase;
  let db: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await database.connect();
    await db.query(`SET plan_cache_mode = force_generic_plan`);
  });

  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  it('a lookup by id takes the primary key; each sweeper can use its status index', async () => {
    expect(squeezed(MONEY_SQL)).toContain(squeezed(REAPER_SWEEP).replace('$1', 'p_limit'));
    for (const { index, table, lookup, sweep } of STATUS_INDEXES) {
      const byId = await genericPlan(db, lookup);
      expect({ index, plan: byId }).toEqual({
        index,
        plan: expect.stringContaining(`Index Scan using ${table}_pkey`),
      });
      expect(byId).not.toContain(index);

      await db.query(`SET enable_seqscan = off`);
      try {
        expect({ index, plan: await genericPlan(db, sweep) }).toEqual({
          index,
          plan: expect.stringContaining(index),
        });
      } finally {
        await db.query(`RESET enable_seqscan`);
      }
    }
  });

  it("the money path's statements reach the keyed tables through an index only", async () => {
    const all: PreparedStatement[] = [...MONEY_STATEMENTS, ...JOB_STATEMENTS];
    expect(all.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'jobs_open',
        'jobs_hold_for_attempt',
        'jobs_claim',
        'jobs_heartbeat',
        'jobs_settle',
        'jobs_requeue',
        'money_add_credit',
      ]),
    );
    for (const statement of all) {
      const plan = await genericPlan(db, statement.text);
      for (const table of KEYED_TABLES) {
        expect({
          statement: statement.name,
          scans: plan.match(new RegExp(`Seq Scan on ${table}\\b`)),
        }).toEqual({ statement: statement.name, scans: null });
      }
      for (const { index } of STATUS_INDEXES) {
        expect({ statement: statement.name, usesStatusIndex: plan.includes(index) }).toEqual({
          statement: statement.name,
          usesStatusIndex: false,
        });
      }
    }
  });

  it('before the migration the same lookups read the status indexes; down and up restore each', async () => {
    const definitions = async () =>
      (
        await db.query<{ indexname: string; indexdef: string }>(
          `SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY($1) ORDER BY 1`,
          [REBUILT],
        )
      ).rows;
    await runMigrationStep(db, LATER, 'down');
    const migrated = await definitions();
    expect(migrated).toHaveLength(REBUILT.length);
    for (const { indexdef } of migrated) expect(indexdef).toMatch(/ AND \(\w+ IS NOT NULL\)\)$/);

    await runMigrationStep(db, MIGRATION, 'down');
    try {
      const before = await definitions();
      for (const { indexdef } of before)
        expect(indexdef).toMatch(/WHERE \(\(?status\)?(::text)? = '\w+'::text\)$/);
      // The job's fence, as the settling statements run it, scanned the whole running index.
      expect(await genericPlan(db, STATUS_INDEXES[0].lookup)).toContain('jobs_running_idx');
    } finally {
      await runMigrationStep(db, MIGRATION, 'up');
    }
    expect(await definitions()).toEqual(migrated);
    await runMigrationStep(db, LATER, 'up');
  });
});
