import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Mode } from '@reelscout/domain';
import { DataSource } from 'typeorm';

/**
 * `spend_counters` (migration 1763700700000): what each key and each subject has spent or holds
 * per window. Written only by the money statements (holds, jobs): `place_hold` counts a hold,
 * and the statements that settle one give back what they did not charge, with the SQL below, in
 * the same statement. Owned by LedgerModule (BillingService), which reads it here.
 */

/** What refused a hold (SQLSTATE RS402 from `place_hold`). */
export type SpendRefusalKind =
  'insufficient_credit' | 'key_total' | 'key_day' | 'key_month' | 'subject_day' | 'subject_month';

const REFUSALS: readonly SpendRefusalKind[] = [
  'insufficient_credit',
  'key_total',
  'key_day',
  'key_month',
  'subject_day',
  'subject_month',
];

/** A hold that was refused: nothing was written (its statement failed as a whole). */
export class HoldRefused extends Error {
  constructor(
    readonly kind: SpendRefusalKind,
    /** The limit of the refusing window (0 for insufficient_credit). */
    readonly limitMicros: number,
    /** What the window had counted when it refused. */
    readonly spentMicros: number,
    /** The clock the windows were computed from. */
    readonly at: Date,
  ) {
    super(`hold refused: ${kind}`);
    this.name = 'HoldRefused';
  }
}

/**
 * The HoldRefused a failed hold statement stands for, or the error itself (any other failure).
 * Reads the pg error directly or through TypeORM's QueryFailedError (which copies its fields).
 */
export function holdRefusalOf(error: unknown, at: Date): unknown {
  const e = error as { code?: string; detail?: string; hint?: string } | null;
  if (!e || e.code !== 'RS402') return error;
  const kind = REFUSALS.find((k) => k === e.detail);
  if (!kind) return error;
  const [limit, spent] = (e.hint ?? '0:0').split(':').map(Number);
  return new HoldRefused(kind, limit || 0, spent || 0, at);
}

/**
 * The window each counter row of a hold stands for, from a row source exposing `key_owner` (the
 * key's spend_owner when the hold was placed), `subject`, `account_id`, `mode`, `day_start` and
 * `month_start` (a hold's columns) as `s`.
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
 * A CTE `name` that gives back, to the windows each hold counted, the `back` column of `source`
 * (a SELECT over holds' columns plus `back`: the amount not charged). `lockedFirst` is the CTE
 * that updates the balance rows: it runs to completion before any counter is touched, so every
 * statement locks a balance row before its counters (place_hold does the same).
 *
 * No path should give back more than a window counted (a hold counts its amount once when
 * placed; it settles once, from `pending`, giving back at most that amount; the late charge of a
 * reaped hold only adds). The clamp at zero is kept anyway, so a settlement can never fail on
 * the counters' `spent >= 0` rule, but it is not silent: the row's `give_back_clamped` is set
 * and the statement reports it (`clampedColumn`, then `warnIfClamped` logs the owner and
 * window).
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

const logger = new Logger('SpendCounters');

/** Logs the windows a give-back clamped at zero (see giveBackCte); nothing when none. */
export function warnIfClamped(clamped: unknown, context: Record<string, unknown> = {}): void {
  if (clamped === null || clamped === undefined) return;
  logger.warn(
    { ...context, windows: clamped },
    'a give-back exceeded what its spend window counted: clamped at zero',
  );
}

/** A key's spend (spent or held) in its current windows. */
export interface KeySpend {
  keyId: string;
  totalMicros: number;
  dayMicros: number;
  monthMicros: number;
}

/** The UTC day and month a moment falls in, as the counters' `period_start` dates. */
export function windowStarts(at: Date): { day: string; month: string } {
  const day = at.toISOString().slice(0, 10);
  return { day, month: `${day.slice(0, 8)}01` };
}

@Injectable()
export class SpendCounterRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Each key's spend in the windows `at` falls in (keys without any: zeros), counted under its
   * spend_owner: a rolled key shows its whole line's spend (the windows its limits apply to).
   */
  async forKeys(keyIds: string[], at: Date): Promise<KeySpend[]> {
    const { day, month } = windowStarts(at);
    const rows: { key_id: string; total: string; day: string; month: string }[] =
      await this.dataSource.query(
        `SELECT k.id AS key_id,
                coalesce(sum(c.spent) FILTER (WHERE c.period = 'total'), 0) AS total,
                coalesce(sum(c.spent) FILTER (WHERE c.period = 'day' AND c.period_start = $2::date), 0) AS day,
                coalesce(sum(c.spent) FILTER (WHERE c.period = 'month' AND c.period_start = $3::date), 0) AS month
           FROM unnest($1::uuid[]) AS k(id)
           JOIN api_keys ak ON ak.id = k.id
           LEFT JOIN spend_counters c ON c.scope = 'key' AND c.owner = ak.spend_owner::text
          GROUP BY k.id`,
        [keyIds, day, month],
      );
    return rows.map((r) => ({
      keyId: r.key_id,
      totalMicros: Number(r.total),
      dayMicros: Number(r.day),
      monthMicros: Number(r.month),
    }));
  }

  /** A subject's spend (spent or held) in the day and month `at` falls in. */
  async forSubject(
    accountId: string,
    mode: Mode,
    subject: string,
    at: Date,
  ): Promise<{ dayMicros: number; monthMicros: number }> {
    const { day, month } = windowStarts(at);
    const rows: { day: string; month: string }[] = await this.dataSource.query(
      `SELECT coalesce(sum(spent) FILTER (WHERE period = 'day' AND period_start = $2::date), 0) AS day,
              coalesce(sum(spent) FILTER (WHERE period = 'month' AND period_start = $3::date), 0) AS month
         FROM spend_counters WHERE scope = 'subject' AND owner = $1`,
      [`${accountId}:${mode}:${subject}`, day, month],
    );
    return { dayMicros: Number(rows[0].day), monthMicros: Number(rows[0].month) };
  }
}
