import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `settle_balance`: the balance row's update of a job's settlement, as a statement of its own.
 *
 * A succeeded job's settlement (`jobs_settle_success`) is one statement of many CTEs. When its
 * balance UPDATE finds the row changed by a call that committed while it waited
 * for the lock (one account's calls at once), Postgres re-checks the row with EvalPlanQual, which
 * first builds executor state for every subplan of the statement (each CTE's ModifyTable, its
 * indexes and constraints), again, for that one row: a visible share of Postgres's CPU when one
 * account's calls run at once. Inside this function the UPDATE is a statement of its own (a fresh
 * snapshot, as plpgsql gives each statement in READ COMMITTED), so a re-check builds only this
 * small plan. Same row, same lock, same order: the balance row is still locked by the settling
 * statement before any spend counter, and held until its commit. The void path
 * (`jobs_settle_without_charge`) keeps its own UPDATE: nothing but the counters' give-back reads
 * its balance CTE, and a function there would run only as far as something reads it.
 */
export class SettleBalance1763701100000 implements MigrationInterface {
  name = 'SettleBalance1763701100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION settle_balance(p_account uuid, p_mode text, p_release bigint, p_charge bigint)
      RETURNS bigint LANGUAGE plpgsql AS $$
      DECLARE
        v_balance bigint;
      BEGIN
        UPDATE balances SET held = held - p_release, balance = balance - p_charge, updated_at = now()
         WHERE account_id = p_account AND mode = p_mode
        RETURNING balance INTO v_balance;
        RETURN v_balance;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION settle_balance(uuid, text, bigint, bigint)`);
  }
}
