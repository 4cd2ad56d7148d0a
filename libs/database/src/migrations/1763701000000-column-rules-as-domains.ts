import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The single-column rules of the tables every paid call writes (a job, its hold, the balance,
 * the ledger entry, the spend counters, the usage record) move from table CHECK constraints to
 * domains: the same rule, checked on the same writes, at a fraction of the cost.
 *
 * Why: Postgres parses (stringToNode), plans and compiles a table's CHECK constraints again for
 * every statement that writes a row, prepared statements and plpgsql's included, and it checks
 * them all on an UPDATE whatever columns it sets; a charged call writes dozens of such
 * expressions in its two statements. A domain's rule is kept planned in the type cache, and an
 * UPDATE checks it only for the columns it sets (docs/performance.md).
 *
 * How, without rewriting or scanning a table: each domain is created without its rule, so that
 * changing a column's type to it is binary-coercible (no rewrite, indexes kept); the table's
 * CHECK is dropped in the same ALTER; then the rule is added to the domain NOT VALID, which skips
 * the scan of existing rows: they were all checked by the table CHECK that held until this
 * transaction, which keeps the tables locked until it commits. From then on every value written
 * to those columns is checked, as before.
 *
 * Left as table CHECKs: the rules that span columns (`balances_never_negative`, `holds_check`,
 * `ledger_sign`), and those of the columns that partial indexes' predicates name (`jobs.status`,
 * `holds.status`, `ledger_entries.kind`): changing such a column's type rebuilds the index, a
 * scan of the whole table under its exclusive lock. (The money-rules-as-domains migration later
 * moved those too, and shortened the others.)
 */
interface ColumnRule {
  table: string;
  column: string;
  /** The table CHECK this replaces (its exact definition is restored by `down`). */
  constraint: string;
  domain: string;
}

/** Each domain: its base type and rule (as a CHECK on VALUE). */
const DOMAINS: Record<string, { type: string; rule: string }> = {
  account_mode: { type: 'text', rule: `VALUE IN ('live', 'test')` },
  job_execution: { type: 'text', rule: `VALUE IN ('sync', 'async')` },
  call_source: { type: 'text', rule: `VALUE IN ('api', 'dashboard')` },
  spend_scope: { type: 'text', rule: `VALUE IN ('key', 'subject')` },
  spend_period: { type: 'text', rule: `VALUE IN ('total', 'day', 'month')` },
  micros_not_negative: { type: 'bigint', rule: 'VALUE >= 0' },
  micros_positive: { type: 'bigint', rule: 'VALUE > 0' },
  micros_not_zero: { type: 'bigint', rule: 'VALUE <> 0' },
  unit_fraction: { type: 'real', rule: 'VALUE >= 0 AND VALUE <= 1' },
};

const RULES: ColumnRule[] = [
  { table: 'jobs', column: 'mode', constraint: 'jobs_mode_check', domain: 'account_mode' },
  {
    table: 'jobs',
    column: 'execution',
    constraint: 'jobs_execution_check',
    domain: 'job_execution',
  },
  {
    table: 'jobs',
    column: 'hold_amount',
    constraint: 'jobs_hold_amount_check',
    domain: 'micros_not_negative',
  },
  {
    table: 'jobs',
    column: 'charged',
    constraint: 'jobs_charged_check',
    domain: 'micros_not_negative',
  },
  { table: 'jobs', column: 'progress', constraint: 'jobs_progress_check', domain: 'unit_fraction' },
  { table: 'jobs', column: 'source', constraint: 'jobs_source_check', domain: 'call_source' },
  { table: 'holds', column: 'amount', constraint: 'holds_amount_check', domain: 'micros_positive' },
  { table: 'balances', column: 'mode', constraint: 'balances_mode_check', domain: 'account_mode' },
  {
    table: 'ledger_entries',
    column: 'amount',
    constraint: 'ledger_entries_amount_check',
    domain: 'micros_not_zero',
  },
  {
    table: 'ledger_entries',
    column: 'balance_after',
    constraint: 'ledger_entries_balance_after_check',
    domain: 'micros_not_negative',
  },
  {
    table: 'spend_counters',
    column: 'scope',
    constraint: 'spend_counters_scope_check',
    domain: 'spend_scope',
  },
  {
    table: 'spend_counters',
    column: 'period',
    constraint: 'spend_counters_period_check',
    domain: 'spend_period',
  },
  {
    table: 'spend_counters',
    column: 'spent',
    constraint: 'spend_counters_spent_check',
    domain: 'micros_not_negative',
  },
  {
    table: 'usage_records',
    column: 'source',
    constraint: 'usage_records_source_check',
    domain: 'call_source',
  },
];

const TABLES = [...new Set(RULES.map((r) => r.table))];

export class ColumnRulesAsDomains1763701000000 implements MigrationInterface {
  name = 'ColumnRulesAsDomains1763701000000';

  async up(q: QueryRunner): Promise<void> {
    // The ALTERs below take each table's exclusive lock only for a catalog change; never queue
    // behind a long transaction holding all traffic up: fail, and the migration can run again.
    await q.query(`SET LOCAL lock_timeout = '10s'`);
    for (const [name, { type }] of Object.entries(DOMAINS))
      await q.query(`CREATE DOMAIN ${name} AS ${type}`);
    for (const table of TABLES) {
      const actions = RULES.filter((r) => r.table === table).flatMap((r) => [
        `DROP CONSTRAINT ${r.constraint}`,
        `ALTER COLUMN ${r.column} TYPE ${r.domain}`,
      ]);
      await q.query(`ALTER TABLE ${table} ${actions.join(', ')}`);
    }
    for (const [name, { rule }] of Object.entries(DOMAINS))
      await q.query(`ALTER DOMAIN ${name} ADD CONSTRAINT ${name}_check CHECK (${rule}) NOT VALID`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      const actions = RULES.filter((r) => r.table === table).flatMap((r) => [
        `ALTER COLUMN ${r.column} TYPE ${DOMAINS[r.domain].type}`,
        `ADD CONSTRAINT ${r.constraint} CHECK (${DOMAINS[r.domain].rule.replace(/VALUE/g, r.column)})`,
      ]);
      await q.query(`ALTER TABLE ${table} ${actions.join(', ')}`);
    }
    for (const name of Object.keys(DOMAINS)) await q.query(`DROP DOMAIN ${name}`);
  }
}
