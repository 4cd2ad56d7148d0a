'use strict';
/**
 * `npm start`: builds what is out of date, starts the embedded Postgres when DATABASE_URL is
 * unset, migrates, then runs the API and the dashboard. Ctrl-C or SIGTERM stops all of it.
 */
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');
const { ROOT, loadDotEnv, localSecret, intFromEnv } = require('./lib/env');
const { ensureDatabase } = require('./lib/database');
const { build } = require('./build');

const log = (message) => process.stdout.write(`[reelscout] ${message}\n`);
const children = [];
let shuttingDown = false;
/** The database start, from the moment it begins: a shutdown during it must still stop it. */
let databaseReady;

function startChild(name, command, args, env) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.name = name;
  child.exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.exited.then(({ code, signal }) => {
    if (!shuttingDown) {
      log(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); shutting down`);
      shutdown(1);
    }
  });
  children.push(child);
  return child;
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await child.exited;
  clearTimeout(timer);
}

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  log('stopping…');
  await Promise.all(children.slice().reverse().map(stopChild));
  // A Postgres still starting is waited for, then stopped (a failed start leaves none running).
  const database = databaseReady && (await databaseReady.catch(() => undefined));
  if (database) await database.stop();
  log('stopped');
  process.exit(code);
}

async function waitForHealth(url, child, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the API exited during start-up');
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API did not answer ${url} within ${ms / 1000} s`);
}

async function main() {
  const started = Date.now();
  loadDotEnv();
  const apiPort = intFromEnv('API_PORT', 4000);
  const webPort = intFromEnv('WEB_PORT', 3000);
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  build('api', { log });
  if (shuttingDown) return;
  databaseReady = ensureDatabase(log);
  const database = await databaseReady;
  if (shuttingDown) return; // shutdown() stops it
  log(
    database.embedded
      ? `embedded Postgres ready on 127.0.0.1:${database.port} (data in .data/postgres)`
      : 'using DATABASE_URL',
  );

  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${webPort}`,
    AUTH_SECRET: process.env.AUTH_SECRET || localSecret('auth-secret'),
    NEXT_TELEMETRY_DISABLED: '1',
  };
  const migrate = spawnSync(process.execPath, ['dist/apps/api/cli.js', 'migrate'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  if (shuttingDown) return;
  if (migrate.status !== 0) throw new Error('migrations failed');

  const api = startChild('API', process.execPath, ['dist/apps/api/main.js'], env);
  await waitForHealth(`http://127.0.0.1:${apiPort}/health`, api, 60_000);
  log(
    `API ready at http://localhost:${apiPort} (docs: http://localhost:${apiPort}/docs) after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  build('web', { log });
  if (shuttingDown) return;
  const nextBin = path.join(ROOT, 'node_modules', '.bin', 'next');
  startChild(
    'dashboard',
    nextBin,
    ['start', 'apps/web', '-p', String(webPort), '-H', '127.0.0.1'],
    env,
  );
  log(`dashboard at http://localhost:${webPort}`);
  log('press Ctrl-C to stop');
}

main().catch((error) => {
  process.stderr.write(`[reelscout] start failed: ${error.message}\n`);
  shutdown(1);
});
