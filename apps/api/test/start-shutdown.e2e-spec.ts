/**
 * `npm start` (scripts/start.js) and `npm run cli` (scripts/cli.js) stopped while their embedded
 * Postgres is still starting must not leave that Postgres running. Runs a copy of scripts/ in a
 * temporary root (its own .data, no .env, the API build marked up to date: nothing past the
 * database is needed) and signals the launcher as soon as the postmaster exists, holding the
 * postmaster stopped until the launcher has taken the signal, so that it lands before Postgres
 * is ready.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, until, waitForValue } from './support/local-servers';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Pids of postmasters serving `dataDir` (started as `postgres -D <dataDir> …`). */
function postmasters(dataDir: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (path.basename(argv[0]) === 'postgres' && argv[1] === '-D' && argv[2] === dataDir) {
        found.push(Number(entry));
      }
    } catch {
      // gone
    }
  }
  return found;
}

/** Sends `signal` to `pid` unless it is gone already. */
function signalIfAlive(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // gone
  }
}

describe('launchers stopped during start-up (e2e)', () => {
  let tempRoot: string;
  let dataDir: string;
  let launcher: ChildProcess | undefined;
  /** The postmaster while the test holds it stopped (SIGSTOP): it must be let go whatever happens. */
  let frozen: number | undefined;

  beforeAll(() => {
    tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'reelscout-start-'));
    fs.chmodSync(tempRoot, 0o755); // Postgres may run as another user (when we are root)
    fs.cpSync(path.join(ROOT, 'scripts'), path.join(tempRoot, 'scripts'), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tempRoot, 'node_modules'));
    // The API's build inputs in this root are only scripts/: stamping their fingerprint makes
    // `build('api')` find the (absent) API up to date.
    const stamp = path.join(tempRoot, 'dist', 'apps', 'api', '.build-fingerprint');
    fs.mkdirSync(path.dirname(stamp), { recursive: true });
    const builder = createRequire(__filename)(path.join(tempRoot, 'scripts', 'build.js')) as {
      currentFingerprint(name: string, profile: string): string;
    };
    fs.writeFileSync(stamp, builder.currentFingerprint('api', 'start'));
    dataDir = path.join(tempRoot, '.data', 'postgres');
  });

  afterAll(async () => {
    if (launcher && launcher.exitCode === null && launcher.signalCode === null) {
      launcher.kill('SIGKILL');
    }
    if (frozen) signalIfAlive(frozen, 'SIGCONT');
    // A failed run's leftover.
    for (const pid of postmasters(dataDir)) signalIfAlive(pid, 'SIGQUIT');
    try {
      await until(() => postmasters(dataDir).length === 0, 10_000, 'leftover postmasters to end');
    } finally {
      fs.rmSync(tempRoot, { recursive: true, force: true });
    }
  });

  /**
   * Starts `script` with `args`, sends SIGTERM once its postmaster exists (held stopped until
   * the launcher says "stopping"), and answers how the launcher ended; the postmaster is gone.
   */
  async function stopDuringStart(
    script: string,
    args: string[],
  ): Promise<{ code: number | null; output: string }> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      API_PORT: String(await freePort()),
      WEB_PORT: String(await freePort()),
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const child = spawn(process.execPath, [path.join(tempRoot, 'scripts', script), ...args], {
      cwd: tempRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher = child;
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    const postmaster = await waitForValue(() => postmasters(dataDir)[0], 60_000, 'the postmaster');
    // Held stopped, the postmaster cannot become ready (the launcher needs new connections) until
    // the launcher has taken the SIGTERM: it says "stopping" at once. Without this the signal
    // would race the start-up, and on losing it the launcher goes on (and fails: no API build).
    process.kill(postmaster, 'SIGSTOP');
    frozen = postmaster;
    try {
      child.kill('SIGTERM');
      await until(() => /stopping/.test(output), 30_000, 'the launcher to take the SIGTERM');
    } finally {
      signalIfAlive(postmaster, 'SIGCONT');
      frozen = undefined;
    }
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), 60_000))),
    ]);
    clearTimeout(timer);
    if (code === 'timeout') throw new Error(`${script} did not exit; it printed: ${output}`);

    // The postmaster ends within a moment of the launcher, if it was stopped.
    await until(() => postmasters(dataDir).length === 0, 5_000, 'the postmaster to end').catch(
      () => undefined, // the assertion below names what is left
    );
    expect(postmasters(dataDir)).toEqual([]);
    return { code, output };
  }

  it('npm start: SIGTERM while the embedded Postgres is starting stops it too', async () => {
    const { code, output } = await stopDuringStart('start.js', []);
    // Taken while Postgres was starting: the launcher never reported it ready.
    expect(output).not.toMatch(/Postgres ready/);
    expect({ code, output }).toEqual({ code: 0, output: expect.stringMatching(/stopped\n$/) });
    expect(output).not.toMatch(/api: building/);
  }, 120_000);

  it('npm run cli: SIGTERM while the embedded Postgres is starting stops it, and no command runs', async () => {
    const { code, output } = await stopDuringStart('cli.js', ['migrate']);
    // 128 + SIGTERM, as a shell reports it. A command that ran would have failed here (this
    // root has no API build) with exit code 1.
    expect({ code, output }).toEqual({ code: 143, output: '[reelscout] stopping…\n' });
  }, 120_000);
});
