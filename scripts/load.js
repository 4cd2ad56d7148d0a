'use strict';
/**
 * `node scripts/load.js [--quick]`: a bounded load run against the built API, then a money audit.
 *
 * 1. builds the API if it is out of date (scripts/build.js --api) and runs dist/apps/api/main.js;
 * 2. a fresh database: an embedded Postgres in a temp dir, or a new database on DATABASE_URL's
 *    server; migrated with the CLI;
 * 3. accounts, test keys and test credit made with the operator CLI (never SQL);
 * 4. autocannon on 127.0.0.1 only: assist and scan side by side in test mode, many keys and
 *    subjects, some calls with an Idempotency-Key (replays must not charge again), for 50 s
 *    (`--quick`: 10 s);
 * 5. checks: zero 5xx; for every account the balance equals the sum of its ledger and the
 *    initial credit minus its charges; every charge belongs to exactly one 200 and is what that
 *    200 said it charged (assist 0.010000, scan 0.007500 per reel delivered); every response has
 *    exactly one usage record; no hold left open.
 * Prints the figures and `N passed, N failed`; exits non-zero on any failure. Everything it
 * started (API, Postgres, temp files, the database) is stopped or removed in `finally`.
 */
const { spawn, spawnSync, execFile } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');
const { Client } = require('pg');
const { ROOT } = require('./lib/env');
const { startEmbeddedPostgres, freePort } = require('./lib/embedded-postgres');

const QUICK = process.argv.includes('--quick');
const DURATION_S = QUICK ? 10 : 50;
const ACCOUNTS = QUICK ? 4 : 8;
const KEYS_PER_ACCOUNT = 2;
const SUBJECTS = 40;
const CREDIT_USD = '1000.00';
const CREDIT_MICROS = 1_000_000_000;
const ASSIST_CONNECTIONS = 16;
const SCAN_CONNECTIONS = 8;
const IDEMPOTENT_SHARE = 0.1;
const PRICE = { assist: 10_000, scanReel: 7_500 };
const MAIN = path.join(ROOT, 'dist', 'apps', 'api', 'main.js');
const CLI = path.join(ROOT, 'dist', 'apps', 'api', 'cli.js');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => process.stdout.write(`${line}\n`);

const results = [];
function check(name, ok, detail = '') {
  results.push({ name, ok });
  log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}`);
}

/** Runs the operator CLI against the load database; resolves with its stdout. */
function cli(env, args) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env, cwd: ROOT, timeout: 120_000, maxBuffer: 1 << 20 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`cli ${args[0]} failed: ${stderr || error.message}`))
          : resolve(stdout),
    );
  });
}

/** Runs `tasks` (functions returning promises) at most `limit` at a time. */
async function inPool(tasks, limit) {
  const out = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]();
      }
    }),
  );
  return out;
}

async function waitFor(what, probe, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if (await probe()) return;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('the API exited')) throw error;
    }
    await sleep(200);
  }
  throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
}

async function freshDatabase(cleanups) {
  if (process.env.DATABASE_URL) {
    const name = `reelscout_load_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new URL(process.env.DATABASE_URL);
    admin.pathname = '/postgres';
    const client = new Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    cleanups.push(async () => {
      const c = new Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return url.toString();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-load-pg-'));
  fs.chmodSync(dir, 0o755);
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'data'),
    durable: false,
    database: 'reelscout',
  });
  cleanups.push(() => pg.stop());
  return pg.url;
}

function startApi(env, cleanups) {
  const child = spawn(process.execPath, [MAIN], {
    env,
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const keep = (chunk) => {
    for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(line);
    if (lines.length > 100) lines.splice(0, lines.length - 100);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  });
  return { child, tail: () => lines.slice(-20).join('\n') };
}

const NICHES = [
  'home espresso for beginners',
  'budget travel hacks',
  'skincare routine for oily skin',
  'vintage motorcycles restoration',
  'dog food for puppies',
  '适合新手的护肤步骤',
  '適合新手的護膚步驟',
  'meal prep for the week',
];
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** One autocannon run; every response is recorded by its x-request-id. */
function runLoad({ port, op, connections, keys, outcomes, unexpected }) {
  const request = {
    method: 'POST',
    path: `/v1/${op}`,
    setupRequest: (req, context) => {
      const key = pick(keys);
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${key.key}`,
        'x-subject': `customer-${Math.floor(Math.random() * SUBJECTS)}`,
      };
      let body;
      if (op === 'assist') {
        if (Math.random() < IDEMPOTENT_SHARE) {
          const n = Math.floor(Math.random() * 20);
          headers['idempotency-key'] = `load-${key.accountIndex}-${n}`;
          headers['x-subject'] = `idem-${n}`;
          body = { message: `show me trending reels about ${NICHES[n % NICHES.length]}` };
        } else {
          body = { message: `show me trending reels about ${pick(NICHES)}` };
        }
      } else {
        body = {
          query: pick(NICHES),
          limit: 1 + Math.floor(Math.random() * 20),
          market: pick(['auto', 'network_a', 'network_b']),
        };
      }
      context.account = key.accountIndex;
      return { ...req, headers, body: JSON.stringify(body) };
    },
    onResponse: (status, body, context, headers) => {
      const lower = Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      const requestId = lower['x-request-id'];
      const replayed = lower['idempotent-replayed'] === 'true';
      let expected = 0;
      if (status === 200 && !replayed) {
        if (op === 'assist') expected = PRICE.assist;
        else {
          try {
            expected = JSON.parse(body).reels.length * PRICE.scanReel;
          } catch {
            unexpected.push(`scan 200 with an unreadable body (${requestId})`);
          }
        }
      }
      const charged = lower['x-service-charged-usd'];
      if (outcomes.has(requestId)) unexpected.push(`x-request-id ${requestId} seen twice`);
      outcomes.set(requestId, {
        op,
        account: context.account,
        status,
        replayed,
        expected,
        header: charged === undefined ? null : Math.round(Number(charged) * 1_000_000),
      });
    },
  };
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: DURATION_S,
    timeout: 30,
    requests: [request],
  });
}

function printFigures(op, result) {
  const non2xx = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    if (!code.startsWith('2')) non2xx[code] = stat.count;
  log(
    `${op.padEnd(6)}  requests ${result.requests.total}  rps ${result.requests.average.toFixed(0)}  ` +
      `latency p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
      `non-2xx ${JSON.stringify(non2xx)}  errors ${result.errors}  timeouts ${result.timeouts}`,
  );
}

async function audit({ db, accounts, outcomes, connections, unexpected }) {
  check(
    'no duplicate x-request-id among responses',
    unexpected.length === 0,
    unexpected.slice(0, 3).join('; '),
  );
  const statuses = [...outcomes.values()].map((o) => o.status);
  const fiveXx = statuses.filter((s) => s >= 500).length;
  check('zero 5xx', fiveXx === 0, `${fiveXx} of ${statuses.length}`);
  const okCount = statuses.filter((s) => s === 200).length;
  check(
    'most calls succeeded (the load reached the operations)',
    okCount > statuses.length * 0.9,
    `${okCount} of ${statuses.length} were 200`,
  );

  // Usage records are written after each response: wait until they stop arriving (bounded).
  let previous = -1;
  for (let i = 0; i < 60; i++) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM usage_records`);
    if (rows[0].n === previous && rows[0].n >= outcomes.size) break;
    previous = rows[0].n;
    await sleep(250);
  }

  const usage = new Map();
  const duplicateUsage = [];
  for (const row of (await db.query(`SELECT request_id, status, charged FROM usage_records`))
    .rows) {
    if (usage.has(row.request_id)) duplicateUsage.push(row.request_id);
    usage.set(row.request_id, { status: row.status, charged: Number(row.charged) });
  }
  const missingUsage = [...outcomes.keys()].filter((id) => !usage.has(id));
  const statusMismatch = [...outcomes].filter(
    ([id, o]) => usage.has(id) && usage.get(id).status !== o.status,
  );
  check(
    'every response has exactly one usage record with its status',
    duplicateUsage.length === 0 && missingUsage.length === 0 && statusMismatch.length === 0,
    `${duplicateUsage.length} duplicated, ${missingUsage.length} missing, ${statusMismatch.length} with another status`,
  );

  const charges = (
    await db.query(
      `SELECT account_id, request_id, -amount AS amount FROM ledger_entries WHERE kind = 'charge' AND mode = 'test'`,
    )
  ).rows.map((r) => ({
    accountId: r.account_id,
    requestId: r.request_id,
    amount: Number(r.amount),
  }));
  const chargeByRequest = new Map();
  const duplicateCharges = [];
  for (const c of charges) {
    if (chargeByRequest.has(c.requestId)) duplicateCharges.push(c.requestId);
    chargeByRequest.set(c.requestId, c);
  }
  check(
    'no request charged twice',
    duplicateCharges.length === 0,
    `${charges.length} charges, ${duplicateCharges.length} duplicated`,
  );

  const wrong = [];
  for (const [id, o] of outcomes) {
    const charge = chargeByRequest.get(id);
    const got = charge ? charge.amount : 0;
    if (got !== o.expected)
      wrong.push(
        `${o.op} ${o.status}${o.replayed ? ' replayed' : ''} ${id}: charged ${got}, expected ${o.expected}`,
      );
    if (o.status === 200 && !o.replayed && o.header !== o.expected)
      wrong.push(`${o.op} ${id}: header said ${o.header}, expected ${o.expected}`);
    if (o.status !== 200 && o.header !== null)
      wrong.push(`${o.op} ${o.status} ${id} carries a charge header`);
  }
  check(
    'every 200 charged exactly what it delivered (assist 0.010000, scan 0.007500 per reel); nothing else charged',
    wrong.length === 0,
    wrong.slice(0, 3).join('; ') || `${outcomes.size} responses`,
  );

  // Charges of requests cut off when the run ended (the client never saw them): each must still
  // be one 200 in the usage records with the same charge.
  const unseen = charges.filter((c) => !outcomes.has(c.requestId));
  const unseenBad = unseen.filter((c) => {
    const u = usage.get(c.requestId);
    return !u || u.status !== 200 || u.charged !== c.amount;
  });
  check(
    'charges of calls cut off at the end are each one recorded 200',
    unseenBad.length === 0 && unseen.length <= connections,
    `${unseen.length} unseen, ${unseenBad.length} inconsistent`,
  );

  const usageTotal = new Map();
  for (const row of (
    await db.query(`SELECT account_id, sum(charged)::bigint AS total FROM usage_records GROUP BY 1`)
  ).rows)
    usageTotal.set(row.account_id, Number(row.total));
  let accountProblems = [];
  for (const account of accounts) {
    const balance = (
      await db.query(`SELECT balance, held FROM balances WHERE account_id = $1 AND mode = 'test'`, [
        account.id,
      ])
    ).rows[0];
    const ledger = Number(
      (
        await db.query(
          `SELECT coalesce(sum(amount), 0)::bigint AS s FROM ledger_entries WHERE account_id = $1 AND mode = 'test'`,
          [account.id],
        )
      ).rows[0].s,
    );
    const charged = charges
      .filter((c) => c.accountId === account.id)
      .reduce((s, c) => s + c.amount, 0);
    const b = Number(balance.balance);
    if (b !== ledger) accountProblems.push(`${account.email}: balance ${b} ≠ ledger ${ledger}`);
    if (b !== CREDIT_MICROS - charged)
      accountProblems.push(
        `${account.email}: balance ${b} ≠ credit − charges ${CREDIT_MICROS - charged}`,
      );
    if ((usageTotal.get(account.id) ?? 0) !== charged)
      accountProblems.push(
        `${account.email}: usage says ${usageTotal.get(account.id)} charged, ledger ${charged}`,
      );
    if (Number(balance.held) !== 0)
      accountProblems.push(`${account.email}: ${balance.held} still held`);
  }
  check(
    `every account (${accounts.length}): balance = sum of ledger = credit − charges = credit − usage, nothing held`,
    accountProblems.length === 0,
    accountProblems.slice(0, 3).join('; '),
  );
}

async function main() {
  const cleanups = [];
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-load-'));
  cleanups.push(async () => fs.rmSync(workDir, { recursive: true, force: true }));
  try {
    log(
      `load: ${QUICK ? 'quick' : 'full'} run (${DURATION_S} s, ${ACCOUNTS} accounts × ${KEYS_PER_ACCOUNT} test keys, ${SUBJECTS} subjects)`,
    );
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js'), '--api'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0 || !fs.existsSync(MAIN)) throw new Error('the API build failed');

    const databaseUrl = await freshDatabase(cleanups);
    const cliEnv = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' };
    log((await cli(cliEnv, ['migrate'])).trim());

    const setupStarted = Date.now();
    const accounts = Array.from({ length: ACCOUNTS }, (_, i) => ({
      index: i,
      email: `load-${i}-${crypto.randomBytes(3).toString('hex')}@example.test`,
    }));
    await inPool(
      accounts.map(
        (a) => () =>
          cli(cliEnv, [
            'accounts:create',
            '--email',
            a.email,
            '--password',
            `pw-${crypto.randomBytes(8).toString('hex')}`,
            '--api-access',
          ]),
      ),
      3,
    );
    const keys = (
      await inPool(
        accounts.flatMap((a) => [
          async () => {
            await cli(cliEnv, [
              'credit:add',
              '--email',
              a.email,
              '--usd',
              CREDIT_USD,
              '--mode',
              'test',
              '--reason',
              'load test',
            ]);
            return [];
          },
          ...Array.from({ length: KEYS_PER_ACCOUNT }, (_, k) => async () => {
            const out = (
              await cli(cliEnv, [
                'keys:create',
                '--email',
                a.email,
                '--mode',
                'test',
                '--name',
                `load ${k}`,
              ])
            )
              .trim()
              .split('\n');
            return [{ accountIndex: a.index, key: out[out.length - 1] }];
          }),
        ]),
        3,
      )
    ).flat();
    log(
      `load: ${accounts.length} accounts and ${keys.length} keys made with the CLI in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    for (const a of accounts)
      a.id = (await db.query(`SELECT id FROM accounts WHERE email = $1`, [a.email])).rows[0].id;

    const port = await freePort();
    const api = startApi(
      {
        ...process.env,
        NODE_ENV: 'production',
        AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
        DATABASE_URL: databaseUrl,
        API_PORT: String(port),
        API_HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        REDIS_URL: '',
        RATE_LIMIT_PER_KEY_PER_MIN: '1000000',
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '1000000',
        RATE_LIMIT_IN_FLIGHT_PER_KEY: '1000',
        SANDBOX_MEDIA_DIR: path.join(workDir, 'sandbox-media'),
        MEDIA_CACHE_DIR: path.join(workDir, 'media-cache'),
      },
      cleanups,
    );
    try {
      await waitFor(
        'GET /health 200',
        async () => {
          if (api.child.exitCode !== null) throw new Error('the API exited during start-up');
          return (await fetch(`http://127.0.0.1:${port}/health`)).status === 200;
        },
        60_000,
      );
    } catch (error) {
      throw new Error(`${error.message}\n${api.tail()}`);
    }

    const outcomes = new Map();
    const unexpected = [];
    log(
      `load: assist (${ASSIST_CONNECTIONS} connections) and scan (${SCAN_CONNECTIONS} connections) for ${DURATION_S} s on 127.0.0.1:${port}`,
    );
    const [assist, scan] = await Promise.all([
      runLoad({ port, op: 'assist', connections: ASSIST_CONNECTIONS, keys, outcomes, unexpected }),
      runLoad({ port, op: 'scan', connections: SCAN_CONNECTIONS, keys, outcomes, unexpected }),
    ]);
    log('');
    printFigures('assist', assist);
    printFigures('scan', scan);
    const fresh = [...outcomes.values()].filter((o) => o.status === 200 && !o.replayed);
    const assistCharged = fresh.filter((o) => o.op === 'assist');
    const scanCharged = fresh.filter((o) => o.op === 'scan');
    const usd = (micros) => (micros / 1_000_000).toFixed(6);
    log(
      `charged assist ${assistCharged.length} × 0.010000 = ${usd(assistCharged.length * PRICE.assist)} USD; ` +
        `scan ${scanCharged.reduce((n, o) => n + o.expected / PRICE.scanReel, 0)} reels × 0.007500 = ` +
        `${usd(scanCharged.reduce((n, o) => n + o.expected, 0))} USD (as the responses said)`,
    );
    const total = assist.requests.total + scan.requests.total;
    log(
      `total   requests ${total}  rps ${(total / DURATION_S).toFixed(0)}  (responses recorded: ${outcomes.size})`,
    );
    log('');
    check(
      'no client errors or timeouts',
      assist.errors + scan.errors + assist.timeouts + scan.timeouts === 0,
      `errors ${assist.errors + scan.errors}, timeouts ${assist.timeouts + scan.timeouts}`,
    );
    await audit({
      db,
      accounts,
      outcomes,
      connections: ASSIST_CONNECTIONS + SCAN_CONNECTIONS,
      unexpected,
    });
  } catch (error) {
    check('the run completed', false, error instanceof Error ? error.message : String(error));
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        log(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  const failed = results.filter((r) => !r.ok).length;
  log(`\n${results.length - failed} passed, ${failed} failed`);
  process.exitCode = failed > 0 || results.length === 0 ? 1 : 0;
}

main();
