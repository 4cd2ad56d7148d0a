import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, until } from './local-servers';
import { TEST_AUTH_SECRET } from './test-app';
import { TEST_API_DIR } from './test-build';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** A built API process (main.js of the tests' build, as `npm start` runs it) on a port of its own. */
export interface BuiltApi {
  url: string;
  child: ChildProcess;
  /** The last few KB of its stderr: a start that fails says why in the test's failure. */
  stderr(): string;
}

/**
 * Starts `count` built API processes with `env` over this process's environment and the test
 * defaults (TEST_AUTH_SECRET; the global setup has built .build/test), and waits until each answers /health with 200.
 */
export async function startBuiltApis(
  count: number,
  env: Record<string, string>,
): Promise<BuiltApi[]> {
  const apis: BuiltApi[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(TEST_API_DIR, 'main.js')], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        // The secret of the in-process test apps: a session made on one is valid on the others.
        AUTH_SECRET: TEST_AUTH_SECRET,
        // Several instances on one host: each its own metrics port.
        METRICS_PORT: '0',
        ...env,
        API_PORT: String(port),
      },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4_000);
    });
    apis.push({ url: `http://127.0.0.1:${port}`, child, stderr: () => stderr });
  }
  for (const api of apis) {
    await until(
      async () => (await fetch(`${api.url}/health`)).status === 200,
      60_000,
      `${api.url}/health`,
      200,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; the instance's stderr:\n${api.stderr()}`);
    });
  }
  return apis;
}

/** SIGTERM to each, then waits until every one has exited. */
export async function stopBuiltApis(apis: BuiltApi[]): Promise<void> {
  for (const { child } of apis) child.kill('SIGTERM');
  await Promise.all(
    apis.map(
      ({ child }) =>
        new Promise((resolve) =>
          child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
        ),
    ),
  );
}
