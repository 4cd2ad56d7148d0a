import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * `spend_counters`: what each key and each subject has spent or holds per window. Written only by
 * the functions of money.sql: `place_hold` counts a hold, and the functions that
 * settle one give back what they did not charge. Owned by MoneyModule (BillingService), which
 * reads it here.
 */

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
}
