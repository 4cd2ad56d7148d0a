import { spawn } from 'node:child_process';

/**
 * autocannon in a child process, so the load generator does not share the event loop of the
 * app under test (the bench cases run the app in-process). POSTs `body` to 127.0.0.1, cycling
 * through `headerSets` (keys, subjects) request by request.
 */
export interface CannonOptions {
  url: string;
  path: string;
  connections: number;
  /**
   * Seconds of load. With `amount`, autocannon ignores it; it still bounds the run, which is
   * killed `duration` + 60 s after it starts, as every run is.
   */
  duration: number;
  /** A number of requests instead of a duration: the run ends once they are answered. */
  amount?: number;
  body: string;
  headerSets: Record<string, string>[];
}

/** The parts of autocannon's result used by the bench cases. */
export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
}

const SCRIPT = `
const autocannon = require(process.env.CANNON_MODULE);
const o = JSON.parse(process.env.CANNON_OPTIONS);
let n = 0;
autocannon({
  url: o.url,
  connections: o.connections,
  duration: o.duration,
  amount: o.amount,
  timeout: 30,
  requests: [{
    method: 'POST',
    path: o.path,
    setupRequest: (req) => ({ ...req, headers: o.headerSets[n++ % o.headerSets.length], body: o.body }),
  }],
}).then(
  (result) => process.stdout.write(JSON.stringify(result)),
  (error) => { process.stderr.write(String(error)); process.exit(1); },
);
`;

export function cannon(options: CannonOptions): Promise<CannonResult> {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(options.url)) throw new Error('127.0.0.1 only');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', SCRIPT], {
      env: {
        ...process.env,
        CANNON_MODULE: require.resolve('autocannon'),
        CANNON_OPTIONS: JSON.stringify(options),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), (options.duration + 60) * 1000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err}`));
      try {
        resolve(JSON.parse(out) as CannonResult);
      } catch (error) {
        reject(error);
      }
    });
  });
}
