'use strict';
/**
 * Proves `npm start` on this checkout: API healthy and dashboard served, data kept across a
 * restart, and nothing of ours left running after Ctrl-C (SIGINT to the process group).
 * Bounded: every wait has a deadline. Prints the start-up times it measured.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { Client } = require('pg');
const { ROOT, DATA_DIR } = require('./lib/env');

// The browser test's ports (any free ports would do: the dashboard reads the API's address at
// run time).
const API_PORT = Number(process.env.SMOKE_API_PORT || 4710);
const WEB_PORT = Number(process.env.SMOKE_WEB_PORT || 3710);
const PG_PORT = Number(process.env.SMOKE_PG_PORT || 54610);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what, check, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await sleep(250);
  }
  throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
}

function startService() {
  const env = {
    ...process.env,
    API_PORT: String(API_PORT),
    WEB_PORT: String(WEB_PORT),
    EMBEDDED_POSTGRES_PORT: String(PG_PORT),
  };
  // The default start, as a newcomer runs it: quiet, with the banner last.
  delete env.LOG_LEVEL;
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  child.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  child.output = () => output;
  return child;
}

async function stopService(child) {
  if (child.exitCode !== null) return;
  process.kill(-child.pid, 'SIGINT'); // what Ctrl-C in a terminal does
  const code = await Promise.race([child.exited, sleep(30_000).then(() => 'timeout')]);
  if (code === 'timeout') {
    process.kill(-child.pid, 'SIGKILL');
    throw new Error('npm start did not stop within 30 s of SIGINT');
  }
}

function ourProcesses() {
  const found = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (
        cmd.includes(path.join(DATA_DIR, 'postgres')) ||
        cmd.includes('dist/apps/api/main.js') ||
        (cmd.includes('next') && cmd.includes(String(WEB_PORT)))
      ) {
        found.push(`${pid}: ${cmd}`);
      }
    } catch {
      // gone
    }
  }
  return found;
}

async function pgClient() {
  const password = fs.readFileSync(path.join(DATA_DIR, 'postgres.password'), 'utf8').trim();
  const client = new Client({
    host: '127.0.0.1',
    port: PG_PORT,
    user: 'postgres',
    password,
    database: 'reelscout',
  });
  await client.connect();
  return client;
}

/**
 * The banner is the last thing `npm start` printed, after one line per component: it names the
 * dashboard, the API, the API reference and (first start only) the one-time invite link.
 * Returns the banner and how many lines came before it.
 */
async function checkBanner(child, { firstStart }) {
  await waitFor('the start-up banner', async () => /Ctrl-C stops it/.test(child.output()), 60_000);
  // Checked before this test makes requests of its own (a 404 is logged as a warning).
  const text = child.output();
  const lines = text.replace(/\n+$/, '').split('\n');
  const start = lines.findIndex((line) => /Reelscout is running/.test(line));
  if (start < 0 || !/Ctrl-C stops it/.test(lines[lines.length - 1]))
    throw new Error(`the banner is not the last thing printed:\n${text.slice(-2000)}`);
  const banner = lines.slice(start).join('\n');
  for (const expected of [
    `Dashboard      http://localhost:${WEB_PORT}`,
    `API            http://localhost:${API_PORT}/v1`,
    `API reference  http://localhost:${API_PORT}/docs`,
  ]) {
    if (!banner.includes(expected)) throw new Error(`the banner lacks "${expected}":\n${banner}`);
  }
  // The embedded development setup's loopback allowance is never set without this row.
  const allowed =
    process.env.OUTBOUND_ALLOW_PRIVATE_HOSTS === undefined && process.env.NODE_ENV !== 'production';
  if (/Outbound +may reach 127\.0\.0\.1,::1/.test(banner) !== allowed)
    throw new Error(
      `the banner should ${allowed ? '' : 'not '}name the outbound allowance:\n${banner}`,
    );
  const invite = new RegExp(`First sign-up  http://localhost:${WEB_PORT}/invite/[\\w-]{20,}`);
  if (invite.test(banner) !== firstStart)
    throw new Error(
      `the invite link should ${firstStart ? '' : 'not '}be in the banner:\n${banner}`,
    );
  const before = lines.slice(0, start).filter((line) => line.trim() !== '');
  // npm's two lines, then one per component (API build, database, API, dashboard build, dashboard).
  if (before.length > 10)
    throw new Error(`${before.length} lines before the banner (at most 10):\n${before.join('\n')}`);
  return { banner, before };
}

async function runOnce(label, afterHealthy, { firstStart = false } = {}) {
  const started = Date.now();
  const child = startService();
  try {
    await waitFor(
      'GET /health 200',
      async () => (await fetch(`http://127.0.0.1:${API_PORT}/health`)).status === 200,
      240_000,
    );
    const healthySeconds = (Date.now() - started) / 1000;
    await waitFor(
      'the dashboard page',
      async () => {
        const res = await fetch(`http://127.0.0.1:${WEB_PORT}/`);
        return res.status === 200 && (await res.text()).includes('Reelscout');
      },
      300_000,
    );
    const webSeconds = (Date.now() - started) / 1000;
    const { banner, before } = await checkBanner(child, { firstStart });
    // After `npm test` (CI runs it first, on the same clone), the first start copies the tests'
    // builds of the same sources: nothing is built.
    if (firstStart && process.env.SMOKE_AFTER_TESTS === '1' && /building…/.test(child.output()))
      throw new Error(`npm start after npm test built again:\n${before.join('\n')}`);
    console.log(
      `${label}: ${before.length} lines before the banner, which is the last thing printed:\n` +
        banner.replace(/invite\/[\w-]+/, 'invite/<one-time token>'),
    );
    const notFound = await fetch(`http://127.0.0.1:${API_PORT}/nope`, { method: 'POST' });
    const body = await notFound.json();
    if (
      notFound.status !== 404 ||
      body.error.code !== 'not_found' ||
      body.error.requestId !== notFound.headers.get('x-request-id')
    ) {
      throw new Error(`unexpected 404 envelope: ${JSON.stringify(body)}`);
    }
    const proxied = await fetch(`http://127.0.0.1:${WEB_PORT}/api-health`);
    if (proxied.status !== 200)
      throw new Error(`dashboard proxy to the API answered ${proxied.status}`);
    await afterHealthy();
    console.log(
      `${label}: API healthy after ${healthySeconds.toFixed(1)} s, dashboard after ${webSeconds.toFixed(1)} s`,
    );
  } catch (error) {
    console.error(child.output().slice(-4000));
    throw error;
  } finally {
    await stopService(child);
  }
  await sleep(500);
  const left = ourProcesses();
  if (left.length) throw new Error(`processes left running after Ctrl-C:\n${left.join('\n')}`);
  console.log(`${label}: stopped cleanly, nothing left running`);
}

async function main() {
  const marker = `smoke-${Date.now()}`;
  // A first start is one whose database has never issued the bootstrap invite.
  const firstStart = !fs.existsSync(path.join(DATA_DIR, 'postgres'));
  await runOnce(
    'first start',
    async () => {
      const client = await pgClient();
      await client.query(`insert into app_settings (key, value) values ($1, '"kept"')`, [marker]);
      await client.end();
    },
    { firstStart },
  );
  await runOnce('second start', async () => {
    const client = await pgClient();
    const { rowCount } = await client.query('select 1 from app_settings where key = $1', [marker]);
    await client.query('delete from app_settings where key = $1', [marker]);
    await client.end();
    if (rowCount !== 1) throw new Error('data written before the restart is gone');
    console.log('second start: data from the first start is still there');
  });
  console.log('1 passed, 0 failed');
}

main().catch((error) => {
  console.error(`smoke test failed: ${error.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
