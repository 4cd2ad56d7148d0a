-- Every movement of money, in one file (docs/architecture.md §5). The API only calls these
-- functions (the job aggregate's statements, apps/api/src/execution/job-statements.ts, and
-- apps/api/src/repositories/money.repository.ts): no TypeScript writes `balances`,
-- `holds`, `ledger_entries` or `spend_counters`. A migration applies this file (CREATE OR
-- REPLACE); money-sql.e2e-spec.ts fails when a migrated database holds other bodies than these,
-- so a change here needs a migration that applies the file again.
--
-- Lock order, everywhere: the job row (its statement's fence, in TypeScript), the hold, the
-- account's balance row, then its spend counters. Money is integer micro-USD; a balance never
-- goes below what its pending holds reserve (`balance - held >= amount` on every debit).
--
--   place_hold          reserve credit for a call and count it in its spend windows
--   capture_hold        charge a pending hold (the rest released and given back)
--   void_hold           release a pending hold and give it back: the one void path
--   reap_expired_holds  void the holds whose call died
--   charge_reaped_hold  the late charge of a call that delivered after the reaper voided its hold
--   add_credit          credit with its ledger entry; pays a shortfall first
--   reverse_credit      credit Stripe gave back to the payer; the rest owed as a shortfall
--   pay_shortfall       available credit pays what a reversal could not take
-- and their helpers: spend_windows (the one list of windows), spend_limits, spend_add,
-- spend_give_back, spend_refuse; and the ledger's append-only guard.

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

-- The spend windows a hold counts in, the one list of them, in counting order (`n`, also the
-- index of the window's limit in spend_limits' array): the key's total, UTC day and UTC month,
-- then the subject's day and month. `name` is what a refusal names. A window without an owner
-- (no key; no subject) is left out, as are the windows of a hold older than spend counting.
CREATE OR REPLACE FUNCTION spend_windows(h holds)
      RETURNS TABLE (n int, name text, scope text, owner text, period text, period_start date)
      LANGUAGE sql IMMUTABLE AS $$
        SELECT w.n, w.scope || '_' || w.period, w.scope, w.owner, w.period, w.period_start
          FROM (VALUES (1, 'key', h.key_owner::text, 'total', DATE '1970-01-01'),
                       (2, 'key', h.key_owner::text, 'day', h.day_start),
                       (3, 'key', h.key_owner::text, 'month', h.month_start),
                       (4, 'subject', h.account_id || ':' || h.mode || ':' || h.subject, 'day', h.day_start),
                       (5, 'subject', h.account_id || ':' || h.mode || ':' || h.subject, 'month', h.month_start))
               AS w(n, scope, owner, period, period_start)
         WHERE w.owner IS NOT NULL AND w.period_start IS NOT NULL AND h.day_start IS NOT NULL
      $$;

-- The key's spend owner (null without a key, or when the key is not the account's) and the
-- limits of spend_windows' windows, in its order (null: no limit). A key's own subject limits
-- override the account's.
CREATE OR REPLACE FUNCTION spend_limits(p_account uuid, p_key uuid)
      RETURNS TABLE (key_owner uuid, limits bigint[]) LANGUAGE sql STABLE AS $$
        SELECT k.spend_owner,
               ARRAY[k.limit_total_micros, k.limit_daily_micros, k.limit_monthly_micros,
                     coalesce(k.subject_limit_daily_micros, a.subject_limit_daily_micros),
                     coalesce(k.subject_limit_monthly_micros, a.subject_limit_monthly_micros)]
          FROM accounts a LEFT JOIN api_keys k ON k.id = p_key AND k.account_id = a.id
         WHERE a.id = p_account
      $$;

-- Counts p_amount in every window of the hold, each within its limit read fresh (under the
-- counter row's lock), or raises RS402 naming the first window, in counting order, that refused;
-- the caller's statement (or block) then fails as a whole, so nothing stays counted. One
-- statement for all the windows: the ON CONFLICT's WHERE sees only the row and `excluded`, so it
-- finds the row's limit through spend_windows again.
CREATE OR REPLACE FUNCTION spend_add(h holds, p_amount bigint, p_limits bigint[]) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        v_counted text[];
        v_window record;
      BEGIN
        WITH counted AS (
          INSERT INTO spend_counters AS c (scope, owner, period, period_start, spent)
          SELECT w.scope, w.owner, w.period, w.period_start, p_amount
            FROM spend_windows(h) w
           WHERE p_limits[w.n] IS NULL OR p_amount <= p_limits[w.n]
           ORDER BY w.n
          ON CONFLICT (scope, owner, period, period_start) DO UPDATE SET spent = c.spent + excluded.spent
           WHERE c.spent + excluded.spent <= coalesce(
                   (SELECT p_limits[l.n] FROM spend_windows(h) l
                     WHERE l.scope = c.scope AND l.period = c.period), c.spent + excluded.spent)
          RETURNING c.scope || '_' || c.period AS name)
        SELECT coalesce(array_agg(counted.name), '{}') INTO v_counted FROM counted;

        FOR v_window IN SELECT * FROM spend_windows(h) ORDER BY 1 LOOP
          IF NOT v_window.name = ANY (v_counted) THEN
            PERFORM spend_refuse(v_window.name, p_limits[v_window.n], (SELECT c.spent
              FROM spend_counters c
             WHERE c.scope = v_window.scope AND c.owner = v_window.owner
               AND c.period = v_window.period AND c.period_start = v_window.period_start));
          END IF;
        END LOOP;
      END $$;

-- Gives p_back (what a hold reserved and did not charge) back to the windows the hold counted
-- in. It never exceeds what a window counted; the clamp at zero keeps a settlement from failing
-- on `spent >= 0` should it ever, and it is flagged on the row and logged, not silent.
CREATE OR REPLACE FUNCTION spend_give_back(h holds, p_back bigint) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        v_given record;
      BEGIN
        IF p_back <= 0 THEN
          RETURN;
        END IF;
        FOR v_given IN UPDATE spend_counters s SET spent = greatest(s.spent - p_back, 0),
                                             give_back_clamped = s.spent < p_back
                   FROM spend_windows(h) w
                  WHERE s.scope = w.scope AND s.owner = w.owner AND s.period = w.period
                    AND s.period_start = w.period_start
                 RETURNING w.name, s.owner, s.period_start, s.give_back_clamped AS clamped
        LOOP
          IF v_given.clamped THEN
            RAISE WARNING 'give-back of hold % exceeded what window % (%, %) counted: clamped at zero',
              h.id, v_given.name, v_given.owner, v_given.period_start;
          END IF;
        END LOOP;
      END $$;

-- A hold: reserves p_amount of the available balance (balance - held >= amount, or RS402
-- insufficient_credit; RS402 payment_disputed or credit_shortfall while the balance row has an
-- open dispute or a shortfall), records the pending hold and counts it in its spend windows,
-- each within its limit (spend_add); its id. All or nothing. p_check_limits false: a re-hold of
-- an accepted job (requeued or recovered) is counted, not limited.
CREATE OR REPLACE FUNCTION place_hold(p_account uuid, p_mode text, p_amount bigint, p_key uuid,
                                            p_subject text, p_operation text, p_request_id text,
                                            p_ttl_seconds double precision, p_now timestamptz,
                                            p_check_limits boolean DEFAULT true)
      RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        v_key_owner uuid;
        v_limits bigint[];
        h holds%ROWTYPE;
        v_shortfall bigint; v_disputes int;
      BEGIN
        SELECT l.key_owner, l.limits INTO v_key_owner, v_limits FROM spend_limits(p_account, p_key) l;
        IF p_key IS NOT NULL AND v_key_owner IS NULL THEN
          RAISE EXCEPTION 'place_hold: key % is not a key of account %', p_key, p_account;
        END IF;
        IF NOT p_check_limits THEN
          v_limits := '{}';
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

        INSERT INTO holds (account_id, mode, amount, operation, request_id, expires_at,
                           key_id, key_owner, subject, day_start, month_start)
        VALUES (p_account, p_mode, p_amount, p_operation, p_request_id,
                now() + make_interval(secs => p_ttl_seconds), p_key, v_key_owner, p_subject,
                (p_now AT TIME ZONE 'UTC')::date,
                date_trunc('month', p_now AT TIME ZONE 'UTC')::date)
        RETURNING * INTO h;
        PERFORM spend_add(h, p_amount, v_limits);
        RETURN h.id;
      END $$;

-- Charges a pending hold p_charge (0 <= p_charge <= its amount, checked by the caller and the
-- holds table): the hold captured, the balance debited and the hold released from `held`, the
-- rest given back to its windows, the charge's ledger entry appended (when > 0). The balance
-- after; null when the hold was no longer pending (the reaper voided it: charge_reaped_hold).
CREATE OR REPLACE FUNCTION capture_hold(p_hold uuid, p_charge bigint) RETURNS bigint
      LANGUAGE plpgsql AS $$
      DECLARE
        h holds%ROWTYPE;
        v_balance bigint;
      BEGIN
        UPDATE holds SET status = 'captured', charged = p_charge, settled_at = now()
         WHERE id = p_hold AND status = 'pending'
        RETURNING * INTO h;
        IF NOT FOUND THEN
          RETURN NULL;
        END IF;
        UPDATE balances SET held = held - h.amount, balance = balance - p_charge, updated_at = now()
         WHERE account_id = h.account_id AND mode = h.mode
        RETURNING balance INTO v_balance;
        PERFORM spend_give_back(h, h.amount - p_charge);
        IF p_charge > 0 THEN
          INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, hold_id,
                                      operation, request_id)
          VALUES (h.account_id, h.mode, 'charge', -p_charge, v_balance, h.id, h.operation,
                  h.request_id);
        END IF;
        RETURN v_balance;
      END $$;

-- Voids a pending hold: released from the balance's `held` and given back to its windows, the
-- one way a hold ends without a charge (a failed, canceled or requeued call; the reaper).
-- Whether it voided (false: no such pending hold, e.g. null).
CREATE OR REPLACE FUNCTION void_hold(p_hold uuid) RETURNS boolean
      LANGUAGE plpgsql AS $$
      DECLARE
        h holds%ROWTYPE;
      BEGIN
        UPDATE holds SET status = 'voided', settled_at = now()
         WHERE id = p_hold AND status = 'pending'
        RETURNING * INTO h;
        IF NOT FOUND THEN
          RETURN false;
        END IF;
        UPDATE balances SET held = held - h.amount, updated_at = now()
         WHERE account_id = h.account_id AND mode = h.mode;
        PERFORM spend_give_back(h, h.amount);
        RETURN true;
      END $$;

-- The reaper: up to p_limit pending holds past their expiry (their call died) voided; how many.
-- Holds another statement is settling are skipped. The balance rows are taken in account order,
-- so two reapers never wait on each other's rows in a cycle.
CREATE OR REPLACE FUNCTION reap_expired_holds(p_limit int) RETURNS int
      LANGUAGE plpgsql AS $$
      DECLARE
        v_id uuid;
        v_count int := 0;
      BEGIN
        FOR v_id IN
          SELECT e.id FROM (
            SELECT id, account_id, mode FROM holds WHERE status = 'pending' AND expires_at < now()
             ORDER BY expires_at LIMIT p_limit FOR UPDATE SKIP LOCKED) e
           ORDER BY e.account_id, e.mode
        LOOP
          IF void_hold(v_id) THEN
            v_count := v_count + 1;
          END IF;
        END LOOP;
        RETURN v_count;
      END $$;

-- The late charge of a hold the reaper voided (its call outlived its deadline and margin, then
-- delivered). Once per hold: the first call marks it (charged set), so a second is a no-op. Like
-- the balance (only if the credit is still there), each window the hold counted takes the charge
-- only if it stays within its limit, read fresh: all or nothing. The balance after, with its
-- ledger entry; null when nothing was charged (the call is free, nothing counted).
CREATE OR REPLACE FUNCTION charge_reaped_hold(p_hold uuid, p_charge bigint) RETURNS bigint
      LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        h holds%ROWTYPE;
        v_balance bigint;
        v_limits bigint[];
      BEGIN
        UPDATE holds SET charged = 0
         WHERE id = p_hold AND status = 'voided' AND charged IS NULL
        RETURNING * INTO h;
        IF NOT FOUND OR p_charge <= 0 THEN
          RETURN NULL;
        END IF;
        SELECT l.limits INTO v_limits FROM spend_limits(h.account_id, h.key_id) l;
        BEGIN
          UPDATE balances SET balance = balance - p_charge, updated_at = now()
           WHERE account_id = h.account_id AND mode = h.mode AND balance - held >= p_charge
          RETURNING balance INTO v_balance;
          IF NOT FOUND THEN
            RETURN NULL;
          END IF;
          PERFORM spend_add(h, p_charge, v_limits);
        EXCEPTION WHEN SQLSTATE 'RS402' THEN
          -- A window refused: the balance and every window already counted are rolled back.
          RETURN NULL;
        END;
        UPDATE holds SET charged = p_charge WHERE id = p_hold;
        INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, hold_id,
                                    operation, request_id)
        VALUES (h.account_id, h.mode, 'charge', -p_charge, v_balance, h.id, h.operation,
                h.request_id);
        RETURN v_balance;
      END $$;

-- Credit (a purchase, grant, refund or positive adjustment) with its ledger entry, the balance
-- row created if missing; then new credit pays an outstanding shortfall first (pay_shortfall).
-- The balance after, or null when p_reference was already credited as a purchase: the ledger's
-- unique purchase reference decides, also between two concurrent credits of one purchase.
CREATE OR REPLACE FUNCTION add_credit(p_account uuid, p_mode text, p_kind text, p_amount bigint,
                                      p_reference text, p_reason text) RETURNS bigint
      LANGUAGE plpgsql AS $$
      DECLARE
        v_balance bigint;
      BEGIN
        INSERT INTO balances (account_id, mode) VALUES (p_account, p_mode) ON CONFLICT DO NOTHING;
        SELECT balance + p_amount INTO v_balance FROM balances
         WHERE account_id = p_account AND mode = p_mode FOR UPDATE;
        INSERT INTO ledger_entries (account_id, mode, kind, amount, balance_after, reference, reason)
        VALUES (p_account, p_mode, p_kind, p_amount, v_balance, p_reference, p_reason)
        ON CONFLICT (reference) WHERE kind = 'purchase' DO NOTHING;
        IF NOT FOUND THEN
          RETURN NULL;
        END IF;
        UPDATE balances SET balance = v_balance, updated_at = now()
         WHERE account_id = p_account AND mode = p_mode;
        RETURN pay_shortfall(p_account, p_mode);
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
-- `shortfall_payment` ledger entry: add_credit runs it after every credit, so new credit pays
-- the shortfall first. Returns the balance after (unchanged when there was nothing to pay).
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
