import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PLACE_HOLD_EACH_WINDOW_SQL } from './1763700700000-spend-counters';

/**
 * `place_hold` counts a hold in all its spend windows with one statement.
 *
 * Before, each window (the key's total, day and month; the subject's day and month) was its own
 * `spend_count` call: five nested plpgsql calls, five executor starts, and each one parsing and
 * planning `spend_counters`' CHECK constraints again, all while the account's balance row was
 * locked (the balance is reserved first). Now one `INSERT … ON CONFLICT DO UPDATE` counts every
 * window that applies, in the same order (key total, day, month, then subject day, month), each
 * within its own limit; a window whose limit the amount alone exceeds is not inserted at all. If
 * fewer windows counted than apply, the first that did not (in that order) refuses the hold with
 * SQLSTATE RS402 and its limit and spent, exactly as before; the statement then fails as a whole,
 * so the windows that did count are rolled back with it. The key's limits are read before the
 * balance row is locked (same statement, so still fresh), which keeps that read out of the time
 * the row is held.
 *
 * One executor start instead of five, while the balance row is locked, makes every hold cheaper
 * (docs/performance.md). Locks: the balance row first, then the counters, as every money
 * statement does.
 */
export class OneCountPerHold1763700900000 implements MigrationInterface {
  name = 'OneCountPerHold1763700900000';

  async up(q: QueryRunner): Promise<void> {
    // The windows are listed once, in VALUES, with their limits. The ON CONFLICT's WHERE names the
    // limits again by (scope, period): it sees only the existing row and `excluded`, never the
    // SELECT's other columns. A window's owner is null when it does not apply (no key: the key's
    // owner; no subject: `v_owner`, a concatenation with a null).
    await q.query(`
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
        v_windows int := 0;
        v_counted text[];
        v_id uuid;
      BEGIN
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
          v_windows := 3;
        ELSE
          SELECT a.subject_limit_daily_micros, a.subject_limit_monthly_micros
            INTO v_subject_daily, v_subject_monthly FROM accounts a WHERE a.id = p_account;
        END IF;
        IF p_subject IS NOT NULL THEN
          v_windows := v_windows + 2;
        END IF;
        IF NOT p_check_limits THEN
          -- A re-hold of an accepted job (requeued or recovered): counted, not limited.
          v_total := NULL; v_daily := NULL; v_monthly := NULL;
          v_subject_daily := NULL; v_subject_monthly := NULL;
        END IF;

        UPDATE balances SET held = held + p_amount, updated_at = now()
         WHERE account_id = p_account AND mode = p_mode AND balance - held >= p_amount;
        IF NOT FOUND THEN
          PERFORM spend_refuse('insufficient_credit', NULL, NULL);
        END IF;

        IF v_windows > 0 THEN
          WITH counted AS (
            INSERT INTO spend_counters AS c (scope, owner, period, period_start, spent)
            SELECT w.scope, w.owner, w.period, w.start, p_amount
              FROM (VALUES (1, 'key', v_key_owner::text, 'total', DATE '1970-01-01', v_total),
                           (2, 'key', v_key_owner::text, 'day', v_day, v_daily),
                           (3, 'key', v_key_owner::text, 'month', v_month, v_monthly),
                           (4, 'subject', v_owner, 'day', v_day, v_subject_daily),
                           (5, 'subject', v_owner, 'month', v_month, v_subject_monthly))
                   AS w(n, scope, owner, period, start, lim)
             WHERE w.owner IS NOT NULL AND (w.lim IS NULL OR p_amount <= w.lim)
             ORDER BY w.n
            ON CONFLICT (scope, owner, period, period_start) DO UPDATE SET spent = c.spent + excluded.spent
             WHERE c.spent + excluded.spent <= coalesce(
                     CASE WHEN c.scope = 'key' THEN
                            CASE c.period WHEN 'total' THEN v_total WHEN 'day' THEN v_daily
                                          ELSE v_monthly END
                          ELSE CASE c.period WHEN 'day' THEN v_subject_daily
                                             ELSE v_subject_monthly END
                     END, c.spent + excluded.spent)
            RETURNING c.scope || '_' || c.period AS w)
          SELECT coalesce(array_agg(counted.w), '{}') INTO v_counted FROM counted;

          IF cardinality(v_counted) < v_windows THEN
            -- The first window (in counting order) that did not count refuses the hold.
            IF p_key IS NOT NULL AND NOT 'key_total' = ANY (v_counted) THEN
              PERFORM spend_refuse('key_total', v_total, (SELECT spent FROM spend_counters
                WHERE scope = 'key' AND owner = v_key_owner::text AND period = 'total'));
            END IF;
            IF p_key IS NOT NULL AND NOT 'key_day' = ANY (v_counted) THEN
              PERFORM spend_refuse('key_day', v_daily, (SELECT spent FROM spend_counters
                WHERE scope = 'key' AND owner = v_key_owner::text AND period = 'day' AND period_start = v_day));
            END IF;
            IF p_key IS NOT NULL AND NOT 'key_month' = ANY (v_counted) THEN
              PERFORM spend_refuse('key_month', v_monthly, (SELECT spent FROM spend_counters
                WHERE scope = 'key' AND owner = v_key_owner::text AND period = 'month' AND period_start = v_month));
            END IF;
            IF NOT 'subject_day' = ANY (v_counted) THEN
              PERFORM spend_refuse('subject_day', v_subject_daily, (SELECT spent FROM spend_counters
                WHERE scope = 'subject' AND owner = v_owner AND period = 'day' AND period_start = v_day));
            END IF;
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
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(PLACE_HOLD_EACH_WINDOW_SQL);
  }
}
