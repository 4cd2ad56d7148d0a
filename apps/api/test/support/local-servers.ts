import { spawn } from 'node:child_process';
import net from 'node:net';

/** Local helpers for tests that start servers of their own (127.0.0.1 only, bounded waits). */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `get` every `everyMs` until it returns a value other than undefined (a throw counts as
 * not yet), and returns that value. At most `ms`; as a backstop, at most twice the polls that
 * fit in `ms`. The last poll comes after the deadline, so a process that was stalled (a busy CI
 * machine) still gets one look at the state it was waiting for.
 */
export async function waitForValue<T>(
  get: () => T | undefined | Promise<T | undefined>,
  ms: number,
  what: string,
  everyMs = 25,
): Promise<T> {
  const deadline = Date.now() + ms;
  const maxPolls = 2 * Math.ceil(ms / everyMs) + 2;
  for (let poll = 1; ; poll++) {
    const value = await Promise.resolve()
      .then(get)
      .catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() >= deadline || poll >= maxPolls) break;
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

/** Polls `check` every `everyMs` until it holds (a throw counts as not yet), at most `ms`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
  everyMs = 25,
): Promise<void> {
  await waitForValue(async () => ((await check()) ? true : undefined), ms, what, everyMs);
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface LocalRedis {
  url: string;
  /** Stops the server and waits for it to exit (SIGKILL: as if it crashed). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** A throwaway redis-server on a free port (Debian's redis-server package), nothing kept on disk. */
export async function startRedisServer(): Promise<LocalRedis> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  child.once('error', () => undefined);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await until(() => accepts(port), 10_000, 'redis-server (install Debian redis-server)');
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** `url`'s Redis (REDIS_URL by default) when there is one, left running; else a throwaway one. */
export async function redisForTest(url = process.env.REDIS_URL): Promise<LocalRedis> {
  if (url) return { url, stop: async () => undefined };
  return startRedisServer();
}
