import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { fromPublicJobId } from '../apps/api/src/execution/job-ids';
import { BillingService } from '../apps/api/src/money/billing.service';
import { createAccount, createKey } from '../apps/api/test/support/fixtures';
import { createTestApp, type TestApp } from '../apps/api/test/support/test-app';
import { TEST_API_DIR } from '../apps/api/test/support/test-build';
import { DirectAssistModule } from './support/direct-assist.module';
import { QUICK, recordFigure } from './support/figures';

/**
 * Jobs, test-mode assist (the sandbox LLM answers at once), on 127.0.0.1:
 * - jobs_enqueue_start_p50_ms / _p99_ms: an async job's created_at → started_at (both Postgres
 *   clock), one job at a time, the worker in the API process (goal p50 ≤ 50 ms);
 * - jobs_drained_per_s and jobs_lost: a backlog queued while no worker runs (JOBS_WORKER=false
 *   API), then drained by 2 worker processes (worker.js of the tests' build); lost = jobs not
 *   `succeeded` (goal 0);
 * - jobs_sync_overhead_ratio: p50 of a synchronous POST /v1/assist (a job run at once by the
 *   instance) ÷ p50 of the previous direct sync path (hold → work → capture, no job row:
 *   support/direct-assist.module.ts), one call at a time, interleaved (goal ≤ 1.2).
 */

const ROOT = path.resolve(__dirname, '..');
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret';
const LATENCY_JOBS = QUICK ? 50 : 200;
const DRAIN_JOBS = QUICK ? 200 : 1_000;
const DRAIN_WORKERS = 2;
const SYNC_CALLS = QUICK ? 300 : 1_000;
const BODY = JSON.stringify({ message: 'show me trending dog food reels' });
const UNLIMITED = {
  RATE_LIMIT_PER_KEY_PER_MIN: '1000000',
  RATE_LIMIT_PER_SUBJECT_PER_MIN: '1000000',
  RATE_LIMIT_IN_FLIGHT_PER_KEY: '10000',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One POST over a keep-alive connection: its status, body and wall time in ms. */
function timedPost(
  agent: http.Agent,
  port: number,
  route: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      { host: '127.0.0.1', port, path: route, method: 'POST', agent, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${route} timed out`)));
    req.on('error', reject);
    req.end(BODY);
  });
}

/** A test app listening on 127.0.0.1 with one funded account's key. */
async function appWithKey(
  env: Record<string, string>,
  extraImports: NonNullable<Parameters<typeof createTestApp>[0]>['extraImports'] = [],
) {
  const t = await createTestApp({ env: { AUTH_SECRET, ...UNLIMITED, ...env }, extraImports });
  await t.app.listen(0, '127.0.0.1');
  const port = (t.app.getHttpServer().address() as AddressInfo).port;
  const account = await createAccount(t.app);
  await t.app
    .get(BillingService)
    .credit({ accountId: account.id, mode: 'test' }, 100_000_000_000, { kind: 'grant' });
  const { key } = await createKey(t.app, account.id, 'test');
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  return { t, port, accountId: account.id, headers };
}

async function withDb<T>(t: TestApp, use: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: t.db.url });
  await db.connect();
  try {
    return await use(db);
  } finally {
    await db.end();
  }
}

describe('jobs bench', () => {
  it('jobs_enqueue_start_ms: created_at → started_at of async jobs, the worker in process', async () => {
    const { t, port, headers } = await appWithKey({});
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await withDb(t, async (db) => {
        const waits: number[] = [];
        for (let i = 0; i < LATENCY_JOBS + 5; i++) {
          const res = await timedPost(agent, port, '/v1/assist', {
            ...headers,
            prefer: 'respond-async',
          });
          if (res.status !== 202) throw new Error(`async assist answered ${res.status}`);
          const publicId = (JSON.parse(res.body) as { id: string }).id;
          // One job at a time: wait (bounded) for it to end before queueing the next.
          let row: { status: string; wait_ms: number | null } | undefined;
          for (let poll = 0; poll < 5_000; poll++) {
            const { rows } = await db.query(
              `SELECT status, (extract(epoch FROM started_at - created_at) * 1000)::float8 AS wait_ms
                 FROM jobs WHERE id = $1`,
              [fromPublicJobId(publicId)],
            );
            row = rows[0] as typeof row;
            if (row && ['succeeded', 'failed', 'canceled'].includes(row.status)) break;
            await sleep(2);
          }
          if (row?.status !== 'succeeded') throw new Error(`job ${publicId} ended ${row?.status}`);
          if (i >= 5) waits.push(row.wait_ms!);
        }
        process.stdout.write(
          `jobs: enqueue→start over ${waits.length} async assist jobs, one at a time: ` +
            `p50 ${percentile(waits, 50).toFixed(1)} ms, p99 ${percentile(waits, 99).toFixed(1)} ms, ` +
            `max ${Math.max(...waits).toFixed(1)} ms\n`,
        );
        recordFigure('jobs_enqueue_start_p50_ms', {
          value: percentile(waits, 50),
          unit: 'ms',
          goal: '≤ 50',
        });
        recordFigure('jobs_enqueue_start_p99_ms', {
          value: percentile(waits, 99),
          unit: 'ms',
          goal: '(printed)',
        });
      });
    } finally {
      agent.destroy();
      await t.close();
    }
  });

  it(`jobs_drained_per_s: ${DRAIN_JOBS} queued jobs drained by ${DRAIN_WORKERS} worker processes`, async () => {
    // The global setup built the tests' API (.build/test) before this file ran.
    const { t, port, accountId, headers } = await appWithKey({ JOBS_WORKER: 'false' });
    const workers: { child: ChildProcess; exited: Promise<void>; output: string[] }[] = [];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    try {
      await withDb(t, async (db) => {
        // Queue the backlog: 16 calls in flight, no worker anywhere.
        let next = 0;
        await Promise.all(
          Array.from({ length: 16 }, async () => {
            while (next < DRAIN_JOBS) {
              next++;
              const res = await timedPost(agent, port, '/v1/assist', {
                ...headers,
                prefer: 'respond-async',
              });
              if (res.status !== 202) throw new Error(`async assist answered ${res.status}`);
            }
          }),
        );
        const queued = await db.query(
          `SELECT count(*)::int AS n FROM jobs WHERE account_id = $1 AND status = 'queued'`,
          [accountId],
        );
        if (queued.rows[0].n !== DRAIN_JOBS) {
          throw new Error(`${queued.rows[0].n} of ${DRAIN_JOBS} jobs queued`);
        }

        const spawnedAt = performance.now();
        for (let i = 0; i < DRAIN_WORKERS; i++) {
          const child = spawn(process.execPath, [path.join(TEST_API_DIR, 'worker.js')], {
            cwd: ROOT,
            stdio: ['ignore', 'pipe', 'pipe'],
            env: {
              PATH: process.env.PATH ?? '',
              NODE_ENV: 'test',
              LOG_LEVEL: 'silent',
              DATABASE_URL: t.db.url,
              AUTH_SECRET,
            },
          });
          const output: string[] = [];
          child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
          child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          workers.push({ child, exited, output });
        }
        // Until every job ended (bounded: 10 minutes full, 3 quick).
        const limitMs = QUICK ? 180_000 : 600_000;
        let open = DRAIN_JOBS;
        while (open > 0 && performance.now() - spawnedAt < limitMs) {
          for (const worker of workers) {
            if (worker.child.exitCode !== null) {
              throw new Error(`a worker exited: ${worker.output.join('')}`);
            }
          }
          await sleep(100);
          const { rows } = await db.query(
            `SELECT count(*)::int AS n FROM jobs WHERE account_id = $1 AND finished_at IS NULL`,
            [accountId],
          );
          open = rows[0].n as number;
        }
        const wallS = (performance.now() - spawnedAt) / 1000;
        const { rows } = await db.query(
          `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
                  count(*) FILTER (WHERE status <> 'succeeded')::int AS lost,
                  extract(epoch FROM max(finished_at) - min(started_at))::float8 AS drain_s,
                  count(*) FILTER (WHERE attempt > 1)::int AS retried
             FROM jobs WHERE account_id = $1`,
          [accountId],
        );
        const {
          succeeded,
          lost,
          drain_s: drainS,
          retried,
        } = rows[0] as {
          succeeded: number;
          lost: number;
          drain_s: number;
          retried: number;
        };
        const money = await db.query(
          `SELECT b.held::bigint AS held, b.balance::bigint = (SELECT sum(amount) FROM ledger_entries l
                  WHERE l.account_id = b.account_id AND l.mode = b.mode) AS balanced
             FROM balances b WHERE b.account_id = $1 AND b.mode = 'test'`,
          [accountId],
        );
        process.stdout.write(
          `jobs: ${DRAIN_JOBS} queued assist jobs, ${DRAIN_WORKERS} workers (JOBS_CONCURRENCY default): ` +
            `${succeeded} succeeded, ${lost} lost, ${retried} retried; first start → last end ` +
            `${drainS.toFixed(2)} s; ${wallS.toFixed(2)} s from spawning the workers (start-up included); ` +
            `held after ${money.rows[0].held}, balance = ledger: ${money.rows[0].balanced}\n`,
        );
        recordFigure('jobs_drained_per_s', {
          value: succeeded / drainS,
          unit: 'jobs/s',
          goal: '(printed)',
        });
        recordFigure('jobs_drained_per_s_with_startup', {
          value: succeeded / wallS,
          unit: 'jobs/s',
          goal: '(printed)',
        });
        recordFigure('jobs_lost', { value: lost + open, unit: 'jobs', goal: '0' });
      });
    } finally {
      agent.destroy();
      for (const worker of workers)
        if (worker.child.exitCode === null) worker.child.kill('SIGTERM');
      await Promise.race([Promise.all(workers.map((w) => w.exited)), sleep(15_000)]);
      for (const worker of workers)
        if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
      await Promise.all(workers.map((w) => w.exited));
      await t.close();
    }
  });

  it('jobs_sync_overhead_ratio: sync assist as a job ÷ the previous direct sync path', async () => {
    const { t, port, headers } = await appWithKey({}, [DirectAssistModule]);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const viaJob: number[] = [];
      const direct: number[] = [];
      const warmup = Math.ceil(SYNC_CALLS / 10);
      for (let i = 0; i < SYNC_CALLS + warmup; i++) {
        // Interleaved, the order alternating, so drift (JIT, autovacuum) hits both alike.
        const order = i % 2 === 0 ? ['job', 'direct'] : ['direct', 'job'];
        for (const which of order) {
          const route = which === 'job' ? '/v1/assist' : '/v1/bench-direct-assist';
          const res = await timedPost(agent, port, route, headers);
          if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${res.body}`);
          if (i >= warmup) (which === 'job' ? viaJob : direct).push(res.ms);
        }
      }
      const jobP50 = percentile(viaJob, 50);
      const directP50 = percentile(direct, 50);
      process.stdout.write(
        `jobs: sync assist, ${SYNC_CALLS} calls each, one at a time: as a job p50 ${jobP50.toFixed(2)} ms ` +
          `(p99 ${percentile(viaJob, 99).toFixed(2)}), direct hold → work → capture p50 ${directP50.toFixed(2)} ms ` +
          `(p99 ${percentile(direct, 99).toFixed(2)})\n`,
      );
      recordFigure('jobs_sync_p50_ms', { value: jobP50, unit: 'ms', goal: '(printed)' });
      recordFigure('jobs_direct_sync_p50_ms', { value: directP50, unit: 'ms', goal: '(printed)' });
      recordFigure('jobs_sync_overhead_ratio', {
        value: jobP50 / directP50,
        unit: '×',
        goal: '≤ 1.2',
      });
    } finally {
      agent.destroy();
      await t.close();
    }
  });
});
