import type { MigrationInterface, QueryRunner } from 'typeorm';
import MONEY_SQL from '../sql/money.sql';
import PREVIOUS_MONEY_SQL from './1763702500000-money-in-functions.down.sql';

/** Functions money.sql no longer defines, by signature: capture_hold and spend_add replace them. */
const REMOVED = [
  'settle_balance(uuid, text, bigint, bigint)',
  'charge_reaped_hold(uuid, uuid, text, bigint)',
  'spend_count(text, text, text, date, bigint, bigint)',
];

/** Functions this migration adds, by signature (`down` removes them). */
const ADDED = [
  'spend_windows(holds)',
  'spend_limits(uuid, uuid)',
  'spend_add(holds, bigint, bigint[])',
  'spend_give_back(holds, bigint)',
  'capture_hold(uuid, bigint)',
  'void_hold(uuid)',
  'reap_expired_holds(int)',
  'charge_reaped_hold(uuid, bigint)',
  'add_credit(uuid, text, text, bigint, text, text)',
];

/**
 * Every money movement becomes one function of money.sql: the capture, the void (one path for
 * settlements, requeues and the reaper), the reaper, the late charge (now with its ledger entry)
 * and credit (which pays a shortfall first), beside place_hold, reverse_credit and pay_shortfall;
 * the spend windows are listed once (spend_windows). The API's statements only call them. No
 * table changes: the functions write the same rows, with the same meanings, as the statements
 * they replace.
 */
export class MoneyInFunctions1763702500000 implements MigrationInterface {
  name = 'MoneyInFunctions1763702500000';

  async up(q: QueryRunner): Promise<void> {
    for (const fn of REMOVED) await q.query(`DROP FUNCTION IF EXISTS ${fn}`);
    await q.query(MONEY_SQL);
  }

  async down(q: QueryRunner): Promise<void> {
    // The older API's statements do the moves themselves again, with the functions they called.
    for (const fn of ADDED) await q.query(`DROP FUNCTION IF EXISTS ${fn}`);
    await q.query(PREVIOUS_MONEY_SQL);
  }
}
