import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * place_hold as this migration created it: each window counted by its own `spend_count` call.
 * Replaced by the one-count-per-hold migration (one statement counts every window); its `down`
 * restores this.
 */
export const PLACE_HOLD_EACH_WINDOW_SQL = `
      CREATE OR REPLACE FUNCTION place_hold(p_account uuid, p_mode text, p_amount bigint, p_key uuid,
                                 p_subject text, p_operation text, p_request_id text,
                                 p_ttl_seconds double precision, p_now timestamptz,
                                 p_check_limits boolean DEFAULT true)
      RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        v_day date := (p_now AT TIME ZONE 'UTC')::date;
        v_month date := date_trunc('month', p_now AT TIME ZONE 'UTC')::date;
        v_total bigint; v_daily bigint; v_monthly bigint;
        v_subject_daily bigint; v_subject_monthly bigint;
        v_owner text := p_account || ':' || p_mode || ':' || p_subject;
        v_key_owner uuid;
        v_id uuid;
      BEGIN
        UPDATE balances SET held = held + p_amount, updated_at = now()
         WHERE account_id = p_account AND mode = p_mode AND balance - held >= p_amount;
        IF NOT FOUND THEN
          PERFORM spend_refuse('insufficient_credit', NULL, NULL);
        END IF;
        IF p_key IS NOT NULL THEN
          SELECT k.spend_owner, k.limit_total_micros, k.limit_daily_micros, k.limit_monthly_micros,
                 coalesce(k.subject_limit_daily_micros, a.subject_limit_daily_micros),
                 coalesce(k.subject_limit_monthly_micros, a.subject_limit_monthly_micros)
            INTO v_key_owner, v_total, v_daily, v_monthly, v_subject_daily, v_subject_monthly
            FROM api_keys k JOIN accounts a ON a.id = k.account_id
           WHERE k.id = p_key AND k.account_id = p_account;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'place_hold: key % is not a key of account %', p_key, p_account;
          END IF;
          IF NOT p_check_limits THEN
            v_total := NULL; v_daily := NULL; v_monthly := NULL;
          END IF;
          IF NOT spend_count('key', v_key_owner::text, 'total', DATE '1970-01-01', p_amount, v_total) THEN
            PERFORM spend_refuse('key_total', v_total, (SELECT spent FROM spend_counters
              WHERE scope = 'key' AND owner = v_key_owner::text AND period = 'total'));
          END IF;
          IF NOT spend_count('key', v_key_owner::text, 'day', v_day, p_amount, v_daily) THEN
            PERFORM spend_refuse('key_day', v_daily, (SELECT spent FROM spend_counters
              WHERE scope = 'key' AND owner = v_key_owner::text AND period = 'day' AND period_start = v_day));
          END IF;
          IF NOT spend_count('key', v_key_owner::text, 'month', v_month, p_amount, v_monthly) THEN
            PERFORM spend_refuse('key_month', v_monthly, (SELECT spent FROM spend_counters
              WHERE scope = 'key' AND owner = v_key_owner::text AND period = 'month' AND period_start = v_month));
          END IF;
        ELSE
          SELECT a.subject_limit_daily_micros, a.subject_limit_monthly_micros
            INTO v_subject_daily, v_subject_monthly FROM accounts a WHERE a.id = p_account;
        END IF;
        IF NOT p_check_limits THEN
          -- A re-hold of an accepted job (requeued or recovered): counted, not limited.
          v_subject_daily := NULL; v_subject_monthly := NULL;
        END IF;
        IF p_subject IS NOT NULL THEN
          IF NOT spend_count('subject', v_owner, 'day', v_day, p_amount, v_subject_daily) THEN
            PERFORM spend_refuse('subject_day', v_subject_daily, (SELECT spent FROM spend_counters
              WHERE scope = 'subject' AND owner = v_owner AND period = 'day' AND period_start = v_day));
          END IF;
          IF NOT spend_count('subject', v_owner, 'month', v_month, p_amount, v_subject_monthly) THEN
            PERFORM spend_refuse('subject_month', v_subject_monthly, (SELECT spent FROM spend_counters
              WHERE scope = 'subject' AND owner = v_owner AND period = 'month' AND period_start = v_month));
          END IF;
        END IF;
        INSERT INTO holds (account_id, mode, amount, operation, request_id, expires_at,
                           key_id, key_owner, subject, day_start, month_start)
        VALUES (p_account, p_mode, p_amount, p_operation, p_request_id,
                now() + make_interval(secs => p_ttl_seconds), p_key, v_key_owner, p_subject,
                v_day, v_month)
        RETURNING id INTO v_id;
        RETURN v_id;
      END $$`;

/**
 * Spend limits (docs/key-controls.md): what each key and each end customer (subject)
 * has spent per window, counted by every hold, and the one function that places a hold.
 *
 * `spend_counters` holds one row per owner and window: a key's total, UTC day and UTC month; a
 * subject's (per account and mode) UTC day and month. Counting is always on (a limit set later
 * applies to what was already spent in its window). A hold counts its whole amount when it is
 * placed; a void gives it back, a capture gives back what it did not charge. The hold row keeps
 * what it counted (key, subject, the day and month it counted in), so the give-back hits exactly
 * those windows even when it settles after midnight.
 *
 * `place_hold` is called by every statement that places a hold, in that same statement: it
 * reserves the balance, counts the hold against each window within its limit (read fresh from
 * `api_keys` and `accounts`), and inserts the hold, or raises SQLSTATE RS402 naming what refused
 * (DETAIL `insufficient_credit`, `key_total`, `key_day`, `key_month`, `subject_day` or
 * `subject_month`), so the statement fails as a whole and nothing persists. Windows are the
 * caller's clock (`p_now`), never the database's, so tests can move time.
 *
 * A key's windows are counted under its `api_keys.spend_owner` (its own id, or a rolled key's
 * predecessor's), kept on the hold as `key_owner`. `place_hold(..., p_check_limits => false)` is
 * the re-hold of an accepted job (requeue, recovery): counted, not limited (the balance still is).
 * `charge_reaped_hold` charges a reaped hold late, once, within the balance and the limits.
 *
 * Locks: the balance row first, then the key's counters, then the subject's; statements that give
 * back lock the balance row before the counters too, so no two statements wait on each other in
 * opposite orders.
 */
export class SpendCounters1763700700000 implements MigrationInterface {
  name = 'SpendCounters1763700700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE spend_counters (
        scope text NOT NULL CHECK (scope IN ('key', 'subject')),
        -- A key's spend_owner (its own id, or the first id of a line of rolled keys), or for a
        -- subject: account id || ':' || mode || ':' || subject.
        owner text NOT NULL,
        period text NOT NULL CHECK (period IN ('total', 'day', 'month')),
        -- The window's first UTC day ('1970-01-01' for total).
        period_start date NOT NULL,
        spent bigint NOT NULL DEFAULT 0 CHECK (spent >= 0),
        -- Whether the last give-back to this row was clamped at zero (it gave back more than
        -- was counted: a bug to investigate; the API also logs it). Never expected to be true.
        give_back_clamped boolean NOT NULL DEFAULT false,
        PRIMARY KEY (scope, owner, period, period_start)
      ) WITH (fillfactor = 70)`);
    await q.query(`
      ALTER TABLE holds
        ADD COLUMN key_id uuid,
        -- The spend_owner of key_id when the hold was placed: the owner its key windows counted.
        ADD COLUMN key_owner uuid,
        ADD COLUMN subject text,
        ADD COLUMN day_start date,
        ADD COLUMN month_start date`);

    await q.query(`
      CREATE FUNCTION spend_refuse(p_what text, p_limit bigint, p_spent bigint) RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION USING ERRCODE = 'RS402', MESSAGE = 'spend refused: ' || p_what,
          DETAIL = p_what, HINT = coalesce(p_limit, 0) || ':' || coalesce(p_spent, 0);
      END $$`);

    // Adds p_amount to one counter if it stays within p_limit (null: no limit); false if not.
    await q.query(`
      CREATE FUNCTION spend_count(p_scope text, p_owner text, p_period text, p_start date,
                                  p_amount bigint, p_limit bigint) RETURNS boolean
      LANGUAGE plpgsql AS $$
      BEGIN
        IF p_limit IS NOT NULL AND p_amount > p_limit THEN
          RETURN false;
        END IF;
        INSERT INTO spend_counters AS c (scope, owner, period, period_start, spent)
        VALUES (p_scope, p_owner, p_period, p_start, p_amount)
        ON CONFLICT (scope, owner, period, period_start)
          DO UPDATE SET spent = c.spent + excluded.spent
          WHERE p_limit IS NULL OR c.spent + excluded.spent <= p_limit;
        RETURN FOUND;
      END $$`);

    await q.query(PLACE_HOLD_EACH_WINDOW_SQL);

    // The late charge of a hold the reaper voided (its call outlived its deadline, then
    // delivered). Once per hold: the first call marks it (charged set), so a second capture is a
    // no-op. Like the balance ("only if the credit is still there"), each window the hold
    // counted takes the charge only if it stays within its limit (read fresh): all or nothing.
    // The balance after, or null when nothing was charged (the call is free, nothing counted).
    await q.query(`
      CREATE FUNCTION charge_reaped_hold(p_hold uuid, p_account uuid, p_mode text, p_charge bigint)
      RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        h holds%ROWTYPE;
        v_balance bigint;
        v_total bigint; v_daily bigint; v_monthly bigint;
        v_subject_daily bigint; v_subject_monthly bigint;
        v_owner text;
      BEGIN
        UPDATE holds SET charged = 0
         WHERE id = p_hold AND account_id = p_account AND mode = p_mode
           AND status = 'voided' AND charged IS NULL
        RETURNING * INTO h;
        IF NOT FOUND OR p_charge <= 0 THEN
          RETURN NULL;
        END IF;
        SELECT k.limit_total_micros, k.limit_daily_micros, k.limit_monthly_micros,
               coalesce(k.subject_limit_daily_micros, a.subject_limit_daily_micros),
               coalesce(k.subject_limit_monthly_micros, a.subject_limit_monthly_micros)
          INTO v_total, v_daily, v_monthly, v_subject_daily, v_subject_monthly
          FROM accounts a LEFT JOIN api_keys k ON k.id = h.key_id AND k.account_id = a.id
         WHERE a.id = h.account_id;
        v_owner := h.account_id || ':' || h.mode || ':' || h.subject;
        BEGIN
          -- The balance row first, then the counters (the lock order of every money statement).
          UPDATE balances SET balance = balance - p_charge, updated_at = now()
           WHERE account_id = h.account_id AND mode = h.mode AND balance - held >= p_charge
          RETURNING balance INTO v_balance;
          IF NOT FOUND THEN
            RETURN NULL;
          END IF;
          IF h.key_owner IS NOT NULL AND h.day_start IS NOT NULL AND NOT (
               spend_count('key', h.key_owner::text, 'total', DATE '1970-01-01', p_charge, v_total)
               AND spend_count('key', h.key_owner::text, 'day', h.day_start, p_charge, v_daily)
               AND spend_count('key', h.key_owner::text, 'month', h.month_start, p_charge, v_monthly))
          THEN
            PERFORM spend_refuse('key', NULL, NULL);
          END IF;
          IF h.subject IS NOT NULL AND h.day_start IS NOT NULL AND NOT (
               spend_count('subject', v_owner, 'day', h.day_start, p_charge, v_subject_daily)
               AND spend_count('subject', v_owner, 'month', h.month_start, p_charge, v_subject_monthly))
          THEN
            PERFORM spend_refuse('subject', NULL, NULL);
          END IF;
        EXCEPTION WHEN SQLSTATE 'RS402' THEN
          -- A window refused: the balance and every window already counted are rolled back.
          RETURN NULL;
        END;
        UPDATE holds SET charged = p_charge WHERE id = p_hold;
        RETURN v_balance;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS charge_reaped_hold(uuid, uuid, text, bigint)`);
    await q.query(
      `DROP FUNCTION IF EXISTS place_hold(uuid, text, bigint, uuid, text, text, text, double precision, timestamptz, boolean)`,
    );
    await q.query(`DROP FUNCTION IF EXISTS spend_count(text, text, text, date, bigint, bigint)`);
    await q.query(`DROP FUNCTION IF EXISTS spend_refuse(text, bigint, bigint)`);
    await q.query(`
      ALTER TABLE holds
        DROP COLUMN IF EXISTS key_id,
        DROP COLUMN IF EXISTS key_owner,
        DROP COLUMN IF EXISTS subject,
        DROP COLUMN IF EXISTS day_start,
        DROP COLUMN IF EXISTS month_start`);
    await q.query(`DROP TABLE IF EXISTS spend_counters`);
  }
}
