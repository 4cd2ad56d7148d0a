'use strict';
/**
 * The servers the browser test drives, started the way `npm start` starts them, on a fresh
 * database: builds what is stale (`scripts/build.js`: the tests' own builds; the dashboard
 * reads this run's API_PORT at run time), creates a new database (on DATABASE_URL's server,
 * or in an embedded Postgres in a temp dir), migrates, then runs the API and the dashboard's
 * server (apps/web/server.js, as `npm start` does).
 * Everything listens on 127.0.0.1; every wait has a deadline; stop() ends what start() began.
 */
const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const { apiDir, webDistDir } = require('../../../scripts/lib/build-paths');
/** stop() of every stack that has started and not stopped yet. */
const active = new Set();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Runs a command to completion, bounded; resolves with its output, rejects on failure. */
function runCommand(command, args, { env, timeoutMs, echo = false }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      if (echo) process.stderr.write(chunk);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `\`${path.basename(command)} ${args.join(' ')}\` took over ${timeoutMs / 1000} s`,
        ),
      );
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else
        reject(
          new Error(
            `\`${path.basename(command)} ${args.join(' ')}\` failed (exit ${code}):\n${output.slice(-4000)}`,
          ),
        );
    });
  });
}

/** A long-running child in its own process group, its output kept for the test to read. */
function startServer(name, command, args, env) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { name, child, output: '' };
  const keep = (chunk) => {
    server.output += chunk;
    if (server.output.length > 2_000_000) server.output = server.output.slice(-1_000_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  server.exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return server;
}

async function stopServer(server) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
  const stopped = await Promise.race([
    server.exited.then(() => true),
    sleep(10_000).then(() => false),
  ]);
  if (!stopped) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
    await Promise.race([server.exited, sleep(5_000)]);
  }
}

async function waitForHttp(url, server, ms, accept = (status) => status === 200) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`${server.name} exited during start-up:\n${server.output.slice(-3000)}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3_000), redirect: 'manual' });
      if (accept(response.status)) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(
    `${server.name} did not answer ${url} within ${ms / 1000} s:\n${server.output.slice(-3000)}`,
  );
}

/** A database of its own: on DATABASE_URL's server when set, else an embedded Postgres. */
async function freshDatabase(log) {
  const name = `reelscout_e2e_${crypto.randomBytes(5).toString('hex')}`;
  if (process.env.DATABASE_URL) {
    const { Client } = require('pg');
    const admin = new URL(process.env.DATABASE_URL);
    const connect = async () => {
      const client = new Client({
        connectionString: admin.toString(),
        connectionTimeoutMillis: 10_000,
      });
      await client.connect();
      return client;
    };
    const client = await connect();
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    } finally {
      await client.end();
    }
    const url = new URL(admin.toString());
    url.pathname = `/${name}`;
    log(`database ${name} created on DATABASE_URL's server`);
    return {
      url: url.toString(),
      stop: async () => {
        const dropper = await connect();
        try {
          await dropper.query(
            `DROP DATABASE IF EXISTS ${dropper.escapeIdentifier(name)} WITH (FORCE)`,
          );
        } finally {
          await dropper.end();
        }
      },
    };
  }
  const { startEmbeddedPostgres } = require('../../../scripts/lib/embedded-postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-e2e-'));
  fs.chmodSync(dir, 0o755); // the server runs as the `postgres` user when we are root
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'postgres'),
    durable: false,
    database: 'reelscout',
  });
  log(`embedded Postgres on 127.0.0.1:${pg.port} in ${dir}`);
  return {
    url: pg.url,
    stop: async () => {
      await pg.stop();
      fs.rmSync(dir, { recursive: true, force: true });
      if (pg.relocated) fs.rmSync(pg.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts everything. Ports: E2E_API_PORT (4710) and E2E_WEB_PORT (3710).
 * E2E_SKIP_BUILD=1 uses the existing builds as they are. `env` adds to or overrides the
 * servers' environment (Stripe and SMTP are off by default).
 */
async function startStack({
  log = (m) => process.stderr.write(`[e2e] ${m}\n`),
  env: extraEnv = {},
} = {}) {
  const apiPort = Number(process.env.E2E_API_PORT || 4710);
  const webPort = Number(process.env.E2E_WEB_PORT || 3710);
  const webUrl = `http://127.0.0.1:${webPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const cleanups = [];
  const servers = [];
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    active.delete(stop);
    for (const server of servers.reverse()) await stopServer(server).catch(() => undefined);
    for (const cleanup of cleanups.reverse()) {
      await Promise.race([cleanup().catch((e) => log(`cleanup: ${e.message}`)), sleep(30_000)]);
    }
  };

  active.add(stop);
  try {
    for (const port of [apiPort, webPort]) {
      if (!(await portFree(port)))
        throw new Error(`port ${port} is taken (set E2E_API_PORT / E2E_WEB_PORT)`);
    }
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      API_PORT: String(apiPort),
      API_HOST: '127.0.0.1',
      WEB_PORT: String(webPort),
      PUBLIC_URL: webUrl,
      AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'info',
      LOG_PRETTY: 'false',
      NEXT_TELEMETRY_DISABLED: '1',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      SMTP_URL: '',
      // The dashboard is the one proxy in front of the API (as in a deployment without nginx):
      // the API takes the client's address from the X-Forwarded-For the dashboard sets.
      TRUST_PROXY_HOPS: '1',
      // Any free port for the metrics listener: never a clash with another instance here.
      METRICS_PORT: '0',
      ...extraEnv,
      // The tests' own builds (.build/test, apps/web/.next-test): never the ones `npm start` runs.
      REELSCOUT_BUILD: 'test',
      NEXT_DIST_DIR: webDistDir('test'),
    };
    delete env.API_INTERNAL_URL;
    const apiBuild = apiDir('test');

    if (process.env.E2E_SKIP_BUILD === '1') log('E2E_SKIP_BUILD=1: using the existing builds');
    else {
      log('building what is stale (node scripts/build.js)…');
      await runCommand(process.execPath, ['scripts/build.js'], {
        env,
        timeoutMs: 900_000,
        echo: true,
      });
    }

    const database = await freshDatabase(log);
    cleanups.push(database.stop);
    env.DATABASE_URL = database.url;
    await runCommand(process.execPath, [path.join(apiBuild, 'cli.js'), 'migrate'], {
      env,
      timeoutMs: 120_000,
    });

    const api = startServer('API', process.execPath, [path.join(apiBuild, 'main.js')], env);
    servers.push(api);
    await waitForHttp(`${apiUrl}/health`, api, 90_000);
    log(`API ready at ${apiUrl}`);

    const web = startServer(
      'dashboard',
      process.execPath,
      [path.join(ROOT, 'apps', 'web', 'server.js'), '-p', String(webPort), '-H', '127.0.0.1'],
      env,
    );
    servers.push(web);
    await waitForHttp(`${webUrl}/sign-in`, web, 90_000);
    log(`dashboard ready at ${webUrl}`);

    return {
      webUrl,
      apiUrl,
      apiLog: () => api.output,
      /** A one-time invite link from the operator CLI (its last output line). */
      async createInvite({ apiAccess = false, admin = false } = {}) {
        const args = [path.join(apiBuild, 'cli.js'), 'invites:create'];
        if (apiAccess) args.push('--api-access');
        if (admin) args.push('--admin');
        const output = await runCommand(process.execPath, args, { env, timeoutMs: 60_000 });
        const url = output.trim().split('\n').pop().trim();
        if (!url.startsWith(`${webUrl}/invite/`))
          throw new Error(`unexpected invite output: ${output}`);
        return url;
      },
      /** A one-time password-reset link for `email` from the operator CLI (its last line). */
      async createResetLink(email) {
        const args = [path.join(apiBuild, 'cli.js'), 'reset-link:create', '--email', email];
        const output = await runCommand(process.execPath, args, { env, timeoutMs: 60_000 });
        const url = output.trim().split('\n').pop().trim();
        if (!url.startsWith(`${webUrl}/reset-password/`))
          throw new Error(`unexpected reset-link output: ${output}`);
        return url;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Stops whatever stacks are running on Ctrl-C / SIGTERM, then exits. */
function stopOnSignals() {
  const handler = (signal) => {
    Promise.allSettled([...active].map((stop) => stop())).finally(() =>
      process.exit(signal === 'SIGINT' ? 130 : 143),
    );
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}

module.exports = { startStack, stopOnSignals, ROOT };
