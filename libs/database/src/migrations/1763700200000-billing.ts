import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The money tables. Amounts are integer micro-USD (bigint). A balance row is per account and
 * mode; the ledger is append-only (a trigger refuses UPDATE and DELETE) and the balance always
 * equals the sum of the account's ledger amounts for that mode.
 */
export class Billing1763700200000 implements MigrationInterface {
  name = 'Billing1763700200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE balances (
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        balance bigint NOT NULL DEFAULT 0,
        held bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, mode),
        CONSTRAINT balances_never_negative CHECK (balance >= 0 AND held >= 0 AND held <= balance)
      )`);

    await q.query(`
      CREATE TABLE holds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL,
        mode text NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'captured', 'voided')),
        charged bigint CHECK (charged >= 0 AND charged <= amount),
        operation text,
        request_id text,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz,
        FOREIGN KEY (account_id, mode) REFERENCES balances(account_id, mode)
      )`);
    await q.query(
      `CREATE INDEX holds_pending_expiry_idx ON holds (expires_at) WHERE status = 'pending'`,
    );

    await q.query(`
      CREATE TABLE ledger_entries (
        id bigserial PRIMARY KEY,
        account_id uuid NOT NULL,
        mode text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('purchase', 'grant', 'charge', 'refund', 'adjustment')),
        amount bigint NOT NULL CHECK (amount <> 0),
        balance_after bigint NOT NULL CHECK (balance_after >= 0),
        hold_id uuid REFERENCES holds(id),
        operation text,
        request_id text,
        reference text,
        reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- No cascade: money history is kept; an account with ledger entries cannot be deleted.
        FOREIGN KEY (account_id, mode) REFERENCES balances(account_id, mode),
        CONSTRAINT ledger_sign CHECK (
          (kind IN ('purchase', 'grant', 'refund') AND amount > 0)
          OR (kind = 'charge' AND amount < 0)
          OR kind = 'adjustment')
      )`);
    await q.query(
      `CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, mode, id DESC)`,
    );
    await q.query(
      `CREATE UNIQUE INDEX ledger_entries_purchase_reference_key ON ledger_entries (reference) WHERE kind = 'purchase'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX ledger_entries_hold_key ON ledger_entries (hold_id) WHERE hold_id IS NOT NULL`,
    );
    await q.query(`
      CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger_entries is append-only';
      END $$`);
    await q.query(`
      CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON ledger_entries
      FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only()`);

    await q.query(`
      CREATE TABLE usage_records (
        id bigserial PRIMARY KEY,
        request_id text NOT NULL,
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        key_id uuid,
        mode text NOT NULL,
        subject text,
        operation text NOT NULL,
        market text,
        status integer NOT NULL,
        error_code text,
        charged bigint NOT NULL DEFAULT 0,
        duration_ms integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX usage_records_account_idx ON usage_records (account_id, mode, created_at DESC)`,
    );

    await q.query(`
      CREATE TABLE idempotency_keys (
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        mode text NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        state text NOT NULL CHECK (state IN ('running', 'done')),
        locked_until timestamptz NOT NULL,
        response_status integer,
        response_body jsonb,
        response_headers jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, mode, key)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (expires_at)`);

    await q.query(`
      CREATE TABLE checkout_sessions (
        id text PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        amount bigint NOT NULL CHECK (amount > 0),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid')),
        created_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz
      )`);

    await q.query(`
      CREATE TABLE stripe_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'stripe_events',
      'checkout_sessions',
      'idempotency_keys',
      'usage_records',
      'ledger_entries',
      'holds',
      'balances',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS ledger_entries_append_only()`);
  }
}
