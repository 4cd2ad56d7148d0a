import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Key and customer controls: per-key spend limits, scopes, expiry, rolling with a
 * grace period, per-subject limits (account default, per-key override), and the key audit trail.
 * `revoked_at` may now lie in the future: a rolled key keeps working until then.
 */
export class KeyControls1763700600000 implements MigrationInterface {
  name = 'KeyControls1763700600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE api_keys
        ADD COLUMN limit_total_micros bigint CHECK (limit_total_micros > 0),
        ADD COLUMN limit_daily_micros bigint CHECK (limit_daily_micros > 0),
        ADD COLUMN limit_monthly_micros bigint CHECK (limit_monthly_micros > 0),
        ADD COLUMN operations text[] CHECK (
          operations IS NULL OR operations <@ ARRAY['assist', 'scan', 'playbook', 'music']::text[]
        ),
        ADD COLUMN expires_at timestamptz,
        ADD COLUMN subject_limit_daily_micros bigint CHECK (subject_limit_daily_micros > 0),
        ADD COLUMN subject_limit_monthly_micros bigint CHECK (subject_limit_monthly_micros > 0),
        ADD COLUMN rolled_from uuid REFERENCES api_keys(id) ON DELETE SET NULL,
        -- Whose spend windows the key counts in (spend_counters.owner): its own id, or for a
        -- rolled key its predecessor's spend_owner, so a roll neither resets nor doubles a limit.
        ADD COLUMN spend_owner uuid`);
    await q.query(`UPDATE api_keys SET spend_owner = id`);
    await q.query(`ALTER TABLE api_keys ALTER COLUMN spend_owner SET NOT NULL`);
    await q.query(`
      ALTER TABLE accounts
        ADD COLUMN subject_limit_daily_micros bigint CHECK (subject_limit_daily_micros > 0),
        ADD COLUMN subject_limit_monthly_micros bigint CHECK (subject_limit_monthly_micros > 0)`);
    await q.query(`
      CREATE TABLE api_key_audit (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        key_id uuid REFERENCES api_keys(id) ON DELETE CASCADE,
        actor text NOT NULL,
        action text NOT NULL,
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX api_keys_rolled_from_idx ON api_keys (rolled_from) WHERE rolled_from IS NOT NULL`,
    );
    // Usage by key (the key view's spend, the usage filter and grouping by key).
    await q.query(
      `CREATE INDEX usage_records_key_idx ON usage_records (key_id, created_at DESC) WHERE key_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX api_key_audit_key_idx ON api_key_audit (key_id, created_at)`);
    await q.query(
      `CREATE INDEX api_key_audit_account_idx ON api_key_audit (account_id, created_at)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // Without expires_at and operations a key would get back access it no longer had (an expired
    // key would work again, a scoped one could call everything): revoke those keys first, as of
    // their expiry when it has passed, else now.
    await q.query(`
      UPDATE api_keys SET revoked_at = least(coalesce(expires_at, now()), now())
       WHERE (expires_at IS NOT NULL OR operations IS NOT NULL) AND revoked_at IS NULL`);
    await q.query(`DROP TABLE IF EXISTS api_key_audit`);
    await q.query(`DROP INDEX IF EXISTS usage_records_key_idx`);
    await q.query(`
      ALTER TABLE accounts
        DROP COLUMN IF EXISTS subject_limit_daily_micros,
        DROP COLUMN IF EXISTS subject_limit_monthly_micros`);
    await q.query(`
      ALTER TABLE api_keys
        DROP COLUMN IF EXISTS limit_total_micros,
        DROP COLUMN IF EXISTS limit_daily_micros,
        DROP COLUMN IF EXISTS limit_monthly_micros,
        DROP COLUMN IF EXISTS operations,
        DROP COLUMN IF EXISTS expires_at,
        DROP COLUMN IF EXISTS subject_limit_daily_micros,
        DROP COLUMN IF EXISTS subject_limit_monthly_micros,
        DROP COLUMN IF EXISTS rolled_from,
        DROP COLUMN IF EXISTS spend_owner`);
  }
}
