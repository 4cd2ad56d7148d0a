-- money.sql as the RefundsAndDisputes migration (1763702100000) applied it: what MoneyInFunctions1763702500000
-- restores on `down`. Kept verbatim, never edited; the money rules are in ../sql/money.sql.

-- The money rules that run inside Postgres, in one place. Every statement that moves money is in
-- apps/api/src/repositories/ledger-*.statements.ts; these are the functions those statements call,
-- and the ledger's append-only guard. The migration that last changed this file applied it
-- (CREATE OR REPLACE); money-sql.e2e-spec.ts fails when a migrated database holds other bodies
-- than these, so a change here needs a migration that applies the file again.
--
-- Lock order, everywhere: the account's balance row first, then its spend counters.

-- The ledger is append-only: no entry is ever changed or removed.
CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger_entries is append-only';
      END $$;

-- A refused hold: SQLSTATE RS402, with what refused it (DETAIL) and that window's limit and
-- spend (HINT, "limit:spent"). The statement fails as a whole, so nothing is written.
CREATE OR REPLACE FUNCTION spend_refuse(p_what text, p_limit bigint, p_spent bigint) RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION USING ERRCODE = 'RS402', MESSAGE = 'spend refused: ' || p_what,
          DETAIL = p_what, HINT = coalesce(p_limit, 0) || ':' || coalesce(p_spent, 0);
      END $$;

-- Adds p_amount to one spend counter if it stays within p_limit (null: no limit); false if not.
CREATE OR REPLACE FUNCTION spend_count(p_scope text, p_owner text, p_period text, p_start date,
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
      END $$;

-- A hold: reserves p_amount of the available balance (balance - held >= amount, or RS402
-- insufficient_credit; RS402 payment_disputed or credit_shortfall while the balance row has an
-- open dispute or a shortfall), counts it in the key's (total, UTC day, UTC month) and the subject's
-- (day, month) spend windows, each within its limit read fresh (or RS402 naming the first window,
-- in that order, that refused), and records the pending hold; its id. All or nothing.
-- p_check_limits false: a re-hold of an accepted job (requeued or recovered) is counted, not
-- limited. The windows are listed once, in VALUES, with their limits; the ON CONFLICT's WHERE
-- names the limits again by (scope, period), since it sees only the existing row and `excluded`.
-- A window's owner is null when it does not apply (no key; no subject).
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
        v_shortfall bigint; v_disputes int;
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

        -- A shortfall or an open dispute (only ever on a live row) refuses every hold, whatever
        -- the credit: the check rides on the row update every hold makes anyway.
        UPDATE balances SET held = held + p_amount, updated_at = now()
         WHERE account_id = p_account AND mode = p_mode AND balance - held >= p_amount
           AND shortfall = 0 AND open_disputes = 0;
        IF NOT FOUND THEN
          SELECT b.shortfall, b.open_disputes INTO v_shortfall, v_disputes
            FROM balances b WHERE b.account_id = p_account AND b.mode = p_mode;
          IF v_disputes > 0 THEN
            PERFORM spend_refuse('payment_disputed', NULL, NULL);
          END IF;
          IF v_shortfall > 0 THEN
            PERFORM spend_refuse('credit_shortfall', NULL, v_shortfall);
          END IF;
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
      END $$;

-- The late charge of a hold the reaper voided (its call outlived its deadline and margin, then
-- delivered). Once per hold: the first call marks it (charged set), so a second is a no-op. Like
-- the balance (only if the credit is still there), each window the hold counted takes the charge
-- only if it stays within its limit, read fresh: all or nothing. The balance after, or null when
-- nothing was charged (the call is free, nothing counted).
CREATE OR REPLACE FUNCTION charge_reaped_hold(p_hold uuid, p_account uuid, p_mode text, p_charge bigint)
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
      END $$;

-- The balance row's update of a success's settlement, as a statement of its own: when it waited
-- for another call's commit on that row, Postgres re-checks the row for this small plan only,
-- not for every CTE of the settling statement. Same row, same lock, same order.
CREATE OR REPLACE FUNCTION settle_balance(p_account uuid, p_mode text, p_release bigint, p_charge bigint)
      RETURNS bigint LANGUAGE plpgsql AS $$
      DECLARE
        v_balance bigint;
      BEGIN
        UPDATE balances SET held = held - p_release, balance = balance - p_charge, updated_at = now()
         WHERE account_id = p_account AND mode = p_mode
        RETURNING balance INTO v_balance;
        RETURN v_balance;
      END $$;

-- Takes back credit the payer got back from Stripe (a refund, a lost dispute): as much as the
-- available balance holds, with its ledger entry (p_kind, negative); the rest is added to the
-- row's shortfall, which refuses holds until credit pays it. Credit held by running calls is not
-- taken: those calls settle as usual. p_disputes (-1, 0 or 1) moves the count of open disputes,
-- which also refuses holds. The balance row is created if missing. Returns the amount taken.
CREATE OR REPLACE FUNCTION reverse_credit(p_account uuid, p_mode text, p_amount bigint,
                                          p_disputes int, p_kind text, p_reference text,
                                          p_reason text)
      RETURNS bigint LANGUAGE plpgsql AS $$
      DECLARE
        v_taken bigint;
        v_balance bigint;
      BEGIN
        INSERT INTO balances (account_id, mode) VALUES (p_account, p_mode) ON CONFLICT DO NOTHING;
        SELECT least(p_amount, balance - held) INTO v_taken FROM balances
         WHERE account_id = p_account AND mode = p_mode FOR UPDATE;
        UPDATE balances SET balance = balance - v_taken, shortfall = shortfall + p_amount - v_taken,
                            open_disputes = open_disputes + p_disputes, updated_at = now()
         WHERE account_id = p_account AND mode = p_mode
        RETURNING balance INTO v_balance;
        IF v_taken > 0 THEN
          INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, reference, reason)
          VALUES (p_account, p_mode, p_kind, -v_taken, v_balance, p_reference, p_reason);
        END IF;
        RETURN v_taken;
      END $$;

-- Pays the balance row's shortfall from its available balance, as far as it goes, with a
-- `shortfall_payment` ledger entry: run after every credit, so new credit pays the shortfall
-- first. Returns the balance after (unchanged when there was nothing to pay).
CREATE OR REPLACE FUNCTION pay_shortfall(p_account uuid, p_mode text) RETURNS bigint
      LANGUAGE plpgsql AS $$
      DECLARE
        v_paid bigint;
        v_balance bigint;
      BEGIN
        SELECT least(shortfall, balance - held), balance INTO v_paid, v_balance FROM balances
         WHERE account_id = p_account AND mode = p_mode FOR UPDATE;
        IF v_paid > 0 THEN
          UPDATE balances SET balance = balance - v_paid, shortfall = shortfall - v_paid,
                              updated_at = now()
           WHERE account_id = p_account AND mode = p_mode
          RETURNING balance INTO v_balance;
          INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, reason)
          VALUES (p_account, p_mode, 'shortfall_payment', -v_paid, v_balance,
                  'credit taken back by a refund or a lost dispute');
        END IF;
        RETURN v_balance;
      END $$;
