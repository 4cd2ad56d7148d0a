/** Pieces of SQL the ledger's statements share (ledger-holds.statements.ts, ledger-settle.statements.ts). */
/** The hold columns a settling statement returns, for the give-back of its spend windows. */
export const HOLD_SPEND =
  'h.account_id, h.mode, h.amount, h.key_owner, h.subject, h.day_start, h.month_start';

/** Whether an ending job (`j`) has a webhook event to send: its account has an enabled endpoint. */
export const EVENTS_PENDING = `EXISTS (
                    SELECT 1 FROM webhook_endpoints e
                     WHERE e.account_id = j.account_id AND e.mode = j.mode
                       AND e.status = 'enabled' AND e.deleted_at IS NULL)`;

/** The job columns a settlement's usage record is written from. */
export const FENCE_COLUMNS =
  'id, hold_id, account_id, mode, idempotency_key, request_id, key_id, subject, operation, source';

export const USAGE_COLUMNS = `request_id, account_id, key_id, mode, subject, operation, market, status,
             error_code, charged, duration_ms, source`;

/**
 * The window each counter row of a hold stands for, from a row source `s` exposing a hold's
 * `key_owner`, `subject`, `account_id`, `mode`, `day_start` and `month_start`.
 */
const WINDOWS_OF_S = `CROSS JOIN LATERAL (VALUES
    ('key', s.key_owner::text, 'total', DATE '1970-01-01'),
    ('key', s.key_owner::text, 'day', s.day_start),
    ('key', s.key_owner::text, 'month', s.month_start),
    ('subject', s.account_id::text || ':' || s.mode || ':' || s.subject, 'day', s.day_start),
    ('subject', s.account_id::text || ':' || s.mode || ':' || s.subject, 'month', s.month_start)
  ) AS w(scope, owner, period, period_start)
  WHERE w.owner IS NOT NULL AND w.period_start IS NOT NULL`;

/**
 * A CTE `name` giving back, to the windows each hold counted, the `back` column of `source` (a
 * SELECT over holds' columns plus `back`: the amount not charged). `lockedFirst` is the CTE that
 * updates the balance row: it runs first, so the balance row is locked before any counter.
 * A give-back never exceeds what a window counted; the clamp at zero is kept so a settlement
 * cannot fail on `spent >= 0`, but it is reported (`clampedColumn`), not silent.
 */
export function giveBackCte(name: string, source: string, lockedFirst: string): string {
  return `${name} AS (
    UPDATE spend_counters c SET spent = greatest(c.spent - g.back, 0),
                                give_back_clamped = c.spent < g.back
      FROM (SELECT w.scope, w.owner, w.period, w.period_start, sum(s.back) AS back
              FROM (${source}) s ${WINDOWS_OF_S}
               AND s.back > 0 AND (SELECT count(*) FROM ${lockedFirst}) > 0
             GROUP BY 1, 2, 3, 4) g
     WHERE c.scope = g.scope AND c.owner = g.owner AND c.period = g.period
       AND c.period_start = g.period_start
    RETURNING c.scope, c.owner, c.period, c.period_start, c.give_back_clamped AS clamped)`;
}

/** A select-list column `clamped`: the windows the give-back CTE `name` clamped at zero (or null). */
export function clampedColumn(name: string): string {
  return `(SELECT json_agg(json_build_object('scope', scope, 'owner', owner, 'period', period,
             'periodStart', period_start)) FROM ${name} WHERE clamped) AS clamped`;
}
