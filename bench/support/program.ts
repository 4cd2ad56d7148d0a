import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

/**
 * Runs a bench program (bench/programs/*.ts) in a Node process of its own, outside Jest's
 * sandbox (see run-ts.js): the service under measurement runs as it does in production. The
 * program inherits this process's environment (the test database server and template from the
 * global setup) and output; it records its figures in bench/latest.json itself. Throws when it
 * fails.
 */
export function runProgram(file: string): void {
  const result = spawnSync(process.execPath, [path.join(__dirname, 'run-ts.js'), file], {
    cwd: ROOT,
    stdio: 'inherit',
    env: process.env,
    timeout: 15 * 60_000,
  });
  if (result.status !== 0) {
    throw new Error(`${file} failed (exit ${result.status ?? result.signal})`);
  }
}

/** The entry of a bench program: runs `main`, then exits 0, or 1 with its error. */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
