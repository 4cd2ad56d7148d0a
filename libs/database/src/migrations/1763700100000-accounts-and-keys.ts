import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AccountsAndKeys1763700100000 implements MigrationInterface {
  name = 'AccountsAndKeys1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`
      CREATE TABLE accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        password_hash text NOT NULL,
        is_admin boolean NOT NULL DEFAULT false,
        api_access boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT accounts_email_lower CHECK (email = lower(email))
      )`);
    await q.query(`CREATE UNIQUE INDEX accounts_email_key ON accounts (email)`);

    await q.query(`
      CREATE TABLE invites (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash text NOT NULL UNIQUE,
        email text,
        grants_api_access boolean NOT NULL DEFAULT false,
        grants_admin boolean NOT NULL DEFAULT false,
        created_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        used_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        key_hash text NOT NULL UNIQUE,
        display_start text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX api_keys_account_idx ON api_keys (account_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE sign_in_failures (
        email_hash text PRIMARY KEY,
        failures integer NOT NULL DEFAULT 0,
        first_failure_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz
      )`);

    // express-session store (connect-pg-simple's table, created here so only migrations touch the schema).
    await q.query(`
      CREATE TABLE sessions (
        sid varchar NOT NULL PRIMARY KEY,
        sess json NOT NULL,
        expire timestamp(6) NOT NULL
      )`);
    await q.query(`CREATE INDEX sessions_expire_idx ON sessions (expire)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'sessions',
      'sign_in_failures',
      'password_resets',
      'api_keys',
      'invites',
      'accounts',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
