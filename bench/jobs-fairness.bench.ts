import { Client } from 'pg';
import request from 'supertest';
import { fromPublicJobId } from '../apps/api/src/execution/job-ids';
import { createFundedKey } from '../apps/api/test/support/fixtures';
import { createTestApp, type TestApp } from '../apps/api/test/support/test-app';
import { QUICK, recordFigure } from './support/figures';

/**
 * jobs_fairness_ratio: account B's async assist, created_at → started_at (Postgres clock), p50
 * on a worker whose queue account A floods with `sandbox-slow` scans (each holds its slot until
 * the scan's deadline; A's queue is kept full) ÷ p50 on an idle worker. Two apps in this process,
 * each with its worker (4 light slots) and database, sampled in turn, so both see the same machine
 * (goal ≤ 3: B's job starts at the next claim, as on an idle queue).
 */

const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret';
const SAMPLES = QUICK ? 20 : 60;
const FLOOD = 200;
const ENV = {
  AUTH_SECRET,
  RATE_LIMIT_PER_KEY_PER_MIN: '1000000',
  RATE_LIMIT_PER_SUBJECT_PER_MIN: '1000000',
  RATE_LIMIT_IN_FLIGHT_PER_KEY: '10000',
  JOBS_CONCURRENCY: '4',
  JOBS_MAX_QUEUED_PER_ACCOUNT: String(FLOOD),
  JOBS_SHUTDOWN_GRACE_MS: '100',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Side {
  t: TestApp;
  db: Client;
  key: string;
}

async function side(): Promise<Side> {
  const t = await createTestApp({ env: ENV });
  const db = new Client({ connectionString: t.db.url });
  await db.connect();
  const { key } = await createFundedKey(t.app, { micros: 100_000_000_000 });
  return { t, db, key };
}

/** One async assist of B: its enqueue → start in ms, once it succeeded. */
async function sample({ t, db, key }: Side): Promise<number> {
  const res = await request(t.app.getHttpServer())
    .post('/v1/assist')
    .set('Authorization', `Bearer ${key}`)
    .set('Prefer', 'respond-async')
    .send({ message: 'show me trending dog food reels' });
  if (res.status !== 202) throw new Error(`async assist answered ${res.status}`);
  const id = fromPublicJobId((res.body as { id: string }).id);
  for (let poll = 0; poll < 10_000; poll++) {
    const { rows } = await db.query<{ status: string; wait_ms: number | null }>(
      `SELECT status, (extract(epoch FROM started_at - created_at) * 1000)::float8 AS wait_ms
         FROM jobs WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    if (row.status === 'succeeded') return row.wait_ms!;
    if (row.status === 'failed' || row.status === 'canceled') {
      throw new Error(`B's job ended ${row.status}`);
    }
    await sleep(2);
  }
  throw new Error("B's job did not end");
}

/** Tops A's queue up to the cap (a 429 says it is full). */
async function flood(app: TestApp, key: string): Promise<void> {
  for (let i = 0; i < FLOOD; i++) {
    const res = await request(app.app.getHttpServer())
      .post('/v1/scan')
      .set('Authorization', `Bearer ${key}`)
      .set('Prefer', 'respond-async')
      .send({ query: 'sandbox-slow home espresso', limit: 1 });
    if (res.status === 429) return;
    if (res.status !== 202) throw new Error(`A's scan answered ${res.status}`);
  }
}

describe('jobs fairness bench', () => {
  it('jobs_fairness_ratio: B waits as long behind A’s flood as on an idle queue', async () => {
    const idle = await side();
    const flooded = await side();
    try {
      const a = await createFundedKey(flooded.t.app, { micros: 100_000_000_000 });
      await flood(flooded.t, a.key);
      const idleWaits: number[] = [];
      const floodWaits: number[] = [];
      for (let i = 0; i < SAMPLES + 3; i++) {
        const pair = [await sample(idle), await sample(flooded)];
        if (i >= 3) {
          idleWaits.push(pair[0]);
          floodWaits.push(pair[1]);
        }
        if (i % 10 === 9) await flood(flooded.t, a.key);
      }
      const { rows } = await flooded.db.query<{ queued: number }>(
        `SELECT count(*)::int AS queued FROM jobs WHERE account_id = $1 AND status = 'queued'`,
        [a.account.id],
      );
      const idleP50 = percentile(idleWaits, 50);
      const floodP50 = percentile(floodWaits, 50);
      process.stdout.write(
        `jobs fairness: B's enqueue→start p50 ${floodP50.toFixed(1)} ms behind A's flood ` +
          `(${rows[0].queued} of A's jobs still queued at the end) vs ${idleP50.toFixed(1)} ms idle, ` +
          `${SAMPLES} samples each, interleaved\n`,
      );
      recordFigure('jobs_fairness_ratio', {
        value: floodP50 / idleP50,
        unit: '×',
        goal: '≤ 3',
      });
    } finally {
      for (const s of [idle, flooded]) {
        await s.db.end();
        await s.t.close();
      }
    }
  });
});
