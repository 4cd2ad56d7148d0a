import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_NAMES, toolSchemasFromOpenApi } from '@reelscout/mcp';
import request from 'supertest';
import committedSchemas from '../../../libs/mcp/src/generated/tool-schemas.json';
import { ApiKeysService } from '../src/api-keys/api-keys.service';
import { createFundedKey } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** Sandbox videos: one the playbook sandbox knows, one in the music sandbox's catalogue. */
const PLAYBOOK_URL = 'https://www.tiktok.com/@sandbox/video/7000000000000000200';
/**
 * The sandbox's slow-provider video and search phrase stall SANDBOX_SLOW_DELAY_MS, then answer:
 * a job asked for progress is still running when its 202 is read. A sandbox job that had already
 * ended by then would send its 0 % and 100 % right before the result, and the client drops
 * notifications that arrive together with their request's response.
 */
const SLOW_PLAYBOOK_URL = 'https://www.tiktok.com/@sandbox/video/7000000000000000504';
const SLOW_SCAN_QUERY = 'sandbox-slow sourdough starter';
const MUSIC_URL = 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792';

type Transport = 'stdio' | 'http';

/**
 * The MCP server driven by the MCP SDK's own client, over stdio (`scripts/mcp.js`
 * spawned with REELSCOUT_API_KEY / REELSCOUT_BASE_URL) and over streamable HTTP (`/mcp` of the
 * API), against a real test app listening on 127.0.0.1: no mocks of our API.
 */
describe('MCP server (e2e)', () => {
  let t: TestApp;
  let baseUrl: string;
  const clients: Client[] = [];
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    // The stdio server runs compiled (dist/mcp); build it once, before any test spawns it.
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'mcp.js'), 'build'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`MCP build failed:\n${build.stderr}`);
    expect(build.stdout).toBe('');

    t = await createTestApp({
      env: {
        JOBS_HEARTBEAT_MS: '100',
        SANDBOX_SLOW_DELAY_MS: '1500',
        // music's tools are proven here, not its ranking breadth (music.e2e-spec.ts): 8 sounds.
        MUSIC_MAX_CANDIDATES: '8',
      },
    });
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(server().address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await t?.close();
  });

  async function funded(micros?: number) {
    const { account, keyId, key } = await createFundedKey(t.app, { micros });
    return { accountId: account.id, keyId, key };
  }

  async function connect(transport: Transport, key: string): Promise<Client> {
    const client = new Client({ name: 'reelscout-e2e', version: '1.0.0' });
    if (transport === 'stdio') {
      await client.connect(
        new StdioClientTransport({
          // The command docs/sdk.md gives MCP clients (npm's own banner silenced).
          command: 'npm',
          args: ['run', '--silent', 'mcp'],
          cwd: ROOT,
          env: {
            ...(process.env as Record<string, string>),
            REELSCOUT_API_KEY: key,
            REELSCOUT_BASE_URL: baseUrl,
          },
          stderr: 'pipe',
        }),
      );
    } else {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${key}` } },
        }),
      );
    }
    clients.push(client);
    return client;
  }

  async function balanceUsd(key: string): Promise<number> {
    const res = await request(server()).get('/v1/balance').set('Authorization', `Bearer ${key}`);
    expect(res.status).toBe(200);
    return Number(res.body.balance_usd);
  }

  it('the committed tool schemas are what the served OpenAPI document generates', async () => {
    const res = await request(server()).get('/openapi.json');
    expect(res.status).toBe(200);
    // On failure: run `npm run generate` and commit libs/mcp/src/generated/tool-schemas.json.
    expect(toolSchemasFromOpenApi(res.body)).toEqual(committedSchemas);
  });

  describe.each<Transport>(['stdio', 'http'])('over %s', (transport) => {
    let key: string;
    let client: Client;

    beforeAll(async () => {
      key = (await funded()).key;
      client = await connect(transport, key);
    }, 60_000);

    it('tools/list shows every tool with its input schema', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
      for (const tool of tools) {
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.description!.length).toBeGreaterThan(80);
        expect(tool.outputSchema?.type).toBe('object');
      }
      const scan = tools.find((tool) => tool.name === 'scan')!;
      expect(scan.inputSchema).toEqual(committedSchemas.scan.inputSchema);
      expect(scan.inputSchema.required).toEqual(['query']);
      expect(Object.keys(scan.inputSchema.properties!)).toEqual([
        'query',
        'market',
        'limit',
        'sort',
      ]);
      expect(scan.inputSchema.properties!.sort).toMatchObject({
        enum: ['traction', 'outlier', 'relevance'],
      });
    });

    it('scan in test mode returns reels and is charged like /v1', async () => {
      const before = await balanceUsd(key);
      const result = (await client.callTool({
        name: 'scan',
        arguments: { query: 'home espresso tips', limit: 5, sort: 'outlier' },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const body = result.structuredContent as {
        reels: { url: string; outlier: { score: number } | null }[];
        market: string;
      };
      expect(body.reels.length).toBeGreaterThan(0);
      // `sort` reaches the API: the reels come highest outlier score first.
      const scores = body.reels.map((reel) => reel.outlier?.score ?? Number.NEGATIVE_INFINITY);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(body.market).toBe('network_a');
      const text = (result.content[0] as { type: string; text: string }).text;
      expect(text).toContain(body.reels[0].url);
      const meta = result._meta as Record<string, string>;
      const charged = Number(meta['reelscout/charged_usd']);
      expect(charged).toBeCloseTo(0.0075 * body.reels.length, 6);
      const after = await balanceUsd(key);
      expect(after).toBeCloseTo(before - charged, 6);
      expect(meta['reelscout/balance_usd']).toBe(after.toFixed(6));
    });

    it('a bad argument is a tool error with the API code, message and param', async () => {
      const before = await balanceUsd(key);
      const result = (await client.callTool({
        name: 'scan',
        arguments: { query: 'home espresso tips', limit: 0 },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      const error = (result.structuredContent as { error: Record<string, unknown> }).error;
      expect(error).toMatchObject({ code: 'invalid_request', param: 'limit', status: 400 });
      // The same code and message the API gives a direct call.
      const direct = await request(server())
        .post('/v1/scan')
        .set('Authorization', `Bearer ${key}`)
        .send({ query: 'home espresso tips', limit: 0 });
      expect(direct.status).toBe(400);
      expect(error.message).toBe(direct.body.error.message);
      expect((result.content[0] as { text: string }).text).toContain('param: limit');

      // An unknown field: the API refuses it, the server passes it through.
      const unknown = (await client.callTool({
        name: 'playbook',
        arguments: { url: PLAYBOOK_URL, colour: 'red' },
      })) as CallToolResult;
      expect(unknown.isError).toBe(true);
      expect(unknown.structuredContent).toMatchObject({
        error: { code: 'invalid_request', param: 'colour' },
      });
      expect(await balanceUsd(key)).toBe(before);
    });

    it('a call with a progress token runs as a job and reports its progress', async () => {
      const progress: Progress[] = [];
      const result = (await client.callTool(
        { name: 'scan', arguments: { query: SLOW_SCAN_QUERY, limit: 3 } },
        undefined,
        { onprogress: (p) => progress.push(p), timeout: 60_000 },
      )) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { reels: unknown[] }).reels.length).toBeGreaterThan(0);
      const jobId = (result._meta as Record<string, string>)['reelscout/job_id'];
      expect(jobId).toMatch(/^job_/);
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.every((p) => p.total === 100)).toBe(true);
      // The final 100 is sent just before the result; the client may drop it (it handles
      // notifications a microtask later than responses), so it is not asserted.
      const values = progress.map((p) => p.progress);
      expect([...values].sort((a, b) => a - b)).toEqual(values);

      // get_job finds it, ended, with its result.
      const job = (await client.callTool({
        name: 'get_job',
        arguments: { id: jobId },
      })) as CallToolResult;
      expect(job.structuredContent).toMatchObject({
        id: jobId,
        status: 'succeeded',
        operation: 'scan',
        mode: 'async',
      });
    });

    it('playbook (with progress) and music answer bodies that match their output schemas', async () => {
      // The client validates structured content against each tool's outputSchema: a body the
      // schema does not describe would make callTool throw.
      const progress: Progress[] = [];
      const playbook = (await client.callTool(
        { name: 'playbook', arguments: { url: SLOW_PLAYBOOK_URL } },
        undefined,
        { onprogress: (p) => progress.push(p), timeout: 120_000 },
      )) as CallToolResult;
      expect(playbook.isError).toBeFalsy();
      expect(playbook.structuredContent).toMatchObject({ reel: { url: expect.any(String) } });
      expect((playbook.content[0] as { text: string }).text).toMatch(/Hook: /);
      expect(progress.length).toBeGreaterThan(0);

      const music = (await client.callTool(
        { name: 'music', arguments: { url: MUSIC_URL, limit: 3 } },
        undefined,
        { timeout: 120_000 },
      )) as CallToolResult;
      expect(music.isError).toBeFalsy();
      expect(music.structuredContent).toMatchObject({ suggestions: expect.any(Array) });
    }, 240_000);

    it('get_usage answers GET /v1/usage with the same buckets', async () => {
      await client.callTool({ name: 'assist', arguments: { message: 'what works for cafes?' } });
      const result = (await client.callTool({
        name: 'get_usage',
        arguments: { group_by: ['operation'], granularity: 'day' },
      })) as CallToolResult;
      const direct = await request(server())
        .get('/v1/usage?group_by=operation')
        .set('Authorization', `Bearer ${key}`);
      expect(result.isError).toBeFalsy();
      expect(direct.body.data.length).toBeGreaterThan(0);
      expect(result.structuredContent).toEqual(direct.body);
      expect((result.content[0] as { text: string }).text).toContain(
        direct.body.data[0].charged_usd,
      );
    });

    it('get_balance answers GET /v1/balance', async () => {
      const result = (await client.callTool({
        name: 'get_balance',
        arguments: {},
      })) as CallToolResult;
      const direct = await request(server())
        .get('/v1/balance')
        .set('Authorization', `Bearer ${key}`);
      expect(result.structuredContent).toEqual(direct.body);
      expect((result.content[0] as { text: string }).text).toContain(direct.body.balance_usd);
    });

    it('track_creator makes a creator watch; run_watch runs it; get_creator_report reads it', async () => {
      const tracked = (await client.callTool({
        name: 'track_creator',
        arguments: { creator: '@brewwithmaya', market: 'network_a', interval: 'daily' },
      })) as CallToolResult;
      expect(tracked.isError).toBeFalsy();
      const watch = tracked.structuredContent as { id: string; kind: string; creator: object };
      expect(watch).toMatchObject({ kind: 'creator', creator: { handle: 'brewwithmaya' } });
      const ran = (await client.callTool({
        name: 'run_watch',
        arguments: { id: watch.id },
      })) as CallToolResult;
      expect(ran.isError).toBeFalsy();
      const run = ran.structuredContent as { posts: { id: string }[]; snapshot: object };
      expect(run.posts).toHaveLength(20);
      expect(ran._meta).toMatchObject({ 'reelscout/charged_usd': '0.020000' });
      const report = (await client.callTool({
        name: 'get_creator_report',
        arguments: { id: watch.id, limit: 5 },
      })) as CallToolResult;
      expect(report.isError).toBeFalsy();
      const body = report.structuredContent as {
        watch: { id: string };
        snapshots: object[];
        posts: { id: string }[];
      };
      expect(body.watch.id).toBe(watch.id);
      expect(body.snapshots).toEqual([run.snapshot]);
      expect(body.posts.map((p) => p.id)).toEqual(run.posts.slice(0, 5).map((p) => p.id));
      expect((report.content[0] as { text: string }).text).toContain('@brewwithmaya');
      const unknown = (await client.callTool({
        name: 'track_creator',
        arguments: { creator: '@nobody_at_all', market: 'network_a', interval: 'daily' },
      })) as CallToolResult;
      expect(unknown.isError).toBe(true);
      expect(unknown.structuredContent).toMatchObject({
        error: { code: 'not_found', param: 'creator' },
      });
    });
  });

  describe('a revoked key fails like the API does', () => {
    let revoked: string;
    let v1Body: { error: { code: string; message: string } };

    beforeAll(async () => {
      const { accountId, keyId, key } = await funded();
      await t.app.get(ApiKeysService).revoke(accountId, keyId);
      revoked = key;
      const res = await request(server())
        .post('/v1/scan')
        .set('Authorization', `Bearer ${key}`)
        .send({ query: 'x' });
      expect(res.status).toBe(401);
      v1Body = res.body;
    });

    it('HTTP: /mcp answers 401 with the API body; the MCP client cannot connect', async () => {
      const res = await request(server())
        .post('/mcp')
        .set('Authorization', `Bearer ${revoked}`)
        .set('Accept', 'application/json, text/event-stream')
        .send({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'e2e', version: '1' },
          },
        });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: { ...v1Body.error, requestId: res.headers['x-request-id'] },
      });
      await expect(connect('http', revoked)).rejects.toMatchObject({
        code: 401,
        message: expect.stringContaining(v1Body.error.message),
      });
    });

    it('stdio: a tool call is a tool error with the API code and message', async () => {
      const client = await connect('stdio', revoked);
      const result = (await client.callTool({
        name: 'scan',
        arguments: { query: 'home espresso tips' },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({
        error: { code: 'unauthorized', status: 401, message: v1Body.error.message },
      });
    });
  });

  it('/mcp is stateless: GET (no standalone stream) is 405', async () => {
    const { key } = await funded();
    const res = await request(server()).get('/mcp').set('Authorization', `Bearer ${key}`);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });
});
