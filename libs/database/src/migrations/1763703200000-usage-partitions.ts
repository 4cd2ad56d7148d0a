import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `usage_records` partitioned by month, with hourly rollups kept by a trigger.
 *
 * - The table becomes `PARTITION BY RANGE (created_at)`: one partition per UTC month
 *   (`usage_records_pYYYYMM`) and a default partition that catches a row no month partition
 *   holds yet (the maintenance moves it into its month when that partition is made). The primary
 *   key is `(id, created_at)`: a partitioned table's unique keys must hold the partition key. No
 *   foreign key, unique index or ON CONFLICT names `usage_records`, so nothing else changes.
 * - `usage_rollups_hourly`: calls, charged calls, charge and refused calls per account, mode, UTC
 *   hour, operation, subject, key and source. An AFTER row trigger on the parent (cloned onto every
 *   partition) applies each inserted, updated or deleted record to its row in the same transaction,
 *   whatever statement writes the record: the rollups never miss or double count one.
 * - `usage_records_ensure_partitions(from, to)` and `usage_records_drop_before(cutoff)`: the
 *   maintenance's two moves, safe to run on many instances at once.
 *
 * How the records move without a long lock (this migration runs outside a single transaction):
 * 1. a short transaction creates the partitioned table beside the old one and a trigger on the
 *    old one that copies every new record into it (waiting only for the writes in flight);
 * 2. the existing records are copied in batches of BATCH ids, each its own transaction, skipping
 *    the ones the trigger already copied; the rollup trigger counts each record as it lands, once;
 * 3. a short transaction locks the old table, swaps the names, hands the id sequence over and
 *    drops the old table.
 * Every step can run again after a failure: each checks what is already there.
 */
const BATCH = 50_000;

/** The functions of the partitions' maintenance (also run by `up` for the months it needs). */
const FUNCTIONS = `
CREATE OR REPLACE FUNCTION usage_rollup_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE usage_rollups_hourly r
       SET calls = r.calls - 1,
           charged_calls = r.charged_calls - (OLD.charged > 0)::int,
           charged = r.charged - OLD.charged,
           refused_calls = r.refused_calls - (OLD.status >= 400)::int
     WHERE r.account_id = OLD.account_id AND r.mode = OLD.mode
       AND r.hour = date_trunc('hour', OLD.created_at, 'UTC') AND r.operation = OLD.operation
       AND r.source = OLD.source AND r.subject IS NOT DISTINCT FROM OLD.subject
       AND r.key_id IS NOT DISTINCT FROM OLD.key_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO usage_rollups_hourly AS r
           (account_id, mode, hour, operation, subject, key_id, source,
            calls, charged_calls, charged, refused_calls)
    VALUES (NEW.account_id, NEW.mode, date_trunc('hour', NEW.created_at, 'UTC'), NEW.operation,
            NEW.subject, NEW.key_id, NEW.source,
            1, (NEW.charged > 0)::int, NEW.charged, (NEW.status >= 400)::int)
    ON CONFLICT (account_id, mode, hour, operation, subject, key_id, source) DO UPDATE
       SET calls = r.calls + 1,
           charged_calls = r.charged_calls + EXCLUDED.charged_calls,
           charged = r.charged + EXCLUDED.charged,
           refused_calls = r.refused_calls + EXCLUDED.refused_calls;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION usage_records_ensure_partitions(p_from timestamptz, p_to timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  m timestamp;
  lo timestamptz;
  hi timestamptz;
  part text;
  made integer := 0;
BEGIN
  -- One maintenance at a time; another instance running it now does the same work.
  PERFORM pg_advisory_xact_lock(hashtext('usage_records_partitions'));
  FOR m IN SELECT generate_series(date_trunc('month', p_from AT TIME ZONE 'UTC'),
                                  p_to AT TIME ZONE 'UTC', interval '1 month') LOOP
    part := 'usage_records_p' || to_char(m, 'YYYYMM');
    CONTINUE WHEN to_regclass(part) IS NOT NULL;
    lo := m AT TIME ZONE 'UTC';
    hi := (m + interval '1 month') AT TIME ZONE 'UTC';
    -- Records that landed in the default partition meanwhile move into their month: deleted
    -- there (their rollups taken back) and inserted again through the parent (counted again).
    CREATE TEMP TABLE usage_records_moving ON COMMIT DROP AS
      WITH moved AS (DELETE FROM usage_records_default
                      WHERE created_at >= lo AND created_at < hi RETURNING *)
      SELECT * FROM moved;
    EXECUTE format('CREATE TABLE %I (LIKE usage_records INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part);
    EXECUTE format('ALTER TABLE usage_records ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
                   part, lo, hi);
    INSERT INTO usage_records SELECT * FROM usage_records_moving;
    DROP TABLE usage_records_moving;
    made := made + 1;
  END LOOP;
  RETURN made;
END $$;

CREATE OR REPLACE FUNCTION usage_records_drop_before(p_cutoff timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  part record;
  hi timestamptz;
  last_hi timestamptz;
  dropped integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('usage_records_partitions'));
  FOR part IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
               WHERE i.inhparent = 'usage_records'::regclass AND c.relname ~ '^usage_records_p[0-9]{6}$'
               ORDER BY c.relname LOOP
    hi := (to_date(substr(part.relname, 16), 'YYYYMM') + interval '1 month') AT TIME ZONE 'UTC';
    CONTINUE WHEN hi > p_cutoff;
    EXECUTE format('DROP TABLE %I', part.relname);
    last_hi := hi;
    dropped := dropped + 1;
  END LOOP;
  IF last_hi IS NOT NULL THEN
    -- The default partition's records of those months go too, then their rollups.
    DELETE FROM usage_records_default WHERE created_at < last_hi;
    DELETE FROM usage_rollups_hourly WHERE hour < last_hi;
  END IF;
  RETURN dropped;
END $$;`;

const DROP_FUNCTIONS = `
DROP FUNCTION IF EXISTS usage_records_drop_before(timestamptz);
DROP FUNCTION IF EXISTS usage_records_ensure_partitions(timestamptz, timestamptz);
DROP FUNCTION IF EXISTS usage_rollup_apply();`;

export class UsagePartitions1763703200000 implements MigrationInterface {
  name = 'UsagePartitions1763703200000';
  /** Its own transactions: see the steps above. */
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    // A usage record's job, by the request that made it (the records export names it); built
    // without blocking the jobs' writes.
    await q.query(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS jobs_account_request_idx ON jobs (account_id, request_id)`,
    );
    if (await isPartitioned(q)) return;
    await inTransaction(q, async () => {
      await q.query(`SET LOCAL lock_timeout = '10s'`);
      await q.query(`
        CREATE TABLE IF NOT EXISTS usage_rollups_hourly (
          account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          mode text NOT NULL,
          hour timestamptz NOT NULL,
          operation text NOT NULL,
          subject text,
          key_id uuid,
          source text NOT NULL,
          calls bigint NOT NULL,
          charged_calls bigint NOT NULL,
          charged bigint NOT NULL,
          refused_calls bigint NOT NULL
        )`);
      await q.query(`
        CREATE UNIQUE INDEX IF NOT EXISTS usage_rollups_hourly_key ON usage_rollups_hourly
          (account_id, mode, hour, operation, subject, key_id, source) NULLS NOT DISTINCT`);
      await q.query(
        `CREATE INDEX IF NOT EXISTS usage_rollups_hourly_hour_idx ON usage_rollups_hourly (hour)`,
      );
      if (
        (await select<{ t: string | null }>(q, `SELECT to_regclass('usage_records_next') AS t`))[0]
          .t === null
      ) {
        await q.query(`
          CREATE TABLE usage_records_next
            (LIKE usage_records INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
            PARTITION BY RANGE (created_at)`);
        await q.query(`ALTER TABLE usage_records_next ADD PRIMARY KEY (id, created_at)`);
        await q.query(`
          ALTER TABLE usage_records_next ADD CONSTRAINT usage_records_account_fk
            FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE`);
        await q.query(`
          CREATE INDEX usage_records_account_created_idx
            ON usage_records_next (account_id, mode, created_at DESC, id DESC)`);
        await q.query(`
          CREATE INDEX usage_records_key_created_idx ON usage_records_next (key_id, created_at DESC)
           WHERE key_id IS NOT NULL`);
        await q.query(`CREATE TABLE usage_records_default PARTITION OF usage_records_next DEFAULT`);
        const [{ first }] = await select<{ first: Date }>(
          q,
          `SELECT coalesce(min(created_at), now()) AS first FROM usage_records`,
        );
        for (const month of await months(q, first)) {
          await q.query(
            `CREATE TABLE ${month.name} PARTITION OF usage_records_next FOR VALUES FROM ('${month.lo}') TO ('${month.hi}')`,
          );
        }
        await q.query(FUNCTIONS);
        await q.query(`
          CREATE TRIGGER usage_records_rollup AFTER INSERT OR UPDATE OR DELETE ON usage_records_next
          FOR EACH ROW EXECUTE FUNCTION usage_rollup_apply()`);
        await q.query(`
          CREATE FUNCTION usage_records_copy_new() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            INSERT INTO usage_records_next SELECT NEW.* ON CONFLICT DO NOTHING;
            RETURN NULL;
          END $$`);
        await q.query(`
          CREATE TRIGGER usage_records_copy_new AFTER INSERT ON usage_records
          FOR EACH ROW EXECUTE FUNCTION usage_records_copy_new()`);
      }
    });

    // Every record committed before the copy trigger existed is at most this id.
    const [{ last }] = await select<{ last: string }>(
      q,
      `SELECT coalesce(max(id), 0)::bigint AS last FROM usage_records`,
    );
    for (let from = 0; from < Number(last); from += BATCH) {
      await q.query(
        `INSERT INTO usage_records_next SELECT * FROM usage_records
          WHERE id > $1 AND id <= $2 ORDER BY id ON CONFLICT DO NOTHING`,
        [from, Math.min(from + BATCH, Number(last))],
      );
    }

    await inTransaction(q, async () => {
      await q.query(`SET LOCAL lock_timeout = '10s'`);
      await q.query(`LOCK TABLE usage_records IN EXCLUSIVE MODE`);
      await q.query(`ALTER TABLE usage_records RENAME TO usage_records_unpartitioned`);
      await q.query(`ALTER TABLE usage_records_next RENAME TO usage_records`);
      await q.query(`ALTER SEQUENCE usage_records_id_seq OWNED BY usage_records.id`);
      await q.query(`DROP TABLE usage_records_unpartitioned`);
      await q.query(`DROP FUNCTION usage_records_copy_new()`);
      await q.query(
        `ALTER TABLE usage_records RENAME CONSTRAINT usage_records_next_pkey TO usage_records_pkey`,
      );
    });
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS jobs_account_request_idx`);
    if (!(await isPartitioned(q))) return;
    await inTransaction(q, async () => {
      await q.query(`LOCK TABLE usage_records IN EXCLUSIVE MODE`);
      await q.query(`
        CREATE TABLE usage_records_plain
          (LIKE usage_records INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
      await q.query(`INSERT INTO usage_records_plain SELECT * FROM usage_records ORDER BY id`);
      await q.query(`ALTER SEQUENCE usage_records_id_seq OWNED BY usage_records_plain.id`);
      await q.query(`DROP TABLE usage_records`);
      await q.query(`ALTER TABLE usage_records_plain RENAME TO usage_records`);
      await q.query(`ALTER TABLE usage_records ADD PRIMARY KEY (id)`);
      await q.query(`
        ALTER TABLE usage_records ADD CONSTRAINT usage_records_account_id_fkey
          FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE`);
      await q.query(
        `CREATE INDEX usage_records_account_idx ON usage_records (account_id, mode, created_at DESC)`,
      );
      await q.query(`
        CREATE INDEX usage_records_key_idx ON usage_records (key_id, created_at DESC)
         WHERE key_id IS NOT NULL`);
      await q.query(DROP_FUNCTIONS);
      await q.query(`DROP TABLE usage_rollups_hourly`);
    });
  }
}

/** The rows of a SELECT, from TypeORM's runner (an array) or a bare pg client (`.rows`). */
async function select<T>(q: QueryRunner, sql: string, values?: unknown[]): Promise<T[]> {
  const result: T[] | { rows: T[] } = await q.query(sql, values);
  return Array.isArray(result) ? result : result.rows;
}

async function isPartitioned(q: QueryRunner): Promise<boolean> {
  const rows = await select<{ kind: string }>(
    q,
    `SELECT relkind AS kind FROM pg_class WHERE oid = to_regclass('usage_records')`,
  );
  return rows[0]?.kind === 'p';
}

/** The month partitions from `first`'s month to three months from now. */
async function months(
  q: QueryRunner,
  first: Date,
): Promise<{ name: string; lo: string; hi: string }[]> {
  return select<{ name: string; lo: string; hi: string }>(
    q,
    `SELECT 'usage_records_p' || to_char(m, 'YYYYMM') AS name,
            to_char(m, 'YYYY-MM-DD') || ' 00:00:00+00' AS lo,
            to_char(m + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00' AS hi
       FROM generate_series(date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC'),
                            now() AT TIME ZONE 'UTC' + interval '3 months', interval '1 month') m`,
    [first],
  );
}

async function inTransaction(q: QueryRunner, work: () => Promise<void>): Promise<void> {
  await q.query('BEGIN');
  try {
    await work();
    await q.query('COMMIT');
  } catch (error) {
    await q.query('ROLLBACK');
    throw error;
  }
}
