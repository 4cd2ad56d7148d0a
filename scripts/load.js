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
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { ROOT } = require('./lib/env');
const { audit } = require('./load/audit');
const { makeAccountsAndKeys } = require('./load/fixtures');
const { check, finish, log } = require('./load/report');
const {
  ACCOUNTS,
  ASSIST_CONNECTIONS,
  DURATION_S,
  KEYS_PER_ACCOUNT,
  MAIN,
  QUICK,
  SCAN_CONNECTIONS,
  SUBJECTS,
} = require('./load/settings');
const { cli, freshDatabase, serveApi } = require('./load/stack');
const { runTraffic } = require('./load/traffic');

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

    const { accounts, keys } = await makeAccountsAndKeys(cliEnv);

    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    for (const a of accounts)
      a.id = (await db.query(`SELECT id FROM accounts WHERE email = $1`, [a.email])).rows[0].id;

    const port = await serveApi({ databaseUrl, workDir, cleanups });

    const { outcomes, unexpected } = await runTraffic({ port, keys });
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
  finish();
}

main();
