'use strict';
/**
 * What a load run stands on: a fresh database, the operator CLI against it, and the built API
 * as a child process. Each start pushes its own clean-up onto `cleanups`.
 */
const { spawn, execFile } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { ROOT } = require('../lib/env');
const { startEmbeddedPostgres, freePort } = require('../lib/embedded-postgres');
const { MAIN, CLI } = require('./settings');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** Polls `probe` every 200 ms until it is true; an API that exited ends the wait at once. */
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

/**
 * A database of its own: a new one on DATABASE_URL's server when that is set (dropped
 * afterwards), else an embedded Postgres in a temp dir.
 */
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
  if (pg.relocated)
    cleanups.push(async () => fs.rmSync(pg.dataDir, { recursive: true, force: true }));
  return pg.url;
}

/** dist/apps/api/main.js as a child; its last log lines are kept for a failed start. */
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

/** The built API on a free port of 127.0.0.1, against the load database; resolves once healthy. */
async function serveApi({ databaseUrl, workDir, cleanups }) {
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
      // Any free port for the metrics listener: never a clash with another instance here.
      METRICS_PORT: '0',
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
  return port;
}

module.exports = { sleep, cli, freshDatabase, serveApi };
