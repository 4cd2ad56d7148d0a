'use strict';
/**
 * `npm start`: builds what is out of date, starts the embedded Postgres when DATABASE_URL is
 * unset, migrates, then runs the API and the dashboard. Ctrl-C or SIGTERM stops all of it.
 *
 * Quiet by default: one line per component when it is ready, then a banner (dashboard, API,
 * API reference, and on the very first start the administrator's one-time invite link) as the
 * last thing printed; after it only warnings and errors appear. LOG_LEVEL=info or debug brings
 * back the detail (the build tools' output, the API's and the dashboard's own logs).
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { ROOT, DATA_DIR, loadDotEnv, localSecret, intFromEnv } = require('./lib/env');
const { ensureDatabase } = require('./lib/database');
const { build } = require('./build');

/** LOG_LEVEL unset, or warn and quieter: the quiet start. */
const QUIET_LEVELS = new Set(['warn', 'error', 'fatal', 'silent']);

const log = (message) => process.stdout.write(`[reelscout] ${message}\n`);
const children = [];
let shuttingDown = false;
/** The database start, from the moment it begins: a shutdown during it must still stop it. */
let databaseReady;

function startChild(name, command, args, env, { stdout = 'inherit' } = {}) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', stdout, 'inherit'] });
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

async function waitForPage(url, child, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the dashboard exited during start-up');
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the dashboard did not answer ${url} within ${ms / 1000} s`);
}

/** The quiet dashboard: its start-up chatter is dropped; warnings and errors go through. */
function forwardWarnings(stream) {
  readline.createInterface({ input: stream }).on('line', (line) => {
    if (/⚠|warn|error|fail/i.test(line)) process.stdout.write(`[dashboard] ${line.trim()}\n`);
  });
}

/** The one-time invite the API wrote on the very first start (then removed), or null. */
function takeInvite(file) {
  try {
    const url = fs.readFileSync(file, 'utf8').trim();
    fs.rmSync(file, { force: true });
    return url || null;
  } catch {
    return null;
  }
}

/**
 * The embedded development setup (no DATABASE_URL, not production, no allowance chosen) lets
 * outbound requests reach this machine's loopback, so a test-mode webhook endpoint can point at a
 * receiver the developer runs here. Only ever set together with a banner row saying so.
 */
const LOCAL_ALLOWANCE = '127.0.0.1,::1';

function localAllowance(database) {
  const chosen = process.env.OUTBOUND_ALLOW_PRIVATE_HOSTS !== undefined;
  const production = process.env.NODE_ENV === 'production';
  return database.embedded && !chosen && !production ? LOCAL_ALLOWANCE : undefined;
}

function banner({ webPort, apiPort, invite, seconds, allowance }) {
  const rows = [
    ['Dashboard', `http://localhost:${webPort}`],
    ['API', `http://localhost:${apiPort}/v1`],
    ['API reference', `http://localhost:${apiPort}/docs`],
  ];
  if (allowance) {
    rows.push([
      'Outbound',
      `may reach ${allowance} (local webhook receivers; OUTBOUND_ALLOW_PRIVATE_HOSTS)`,
    ]);
  }
  if (invite) rows.push(['First sign-up', invite]);
  const width = Math.max(...rows.map(([name]) => name.length));
  const lines = [
    '',
    `  Reelscout is running (ready in ${seconds.toFixed(1)} s).`,
    '',
    ...rows.map(([name, value]) => `    ${name.padEnd(width)}  ${value}`),
    '',
  ];
  if (invite) {
    lines.push(
      '  First start: open the First sign-up link to create the administrator account.',
      '  It works once; if it is lost: npm run cli -- invites:create --api-access --admin',
      '',
    );
  }
  lines.push('  Ctrl-C stops it. LOG_LEVEL=debug npm start shows the detail.', '');
  return lines.join('\n');
}

async function main() {
  const started = Date.now();
  loadDotEnv();
  const apiPort = intFromEnv('API_PORT', 4000);
  const webPort = intFromEnv('WEB_PORT', 3000);
  const quiet = !process.env.LOG_LEVEL || QUIET_LEVELS.has(process.env.LOG_LEVEL);
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  build('api', { log, quiet, profile: 'start' });
  if (shuttingDown) return;
  databaseReady = ensureDatabase(log);
  const database = await databaseReady;
  if (shuttingDown) return; // shutdown() stops it

  fs.mkdirSync(DATA_DIR, { recursive: true });
  const inviteFile = path.join(DATA_DIR, 'bootstrap-invite');
  fs.rmSync(inviteFile, { force: true });
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${webPort}`,
    AUTH_SECRET: process.env.AUTH_SECRET || localSecret('auth-secret'),
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    BOOTSTRAP_INVITE_FILE: inviteFile,
    NEXT_TELEMETRY_DISABLED: '1',
    // Test mode's first music call finds the sandbox's sounds read (docs/test-mode.md).
    SANDBOX_SOUND_SEED: process.env.SANDBOX_SOUND_SEED || 'true',
  };
  const allowance = localAllowance(database);
  if (allowance) env.OUTBOUND_ALLOW_PRIVATE_HOSTS = allowance;
  const migrate = spawnSync(process.execPath, ['dist/apps/api/cli.js', 'migrate'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (shuttingDown) return;
  if (migrate.status !== 0) {
    process.stdout.write(migrate.stdout ?? '');
    throw new Error('migrations failed');
  }
  const applied = /^Applied (\d+)/m.exec(migrate.stdout ?? '');
  log(
    `database: ${database.embedded ? `embedded Postgres on 127.0.0.1:${database.port} (data in .data/postgres)` : 'DATABASE_URL'}, ` +
      (applied ? `${applied[1]} migration(s) applied` : 'schema up to date'),
  );
  if (!quiet) process.stdout.write(migrate.stdout ?? '');

  const api = startChild('API', process.execPath, ['dist/apps/api/main.js'], env);
  await waitForHealth(`http://127.0.0.1:${apiPort}/health`, api, 60_000);
  log(`api: ready on port ${apiPort}`);

  build('web', { log, quiet, profile: 'start' });
  if (shuttingDown) return;
  // Next.js's handler behind our own server, which sets X-Forwarded-For from the connection.
  const web = startChild(
    'dashboard',
    process.execPath,
    ['apps/web/server.js', '-p', String(webPort), '-H', '127.0.0.1'],
    env,
    { stdout: quiet ? 'pipe' : 'inherit' },
  );
  if (quiet) forwardWarnings(web.stdout);
  await waitForPage(`http://127.0.0.1:${webPort}/sign-in`, web, 60_000);
  log(`dashboard: ready on port ${webPort}`);
  if (shuttingDown) return;
  const invite = takeInvite(inviteFile);
  process.stdout.write(
    banner({ webPort, apiPort, invite, allowance, seconds: (Date.now() - started) / 1000 }) + '\n',
  );
}

main().catch((error) => {
  process.stderr.write(`[reelscout] start failed: ${error.message}\n`);
  shutdown(1);
});
