import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rest of the money tables' rules move to domains where one column carries them, and the
 * rules over several columns keep only what a domain cannot say.
 *
 * Why: Postgres parses (stringToNode), plans and compiles a table's CHECK constraints again for
 * every statement that writes a row; a domain's rule stays planned in the type cache (the
 * column-rules-as-domains migration has the background). After that migration a charged call
 * still prepared ten table CHECKs in its two statements: the balance's twice, the hold's two on
 * its insert and its capture, the ledger entry's two, the job's status twice.
 *
 * Now, with the same rules as before:
 * - `jobs.status`, `holds.status` and `ledger_entries.kind` are domains (`job_status`,
 *   `hold_status`, `ledger_kind`);
 * - `balances.balance` and `balances.held` are `balance_micros` (≥ 0), and the table keeps
 *   `held <= balance`;
 * - `holds.charged` is `hold_charge` (≥ 0, or null while pending), and the table keeps
 *   `charged <= amount`;
 * - `ledger_sign` says the same in fewer terms: `kind` is one of the five kinds and `amount` is
 *   never 0 (both domains), so "a charge is negative and a purchase, grant or refund positive"
 *   is `(kind = 'charge') = (amount < 0)`, adjustments either way.
 * Each domain's rule is named after the table CHECK it replaces, so a refused write names the
 * same constraint as before.
 *
 * Cost of the change: the partial indexes whose predicates name `status` or `kind`
 * (`jobs_running_idx`, `jobs_queued_idx`, `holds_pending_expiry_idx`,
 * `ledger_entries_purchase_reference_key`) are rebuilt, and the two shortened CHECKs are
 * validated: scans of `jobs`, `holds` and `ledger_entries` under their exclusive locks. That is
 * nothing before launch; at a larger size this would be done in steps. No table is rewritten:
 * each domain is created without its rule, so the type change is binary-coercible, and the rule
 * is added `NOT VALID` (the table CHECK it replaces had checked every row until this
 * transaction).
 */
interface Domain {
  name: string;
  type: 'text' | 'bigint';
  /** The rule, as a CHECK on VALUE, named after the table CHECK it replaces. */
  rule: string;
  constraint: string;
}

const DOMAINS: Domain[] = [
  {
    name: 'job_status',
    type: 'text',
    rule: `VALUE IN ('queued', 'running', 'succeeded', 'failed', 'canceled')`,
    constraint: 'jobs_status_check',
  },
  {
    name: 'hold_status',
    type: 'text',
    rule: `VALUE IN ('pending', 'captured', 'voided')`,
    constraint: 'holds_status_check',
  },
  {
    name: 'ledger_kind',
    type: 'text',
    rule: `VALUE IN ('purchase', 'grant', 'charge', 'refund', 'adjustment')`,
    constraint: 'ledger_entries_kind_check',
  },
  {
    name: 'balance_micros',
    type: 'bigint',
    rule: 'VALUE >= 0',
    constraint: 'balances_never_negative',
  },
  { name: 'hold_charge', type: 'bigint', rule: 'VALUE >= 0', constraint: 'holds_check' },
];

/** Per table: what `up` does, and what `down` puts back (the definitions `up` replaced). */
const TABLES: { table: string; up: string[]; down: string[] }[] = [
  {
    table: 'jobs',
    up: ['DROP CONSTRAINT jobs_status_check', 'ALTER COLUMN status TYPE job_status'],
    down: [
      'ALTER COLUMN status TYPE text',
      `ADD CONSTRAINT jobs_status_check CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'canceled'))`,
    ],
  },
  {
    table: 'holds',
    up: [
      'DROP CONSTRAINT holds_status_check',
      'ALTER COLUMN status TYPE hold_status',
      'DROP CONSTRAINT holds_check',
      'ALTER COLUMN charged TYPE hold_charge',
      'ADD CONSTRAINT holds_check CHECK (charged <= amount)',
    ],
    down: [
      'DROP CONSTRAINT holds_check',
      'ALTER COLUMN status TYPE text',
      'ALTER COLUMN charged TYPE bigint',
      `ADD CONSTRAINT holds_status_check CHECK (status IN ('pending', 'captured', 'voided'))`,
      'ADD CONSTRAINT holds_check CHECK (charged >= 0 AND charged <= amount)',
    ],
  },
  {
    table: 'ledger_entries',
    up: [
      'DROP CONSTRAINT ledger_entries_kind_check',
      'ALTER COLUMN kind TYPE ledger_kind',
      'DROP CONSTRAINT ledger_sign',
      `ADD CONSTRAINT ledger_sign CHECK (kind = 'adjustment' OR (kind = 'charge') = (amount < 0))`,
    ],
    down: [
      'DROP CONSTRAINT ledger_sign',
      'ALTER COLUMN kind TYPE text',
      `ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('purchase', 'grant', 'charge', 'refund', 'adjustment'))`,
      `ADD CONSTRAINT ledger_sign CHECK (
          (kind IN ('purchase', 'grant', 'refund') AND amount > 0)
          OR (kind = 'charge' AND amount < 0)
          OR kind = 'adjustment')`,
    ],
  },
  {
    table: 'balances',
    up: [
      'DROP CONSTRAINT balances_never_negative',
      'ALTER COLUMN balance TYPE balance_micros',
      'ALTER COLUMN held TYPE balance_micros',
      'ADD CONSTRAINT balances_never_negative CHECK (held <= balance)',
    ],
    down: [
      'DROP CONSTRAINT balances_never_negative',
      'ALTER COLUMN balance TYPE bigint',
      'ALTER COLUMN held TYPE bigint',
      'ADD CONSTRAINT balances_never_negative CHECK (balance >= 0 AND held >= 0 AND held <= balance)',
    ],
  },
];

export class MoneyRulesAsDomains1763701200000 implements MigrationInterface {
  name = 'MoneyRulesAsDomains1763701200000';

  async up(q: QueryRunner): Promise<void> {
    // Never queue behind a long transaction holding all traffic up: fail, and run it again.
    await q.query(`SET LOCAL lock_timeout = '10s'`);
    for (const { name, type } of DOMAINS) await q.query(`CREATE DOMAIN ${name} AS ${type}`);
    for (const { table, up } of TABLES) await q.query(`ALTER TABLE ${table} ${up.join(', ')}`);
    for (const { name, rule, constraint } of DOMAINS)
      await q.query(`ALTER DOMAIN ${name} ADD CONSTRAINT ${constraint} CHECK (${rule}) NOT VALID`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`SET LOCAL lock_timeout = '10s'`);
    for (const { table, down } of TABLES) await q.query(`ALTER TABLE ${table} ${down.join(', ')}`);
    for (const { name } of DOMAINS) await q.query(`DROP DOMAIN ${name}`);
  }
}
