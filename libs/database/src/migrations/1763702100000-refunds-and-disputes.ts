import type { MigrationInterface, QueryRunner } from 'typeorm';
import MONEY_SQL from '../sql/money.sql';

/**
 * Refunds and disputes take credit back (docs/architecture.md §5).
 *
 * - Three ledger kinds, all negative: `payment_refund` (a refunded purchase), `chargeback` (a
 *   dispute lost) and `shortfall_payment` (later credit paying what a reversal could not take).
 * - `balances.shortfall`: credit a reversal could not take because it was spent or held; and
 *   `balances.open_disputes`. Either refuses holds (`place_hold`). Both are domains, not table
 *   CHECKs, so the hold's row update does not evaluate them (see MoneyRulesAsDomains).
 * - `checkout_sessions` records the purchase's PaymentIntent (how a refund or a dispute finds
 *   the account) and what refunds and a dispute have already taken back, so each event moves
 *   the ledger at most once.
 * - money.sql applied again: `place_hold` refuses, `reverse_credit` and `pay_shortfall` are new.
 *
 * The rules are added `NOT VALID`: every existing row met the narrower rules they replace.
 */
export class RefundsAndDisputes1763702100000 implements MigrationInterface {
  name = 'RefundsAndDisputes1763702100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`SET LOCAL lock_timeout = '10s'`);
    await q.query(`ALTER DOMAIN ledger_kind DROP CONSTRAINT ledger_entries_kind_check`);
    await q.query(`ALTER DOMAIN ledger_kind ADD CONSTRAINT ledger_entries_kind_check CHECK (VALUE IN
      ('purchase', 'grant', 'charge', 'refund', 'adjustment', 'payment_refund', 'chargeback',
       'shortfall_payment')) NOT VALID`);
    await q.query(`ALTER TABLE ledger_entries DROP CONSTRAINT ledger_sign,
      ADD CONSTRAINT ledger_sign CHECK (kind = 'adjustment'
        OR (kind IN ('charge', 'payment_refund', 'chargeback', 'shortfall_payment')) = (amount < 0))
        NOT VALID`);
    // `IF NOT EXISTS`: `down` keeps these (see there), so `up` can run again after it.
    await q.query(`DO $$ BEGIN
      CREATE DOMAIN dispute_count AS integer
        CONSTRAINT balances_open_disputes_check CHECK (VALUE >= 0);
      EXCEPTION WHEN duplicate_object THEN NULL; END $$`);
    await q.query(`ALTER TABLE balances
      ADD COLUMN IF NOT EXISTS shortfall balance_micros NOT NULL DEFAULT 0,
      ADD COLUMN IF NOT EXISTS open_disputes dispute_count NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE checkout_sessions
      ADD COLUMN payment_intent text,
      ADD COLUMN refunded bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0),
      ADD COLUMN dispute_id text,
      ADD COLUMN dispute_status text CHECK (dispute_status IN ('open', 'won', 'lost')),
      ADD COLUMN charged_back bigint NOT NULL DEFAULT 0 CHECK (charged_back >= 0)`);
    await q.query(`CREATE UNIQUE INDEX checkout_sessions_payment_intent_key
      ON checkout_sessions (payment_intent) WHERE payment_intent IS NOT NULL`);
    await q.query(MONEY_SQL);
  }

  async down(q: QueryRunner): Promise<void> {
    // The balance columns stay: `place_hold`, as money.sql has it, reads them (always 0 here).
    // `shortfall` leaves the balance domain, which an older migration's down drops.
    await q.query(`ALTER TABLE balances ALTER COLUMN shortfall TYPE bigint`);
    await q.query(
      `DROP FUNCTION IF EXISTS reverse_credit(uuid, text, bigint, int, text, text, text)`,
    );
    await q.query(`DROP FUNCTION IF EXISTS pay_shortfall(uuid, text)`);
    await q.query(`DROP INDEX checkout_sessions_payment_intent_key`);
    await q.query(`ALTER TABLE checkout_sessions DROP COLUMN payment_intent, DROP COLUMN refunded,
      DROP COLUMN dispute_id, DROP COLUMN dispute_status, DROP COLUMN charged_back`);
    // Fails while the ledger holds an entry of a new kind: the ledger is never rewritten.
    await q.query(`ALTER TABLE ledger_entries DROP CONSTRAINT ledger_sign,
      ADD CONSTRAINT ledger_sign CHECK (kind = 'adjustment' OR (kind = 'charge') = (amount < 0))`);
    await q.query(`ALTER DOMAIN ledger_kind DROP CONSTRAINT ledger_entries_kind_check`);
    await q.query(`ALTER DOMAIN ledger_kind ADD CONSTRAINT ledger_entries_kind_check
      CHECK (VALUE IN ('purchase', 'grant', 'charge', 'refund', 'adjustment'))`);
  }
}
