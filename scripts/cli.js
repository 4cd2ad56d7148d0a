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
const { spawn } = require('node:child_process');
const { constants } = require('node:os');
const { ROOT, loadDotEnv, localSecret } = require('./lib/env');
const { ensureDatabase } = require('./lib/database');
const { build } = require('./build');

const CLI = 'dist/apps/api/cli.js';
/** Commands that touch no database. */
const NO_DATABASE_COMMANDS = new Set(['providers:check', 'openapi']);

/**
 * The signal (Ctrl-C, SIGTERM) that stopped the CLI, if one came. Whatever it interrupts, the
 * embedded Postgres this CLI started is still stopped (a start in progress is waited for first);
 * no further step starts; a running command is passed the signal.
 */
let interrupted = null;
/** The command (or migration) running now. */
let running = null;

function onSignal(signal) {
  if (interrupted) return;
  interrupted = signal;
  process.stderr.write('[reelscout] stopping…\n');
  if (running) running.kill(signal);
}

/** The shell's exit code for a process ended by `signal` (SIGINT 130, SIGTERM 143). */
function signalExitCode(signal) {
  return 128 + (constants.signals[signal] ?? 0);
}

/** Runs the built CLI with `args`; resolves with its exit status and what it printed to stdout. */
function runCli(args, env, stdio) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env, stdio });
    running = child;
    let stdout = '';
    if (child.stdout) child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.once('error', (error) => {
      running = null;
      reject(error);
    });
    child.once('close', (status, signal) => {
      running = null;
      resolve({ status, signal, stdout });
    });
  });
}

/** Applies pending migrations; their summary goes to stderr, so a key stays stdout's last line. */
async function migrate(env) {
  const result = await runCli(['migrate'], env, ['ignore', 'pipe', 'inherit']);
  if (interrupted) return;
  const output = result.stdout.trim();
  if (result.status !== 0) {
    if (output) process.stderr.write(`${output}\n`);
    throw new Error('migrating the embedded database failed');
  }
  if (output && !/up to date/.test(output)) process.stderr.write(`${output}\n`);
}

async function main() {
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  loadDotEnv();
  build('api', { log: () => undefined, profile: 'start' });
  if (interrupted) return signalExitCode(interrupted);
  const args = process.argv.slice(2);
  // Commands that need no database, and help (asked for or shown for no command), run
  // without starting (or reaching) one.
  const help =
    args.length === 0 || args[0] === 'help' || args.includes('--help') || args.includes('-h');
  if (help || NO_DATABASE_COMMANDS.has(args[0])) {
    const result = await runCli(args, process.env, 'inherit');
    if (interrupted) return signalExitCode(interrupted);
    return result.status ?? (result.signal ? signalExitCode(result.signal) : 1);
  }
  const database = await ensureDatabase(() => undefined);
  try {
    if (interrupted) return signalExitCode(interrupted);
    const env = {
      ...process.env,
      DATABASE_URL: database.url,
      AUTH_SECRET: process.env.AUTH_SECRET || localSecret('auth-secret'),
    };
    if (database.embedded && args.length > 0 && args[0] !== 'migrate') await migrate(env);
    if (interrupted) return signalExitCode(interrupted);
    const result = await runCli(args, env, 'inherit');
    if (interrupted) return signalExitCode(interrupted);
    return result.status ?? (result.signal ? signalExitCode(result.signal) : 1);
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
