import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { cliTestKey } from './support/cli-account';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startBuiltApis, stopBuiltApis, type BuiltApi } from './support/built-api';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SDK_DIST = path.join(ROOT, 'libs', 'sdk', 'dist');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `node args…` in the repo root, as a user would run it (its own process, its own env). */
function node(args: string[], env: Record<string, string> = {}, timeoutMs = 120_000): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * The SDK's package builds (`npm run sdk:build`), its CJS and ESM builds load in plain Node, and
 * the examples in examples/ run against the built API started the way `npm start` starts it
 * (dist/apps/api/main.js), in test mode, on a database of their own.
 */
describe('SDK build and examples (e2e)', () => {
  let db: TestDatabase;
  let api: BuiltApi | undefined;
  let baseURL: string;
  let apiKey: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    // --if-stale: a dist built from these very sources is kept (another suite, such as the MCP
    // server's, may be loading it right now); a fresh clone or a changed source builds.
    const build = spawnSync(process.execPath, ['scripts/sdk.js', 'build', '--if-stale'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`sdk build failed:\n${build.stdout}\n${build.stderr}`);
    // Quiet: everything on stderr, nothing on stdout (it may run before a stdio MCP server).
    expect(build.stdout).toBe('');

    db = await createTestDatabase();
    process.env.DATABASE_URL = db.url;
    [api] = await startBuiltApis(1, {
      DATABASE_URL: db.url,
      REDIS_URL: '',
      WEBHOOK_POLL_INTERVAL_MS: '200',
      // The webhook example's receiver listens on 127.0.0.1 (npm start allows it the same way).
      OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
      MUSIC_MAX_CANDIDATES: '8',
    });
    baseURL = api.url;

    apiKey = await cliTestKey('examples');
    expect(apiKey).toMatch(/^rs_test_/);
  }, 240_000);

  afterAll(async () => {
    if (api) await stopBuiltApis([api]);
    await db?.drop();
    process.env = saved;
  });

  it('the ESM build loads with import, the CJS build with require (plain Node)', async () => {
    const esm = await node([
      '--input-type=module',
      '-e',
      `import Default, { Reelscout, InsufficientCreditError, ReelscoutError } from '@reelscout/sdk';
       const client = new Reelscout({ apiKey: 'rs_test_x', baseURL: 'http://127.0.0.1:1' });
       console.log(JSON.stringify({ client: typeof client.scan, jobs: typeof client.jobs.wait,
         error: new InsufficientCreditError('x') instanceof ReelscoutError, same: Default === Reelscout }));`,
    ]);
    expect(esm.stderr).toBe('');
    expect(JSON.parse(esm.stdout)).toEqual({
      client: 'function',
      jobs: 'function',
      error: true,
      same: true,
    });

    const cjs = await node([
      '-e',
      `const { Reelscout, RateLimitError } = require('@reelscout/sdk');
       const client = new Reelscout({ apiKey: 'rs_test_x' });
       console.log(JSON.stringify({ verify: typeof client.webhooks.verify, error: typeof RateLimitError,
         baseURL: client.baseURL, path: require.resolve('@reelscout/sdk') }));`,
    ]);
    expect(cjs.stderr).toBe('');
    const loaded = JSON.parse(cjs.stdout);
    expect(loaded).toMatchObject({ verify: 'function', error: 'function' });
    expect(loaded.baseURL).toBe(process.env.REELSCOUT_BASE_URL ?? 'http://localhost:4000');
    expect(loaded.path).toBe(path.join(SDK_DIST, 'cjs', 'index.js'));

    // Types for both, and no Node built-in in the runtime (it also runs on Deno, Bun, browsers).
    for (const format of ['cjs', 'esm']) {
      const files = filesUnder(path.join(SDK_DIST, format));
      expect(files).toContain(path.join(SDK_DIST, format, 'index.d.ts'));
      for (const file of files.filter((name) => name.endsWith('.js'))) {
        expect(readFileSync(file, 'utf8')).not.toMatch(/['"]node:|require\(['"](fs|http|crypto)/);
      }
    }
  });

  it('examples/scan-a-niche.mjs prints the top reels and what the scan cost', async () => {
    const run = await node(['examples/scan-a-niche.mjs', 'home espresso tips'], {
      REELSCOUT_API_KEY: apiKey,
      REELSCOUT_BASE_URL: baseURL,
    });
    expect(run).toMatchObject({ status: 0, stderr: '' });
    expect(run.stdout).toMatch(/^niche: .+ \(network_a\), [1-5] reels$/m);
    expect(run.stdout).toMatch(/^1\. [\d,]+ plays, .+: https:\/\/\S+$/m);
    expect(run.stdout).toMatch(/^charged \$0\.\d{6}, balance \$\d+\.\d{6} \(request \S+\)$/m);
  });

  it('examples/async-playbook-webhook.mjs verifies the signed webhook and prints the plan', async () => {
    const run = await node(['examples/async-playbook-webhook.mjs'], {
      REELSCOUT_API_KEY: apiKey,
      REELSCOUT_BASE_URL: baseURL,
      EXAMPLE_TIMEOUT_MS: '90000',
    });
    expect(run).toMatchObject({ status: 0, stderr: '' });
    // The 202's job is read after it is queued: a worker may already have picked it up, and a
    // sandbox playbook can even have ended by then (its webhook then comes first).
    const queued = /^job (job_\w+) (?:queued|running|succeeded), held \$0\.200000$/m;
    expect(run.stdout).toMatch(queued); // on failure, prints what the example printed
    const jobId = queued.exec(run.stdout)![1];
    expect(run.stdout).toMatch(
      new RegExp(`^verified job\\.succeeded webhook msg_\\w+ for ${jobId}$`, 'm'),
    );
    expect(run.stdout).toMatch(/^charged \$0\.200000, balance \$\d+\.\d{6}$/m);
    expect(run.stdout).toMatch(/^summary: \S.+$/m);
    expect(run.stdout).toMatch(/^deleted webhook endpoint \S+$/m);

    // The endpoint is gone.
    const list = await fetch(`${baseURL}/v1/webhook_endpoints`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('the built API (the webpack bundle npm start runs) serves /mcp: a scan through it returns reels', async () => {
    const client = new Client({ name: 'reelscout-bundle-e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseURL}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(
        [
          'assist',
          'create_watch',
          'get_balance',
          'get_job',
          'get_trends',
          'get_usage',
          'list_watches',
          'music',
          'playbook',
          'run_watch',
          'scan',
          'track_creator',
          'get_creator_report',
        ].sort(),
      );
      const result = await client.callTool({
        name: 'scan',
        arguments: { query: 'home espresso tips', limit: 2 },
      });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { reels: unknown[] }).reels.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it('a bad key: the example fails with the typed error, exit code 1', async () => {
    const run = await node(['examples/scan-a-niche.mjs'], {
      REELSCOUT_API_KEY: 'rs_test_not-a-real-key',
      REELSCOUT_BASE_URL: baseURL,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^AuthenticationError 401 unauthorized: /);
  });
});
