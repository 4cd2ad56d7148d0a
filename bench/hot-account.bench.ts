import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { BillingService } from '../apps/api/src/money/billing.service';
import { createAccount, createKey } from '../apps/api/test/support/fixtures';
import { createTestApp } from '../apps/api/test/support/test-app';
import { cannon } from './support/cannon';
import { QUICK, recordFigure } from './support/figures';

/**
 * hot_account_calls_per_s: charged calls per second on ONE account — every call holds and
 * captures against the same balance row — with many concurrent assist calls (test mode, the
 * sandbox LLM answers at once) over several keys of that account, from 127.0.0.1 (goal ≥ 500).
 * The figure only counts if the money adds up afterwards: one ledger charge per 200, the
 * balance equal to the ledger's sum, nothing left held.
 */

const CONNECTIONS = 64;
const KEYS = 8;
const WARMUP_S = QUICK ? 1 : 3;
const DURATION_S = QUICK ? 5 : 15;
const PRICE = 10_000;
const CREDIT = 100_000_000_000;

it('hot_account_calls_per_s', async () => {
  const t = await createTestApp({
    env: {
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      RATE_LIMIT_PER_KEY_PER_MIN: '1000000',
      RATE_LIMIT_PER_SUBJECT_PER_MIN: '1000000',
      RATE_LIMIT_IN_FLIGHT_PER_KEY: '10000',
    },
  });
  const db = new Client({ connectionString: t.db.url });
  try {
    await db.connect();
    await t.app.listen(0, '127.0.0.1');
    const port = (t.app.getHttpServer().address() as AddressInfo).port;
    const account = await createAccount(t.app);
    const party = { accountId: account.id, mode: 'test' as const };
    await t.app.get(BillingService).credit(party, CREDIT, { kind: 'grant' });
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i++) keys.push((await createKey(t.app, account.id, 'test')).key);
    const headerSets = Array.from({ length: KEYS * 10 }, (_, i) => ({
      'content-type': 'application/json',
      authorization: `Bearer ${keys[i % KEYS]}`,
      'x-subject': `customer-${i}`,
    }));
    const run = (duration: number) =>
      cannon({
        url: `http://127.0.0.1:${port}`,
        path: '/v1/assist',
        connections: CONNECTIONS,
        duration,
        body: JSON.stringify({ message: 'show me trending dog food reels' }),
        headerSets,
      });

    // Calls cut off at the end of a run may still be finishing: wait for their holds (bounded).
    const settle = async () => {
      for (let i = 0; i < 50 && (await t.app.get(BillingService).balance(party)).held > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
    };
    await run(WARMUP_S);
    await settle();
    const chargesBefore = await chargeCount(db, account.id);
    const measured = await run(DURATION_S);
    if (measured.non2xx > 0 || measured.errors > 0 || measured.timeouts > 0) {
      throw new Error(
        `${measured.non2xx} non-2xx, ${measured.errors} errors, ${measured.timeouts} timeouts`,
      );
    }

    // The money must add up before the figure means anything.
    await settle();
    const balance = await t.app.get(BillingService).balance(party);
    const ledger = await db.query<{ sum: string; charges: number }>(
      `SELECT sum(amount)::bigint AS sum, count(*) FILTER (WHERE kind = 'charge')::int AS charges
         FROM ledger_entries WHERE account_id = $1 AND mode = 'test'`,
      [account.id],
    );
    const charges = ledger.rows[0].charges;
    const problems = [
      balance.held !== 0 && `${balance.held} still held`,
      Number(ledger.rows[0].sum) !== balance.balance && 'balance ≠ ledger sum',
      balance.balance !== CREDIT - charges * PRICE && 'balance ≠ credit − charges × price',
      // Each 200 is one charge; a few calls cut off at the end may be charged unseen.
      (charges - chargesBefore < measured['2xx'] ||
        charges - chargesBefore > measured['2xx'] + CONNECTIONS) &&
        `${charges - chargesBefore} charges for ${measured['2xx']} responses`,
    ].filter(Boolean);
    if (problems.length > 0) throw new Error(`the money does not add up: ${problems.join('; ')}`);

    process.stdout.write(
      `hot account: ${measured['2xx']} charged calls in ${DURATION_S} s over ${KEYS} keys of one account, ` +
        `${CONNECTIONS} connections, latency p50 ${measured.latency.p50} ms, p99 ${measured.latency.p99} ms\n`,
    );
    recordFigure('hot_account_calls_per_s', {
      value: measured['2xx'] / DURATION_S,
      unit: 'calls/s',
      goal: '≥ 500',
    });
  } finally {
    await db.end();
    await t.close();
  }
});

async function chargeCount(db: Client, accountId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_entries WHERE account_id = $1 AND kind = 'charge'`,
    [accountId],
  );
  return rows[0].n;
}
