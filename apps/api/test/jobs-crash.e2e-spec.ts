import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { type Client } from 'pg';
import request from 'supertest';
import { fromPublicJobId } from '../src/execution/job-ids';
import { createFundedKey } from './support/fixtures';
import { until, waitForValue } from './support/local-servers';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from './support/test-app';
import { TEST_API_DIR } from './support/test-build';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const CREDIT = 10_000_000;
/** The sandbox's slow phrase: the scan stalls SANDBOX_SLOW_DELAY_MS, then answers. */
const SLOW_SCAN = { query: 'sandbox-slow home espresso', limit: 4 };

interface Worker {
  child: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

/**
 * Crash safety: a worker process killed with SIGKILL mid-job. The API runs in this
 * process without a worker (JOBS_WORKER=false, so it neither runs nor sweeps jobs); the workers
 * are the built `worker.js` (the tests' build, made by the global setup) on the same database. The killed attempt's heartbeat
 * stops, the next worker's sweeper takes the job for dead, voids its hold and retries it once
 * from the start; a job whose second attempt dies too fails with 500 internal_error. Either way
 * it ends in one state, charged at most once, with no hold left pending.
 */
describe('a worker killed with SIGKILL mid-job (e2e)', () => {
  let t: TestApp;
  let db: Client;
  const workers: Worker[] = [];
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    db = t.sql;
  }, 400_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((worker) => worker.exited));
    await t?.close();
  });

  /** A worker process on the test app's database; resolves once it says it is running. */
  async function startWorker(): Promise<Worker> {
    const child = spawn(process.execPath, [path.join(TEST_API_DIR, 'worker.js')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: t.db.url,
        AUTH_SECRET: TEST_AUTH_SECRET,
        JOBS_HEARTBEAT_MS: '100',
        JOBS_STALE_AFTER_MS: '1500',
        JOBS_SWEEP_INTERVAL_MS: '300',
        SANDBOX_SLOW_DELAY_MS: '4000',
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
      },
    });
    const output: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const worker = { child, output, exited };
    workers.push(worker);
    await until(
      () => {
        if (child.exitCode !== null) throw new Error(`worker exited: ${output.join('')}`);
        return output.join('').includes('Reelscout worker running');
      },
      60_000,
      'the worker to start',
      100,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${output.join('')}`);
    });
    return worker;
  }

  async function kill(worker: Worker): Promise<void> {
    worker.child.kill('SIGKILL');
    await worker.exited;
  }

  const funded = () => createFundedKey(t.app, { micros: CREDIT });

  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  async function slowScan(key: string): Promise<string> {
    const accepted = await request(server())
      .post('/v1/scan')
      .set(auth(key))
      .set('Prefer', 'respond-async')
      .send(SLOW_SCAN);
    expect(accepted.status).toBe(202);
    // The 202 shows the job as it is when answered: a worker may have started it already.
    expect(['queued', 'running']).toContain(accepted.body.status);
    return accepted.body.id as string;
  }

  async function jobRow(publicId: string) {
    const { rows } = await db.query(
      `SELECT status, attempt, hold_id, charged::bigint AS charged, finished_at FROM jobs WHERE id = $1`,
      [fromPublicJobId(publicId)],
    );
    return rows[0] as {
      status: string;
      attempt: number;
      hold_id: string | null;
      charged: string | null;
      finished_at: Date | null;
    };
  }

  /** Polls the job over HTTP (bounded) until `done` holds for it. */
  function pollJob(
    key: string,
    id: string,
    done: (job: { status: string }) => boolean,
    ms: number,
    what: string,
  ) {
    return waitForValue(
      async () => {
        const res = await request(server()).get(`/v1/jobs/${id}`).set(auth(key));
        if (res.status !== 200) throw new Error(`GET /v1/jobs answered ${res.status}`);
        return done(res.body) ? (res.body as Record<string, unknown>) : undefined;
      },
      ms,
      what,
      100,
    );
  }

  /** The running attempt's number, once the job runs with at least attempt `attempt`. */
  const runningAttempt = (id: string, attempt: number) =>
    waitForValue(
      async () => {
        const row = await jobRow(id);
        return row.status === 'running' && row.attempt >= attempt && row.hold_id
          ? row.attempt
          : undefined;
      },
      30_000,
      `attempt ${attempt} of ${id} to run`,
      50,
    );

  /** The account's money: balance and held, the ledger's sum and charges, holds still pending. */
  async function money(accountId: string) {
    const { rows } = await db.query(
      `SELECT b.balance::bigint AS balance, b.held::bigint AS held,
              (SELECT coalesce(sum(amount), 0) FROM ledger_entries l WHERE l.account_id = b.account_id AND l.mode = b.mode)::bigint AS ledger,
              (SELECT count(*) FROM ledger_entries l WHERE l.account_id = b.account_id AND l.mode = b.mode AND l.kind = 'charge')::int AS charges,
              (SELECT count(*) FROM holds h WHERE h.account_id = b.account_id AND h.mode = b.mode AND h.status = 'pending')::int AS pending,
              (SELECT count(*) FROM holds h WHERE h.account_id = b.account_id AND h.mode = b.mode)::int AS holds
         FROM balances b WHERE b.account_id = $1 AND b.mode = 'test'`,
      [accountId],
    );
    const row = rows[0] as Record<string, string | number>;
    return {
      balance: Number(row.balance),
      held: Number(row.held),
      ledger: Number(row.ledger),
      charges: Number(row.charges),
      pending: Number(row.pending),
      holds: Number(row.holds),
    };
  }

  it('killed mid-scan: the job is retried once from the start, succeeds, and is charged once', async () => {
    const { account, key } = await funded();
    const first = await startWorker();
    const id = await slowScan(key);
    await pollJob(key, id, (job) => job.status === 'running', 30_000, 'the job to run');
    expect(await runningAttempt(id, 1)).toBe(1);
    // Mid-job: the hold is placed and the scan is stalled in the provider.
    expect((await money(account.id)).held).toBeGreaterThan(0);
    await kill(first);

    await startWorker();
    const job = await pollJob(
      key,
      id,
      (j) => ['succeeded', 'failed', 'canceled'].includes(j.status),
      60_000,
      'the job to end',
    );
    expect(job).toMatchObject({ status: 'succeeded', http_status: 200, error: null });
    const row = await jobRow(id);
    expect(row.status).toBe('succeeded');
    expect(row.attempt).toBe(2);
    expect(Number(row.charged)).toBeGreaterThan(0);

    const after = await money(account.id);
    expect(after.balance).toBe(after.ledger);
    expect(after.charges).toBe(1);
    expect(after.pending).toBe(0);
    expect(after.held).toBe(0);
    // Two holds: the dead attempt's (voided by the sweeper) and the retry's (captured).
    expect(after.holds).toBe(2);
    expect(after.balance).toBe(CREDIT - Number(row.charged));
    expect((job.billing as { charged_usd: string }).charged_usd).not.toBe('0.000000');

    // It stays ended: a later sweep neither retries nor charges it again.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempt: 2 });
    expect(await money(account.id)).toEqual(after);
  }, 180_000);

  it('both attempts killed: the job fails with 500 internal_error and nothing is charged', async () => {
    for (const worker of workers) if (worker.child.exitCode === null) await kill(worker);
    const { account, key } = await funded();
    const first = await startWorker();
    const id = await slowScan(key);
    expect(await runningAttempt(id, 1)).toBe(1);
    await kill(first);

    const second = await startWorker();
    expect(await runningAttempt(id, 2)).toBe(2);
    await kill(second);

    await startWorker();
    const job = await pollJob(
      key,
      id,
      (j) => ['succeeded', 'failed', 'canceled'].includes(j.status),
      60_000,
      'the job to end',
    );
    expect(job).toMatchObject({
      status: 'failed',
      http_status: 500,
      result: null,
      error: { error: { code: 'internal_error' } },
    });
    expect((job.billing as { charged_usd: string }).charged_usd).toBe('0.000000');
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempt: 2 });

    const after = await money(account.id);
    expect(after).toMatchObject({ balance: CREDIT, ledger: CREDIT, charges: 0, pending: 0 });
    expect(after.held).toBe(0);
    expect(after.holds).toBe(2);
  }, 180_000);
});
