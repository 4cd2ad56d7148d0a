import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { cliTestKey } from './support/cli-account';
import { startBuiltApis, stopBuiltApis, type BuiltApi } from './support/built-api';
import { until } from './support/local-servers';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const PROBE = path.join(__dirname, 'support', 'async-hooks-probe.js');

/**
 * The API serves calls without async hooks. On Node 20, once any AsyncLocalStorage is in use,
 * every promise of the process pays for hooks (about a sixth of a charged call's Node CPU,
 * docs/performance.md), so nothing on the paths below may use one: the operation's context
 * travels on its signal (common/async/signal-scope.ts), and nestjs-pino's request-context
 * middleware is not mounted. Checked in a built API process of its own (as `npm start` runs it),
 * where nothing else can have turned the hooks on.
 */
describe('async hooks stay off while the API serves calls', () => {
  let db: TestDatabase;
  let api: BuiltApi;
  const saved = { ...process.env };

  beforeAll(async () => {
    db = await createTestDatabase();
    process.env.DATABASE_URL = db.url;
    [api] = await startBuiltApis(1, {
      DATABASE_URL: db.url,
      AUTH_SECRET: 'async-hooks-secret-async-hooks-secret',
      NODE_OPTIONS: `--require ${PROBE}`,
    });
  }, 300_000);

  afterAll(async () => {
    if (api) await stopBuiltApis([api]);
    await db?.drop();
    process.env = saved;
  });

  /** What the probe in the API process reads now (see async-hooks-probe.js). */
  async function probe(): Promise<string[]> {
    const before = api.stderr().split('async-hooks-probe ').length;
    api.child.kill('SIGWINCH');
    await until(
      async () => api.stderr().split('async-hooks-probe ').length > before,
      10_000,
      'the probe line',
      50,
    );
    const line = api.stderr().split('async-hooks-probe ').at(-1)!.split('\n')[0];
    return JSON.parse(line) as string[];
  }

  it('after charged calls, refused calls and the dashboard API, a promise carries no async-hooks state', async () => {
    const key = await cliTestKey('hooks', '1.00');

    const assist = (authorization: string) =>
      fetch(`${api.url}/v1/assist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization, 'x-subject': 'hooks-1' },
        body: JSON.stringify({ message: 'show me trending dog food reels' }),
      });
    for (let i = 0; i < 3; i++) {
      const res = await assist(`Bearer ${key}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-service-charged-usd')).not.toBeNull();
    }
    expect((await assist('Bearer rs_test_not_a_key')).status).toBe(401);
    expect((await fetch(`${api.url}/account/keys`)).status).toBe(401);
    expect((await fetch(`${api.url}/health`)).status).toBe(200);

    expect(await probe()).toEqual([]);
    // The control: the same reading, in a Node process that has used a store, sees the hooks.
    const control = spawnSync(process.execPath, [
      '-e',
      `const { AsyncLocalStorage } = require('node:async_hooks');
       new AsyncLocalStorage().run({}, () => undefined);
       process.stdout.write(JSON.stringify(Object.getOwnPropertySymbols(Promise.resolve()).map(String)));`,
    ]);
    expect(JSON.parse(control.stdout.toString())).toContain('Symbol(async_id_symbol)');
  });
});
