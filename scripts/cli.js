'use strict';
/**
 * `npm run cli -- <command>` (and `npm run migrate`, which is `cli migrate`): the operator CLI
 * against DATABASE_URL or the embedded Postgres.
 * The embedded server is started for the command and stopped afterwards; when `npm start`
 * already runs it, the command uses that server and leaves it running.
 * The embedded database is migrated before the command (it is ours, and a fresh clone has no
 * tables yet). A DATABASE_URL database is not: the CLI refuses to run commands on it while
 * migrations are pending and asks for `npm run migrate`.
 */
const { spawnSync } = require('node:child_process');
const { ROOT, loadDotEnv, localSecret } = require('./lib/env');
const { ensureDatabase } = require('./lib/database');
const { build } = require('./build');

const CLI = 'dist/apps/api/cli.js';

/** Applies pending migrations; their summary goes to stderr, so a key stays stdout's last line. */
function migrate(env) {
  const result = spawnSync(process.execPath, [CLI, 'migrate'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  const output = (result.stdout || '').trim();
  if (result.status !== 0) {
    if (output) process.stderr.write(`${output}\n`);
    throw new Error('migrating the embedded database failed');
  }
  if (output && !/up to date/.test(output)) process.stderr.write(`${output}\n`);
}

async function main() {
  loadDotEnv();
  build('api', { log: () => undefined });
  const args = process.argv.slice(2);
  const database = await ensureDatabase(() => undefined);
  try {
    const env = {
      ...process.env,
      DATABASE_URL: database.url,
      AUTH_SECRET: process.env.AUTH_SECRET || localSecret('auth-secret'),
    };
    if (database.embedded && args.length > 0 && args[0] !== 'migrate') migrate(env);
    const result = spawnSync(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env,
      stdio: 'inherit',
    });
    return result.status ?? 1;
  } finally {
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
);
