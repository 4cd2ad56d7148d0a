import { Client } from 'pg';
import { Clock } from '../apps/api/src/common/clock/clock';
import { BillingService } from '../apps/api/src/money/billing.service';
import { WatchScheduler } from '../apps/api/src/watches/watch-scheduler';
import { WatchesService } from '../apps/api/src/watches/watches.service';
import { createAccount, createKey } from '../apps/api/test/support/fixtures';
import { createTestApp, type TestApp } from '../apps/api/test/support/test-app';
import { QUICK, recordFigure } from './support/figures';

/**
 * The cost of scheduling watches (docs/watches.md), test mode:
 * - watch_runs_enqueued_per_s: due watches one tick turns into queued scan jobs (claim, job with
 *   its hold and queue message, slot record, next slot), one API instance without a worker;
 * - watch_slot_to_start_p50_s / _p99_s: from a slot's time to its run's job starting, on one
 *   instance with its worker and pg-boss's cron (every minute) in real time: the cron's
 *   resolution (a minute) and pg-boss's cron check (every 30 s) dominate.
 */

const AUTH_SECRET = 'bench-watches-secret-bench-watches-secret';
const ENQUEUE_WATCHES = QUICK ? 200 : 1_000;
const DELAY_WATCHES = QUICK ? 20 : 50;
const HOUR = 3_600_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function fundedCreator(t: TestApp) {
  const account = await createAccount(t.app);
  await t.app
    .get(BillingService)
    .credit({ accountId: account.id, mode: 'test' }, 10_000_000_000, { kind: 'grant' });
  const { id: keyId } = await createKey(t.app, account.id, 'test');
  return {
    accountId: account.id,
    mode: 'test' as const,
    keyId,
    subject: null,
    source: 'api' as const,
  };
}

async function createWatches(t: TestApp, count: number): Promise<string[]> {
  const creator = await fundedCreator(t);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const watch = await t.app.get(WatchesService).create(creator, {
      query: `houseplant care tips ${i}`,
      market: 'network_a',
      limit: 5,
      interval: 'hourly',
    });
    ids.push(watch.id);
  }
  return ids;
}

describe('watch scheduling bench', () => {
  it('enqueue rate of one tick', async () => {
    const t = await createTestApp({
      env: { AUTH_SECRET, JOBS_WORKER: 'false', WATCHES_MAX_PER_MODE: '10000' },
    });
    try {
      const clock = t.app.get(Clock);
      clock.set(new Date(Date.now() + 24 * HOUR));
      await createWatches(t, ENQUEUE_WATCHES);
      clock.set(new Date(Date.now() + 26 * HOUR));
      const started = performance.now();
      let queued = 0;
      // Bounded: each tick claims up to its batch; every round claims at least one or ends.
      for (let round = 0; round < 100 && queued < ENQUEUE_WATCHES; round++) {
        const outcomes = await t.app.get(WatchScheduler).tick();
        if (outcomes.length === 0) break;
        queued += outcomes.filter((outcome) => outcome === 'queued').length;
      }
      const seconds = (performance.now() - started) / 1000;
      expect(queued).toBe(ENQUEUE_WATCHES);
      recordFigure('watch_runs_enqueued_per_s', {
        value: queued / seconds,
        unit: 'runs/s',
        goal: 'measured',
      });
    } finally {
      t.app.get(Clock).set(null);
      await t.close();
    }
  });

  it("slot time to run start, on pg-boss's cron", async () => {
    const t = await createTestApp({ env: { AUTH_SECRET, WATCHES_MAX_PER_MODE: '10000' } });
    const sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    try {
      const ids = await createWatches(t, DELAY_WATCHES);
      // Due a few seconds from now, in real time: the next minute's tick runs them.
      await sql.query(
        `UPDATE watches SET next_run_at = now() + interval '5 seconds' WHERE id = ANY ($1::uuid[])`,
        [ids],
      );
      let delays: number[] = [];
      // Bounded: at most three cron minutes.
      for (let poll = 0; poll < 360 && delays.length < ids.length; poll++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const { rows } = await sql.query(
          `SELECT extract(epoch FROM j.started_at - r.slot_at)::float8 AS delay
             FROM watch_runs r JOIN jobs j ON j.id = r.job_id
            WHERE r.watch_id = ANY ($1::uuid[]) AND j.started_at IS NOT NULL`,
          [ids],
        );
        delays = rows.map((row: { delay: number }) => row.delay);
      }
      expect(delays).toHaveLength(ids.length);
      recordFigure('watch_slot_to_start_p50_s', {
        value: percentile(delays, 50),
        unit: 's',
        goal: 'measured: cron minute + 30 s check',
      });
      recordFigure('watch_slot_to_start_p99_s', {
        value: percentile(delays, 99),
        unit: 's',
        goal: 'measured: cron minute + 30 s check',
      });
    } finally {
      await sql.end();
      await t.close();
    }
  });
});
