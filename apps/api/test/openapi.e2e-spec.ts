import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_STATUS } from '@reelscout/domain';
import request from 'supertest';
import { createAccount, createKey, createFundedKey } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

interface HeaderDoc {
  description?: string;
  schema?: { type?: string };
}
interface ResponseDoc {
  description?: string;
  headers?: Record<string, HeaderDoc>;
  content?: Record<string, { schema?: unknown; examples?: Record<string, unknown> }>;
}
interface ParameterDoc {
  name: string;
  in: string;
  required?: boolean;
}
interface OperationDoc {
  description?: string;
  parameters?: ParameterDoc[];
  responses: Record<string, ResponseDoc>;
}

const OPERATIONS = ['/v1/assist', '/v1/music', '/v1/playbook', '/v1/scan', '/v1/trends'];
const RATE_LIMIT = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
/** The headers a 200 of an operation carries (on a replay, `Idempotent-Replayed` too). */
const OK_HEADERS = [
  'x-service-charged-usd',
  'x-service-balance-usd',
  ...RATE_LIMIT,
  'Idempotent-Replayed',
  'x-request-id',
];
/** The response headers of ours a client can see on some /v1 response. */
const SERVICE_HEADER =
  /^(x-service-.*|ratelimit-.*|retry-after|idempotent-replayed|x-request-id|www-authenticate)$/;

const ROOT = join(__dirname, '..', '..', '..');

/** `redocly lint` (its recommended rules, plus redocly.yaml) on a file: its JSON report. */
function redoclyLint(file: string): Promise<{ totals: { errors: number; warnings: number } }> {
  const config = join(ROOT, 'redocly.yaml');
  const args = [
    join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'),
    'lint',
    file,
    ...(existsSync(config) ? ['--config', config] : []),
    '--format=json',
    '--max-problems=10000',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', () => {
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(new Error(`redocly lint gave no report: ${stderr || stdout}`));
      }
    });
  });
}

const lower = (names: string[]) => names.map((n) => n.toLowerCase()).sort();
const headerNames = (response: ResponseDoc | undefined) =>
  lower(Object.keys(response?.headers ?? {}));

describe('OpenAPI document: every /v1 operation (e2e)', () => {
  let t: TestApp;
  let doc: {
    paths: Record<string, Record<string, OperationDoc>>;
    components: { schemas: Record<string, unknown> };
  };
  const server = () => t.app.getHttpServer();

  /** A schema with its `#/components/schemas/…` references replaced by what they name. */
  const deref = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map(deref);
    if (schema === null || typeof schema !== 'object') return schema;
    const ref = (schema as { $ref?: string }).$ref;
    if (ref) return deref(doc.components.schemas[ref.split('/').pop()!]);
    return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, deref(v)]));
  };

  beforeAll(async () => {
    t = await createTestApp();
    const res = await request(server()).get('/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });

  afterAll(async () => {
    await t.close();
  });

  const operations = () =>
    Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, op })),
      );

  /** The same lint as `npm run lint:openapi`, on the document this app serves. */
  it('passes Redocly lint (recommended rules) with 0 errors and 0 warnings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelscout-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const report = (await redoclyLint(file)) as {
        totals: { errors: number; warnings: number };
        problems?: { ruleId: string; message: string; location?: { pointer?: string }[] }[];
      };
      const problems = (report.problems ?? []).map(
        (p) => `${p.ruleId} ${p.location?.[0]?.pointer ?? ''}: ${p.message}`,
      );
      expect({ ...report.totals, problems }).toEqual(
        expect.objectContaining({ errors: 0, warnings: 0, problems: [] }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('lists the four operations, the balance, the jobs, webhook endpoint, watch and usage routes', () => {
    expect(
      operations()
        .map((o) => o.name)
        .sort(),
    ).toEqual(
      [
        ...OPERATIONS.map((p) => `POST ${p}`),
        'GET /v1/balance',
        'GET /v1/jobs',
        'GET /v1/jobs/{id}',
        'POST /v1/jobs/{id}/cancel',
        'POST /v1/webhook_endpoints',
        'GET /v1/webhook_endpoints',
        'GET /v1/webhook_endpoints/{id}',
        'PATCH /v1/webhook_endpoints/{id}',
        'DELETE /v1/webhook_endpoints/{id}',
        'POST /v1/webhook_endpoints/{id}/rotate_secret',
        'GET /v1/webhook_endpoints/{id}/deliveries',
        'POST /v1/webhook_endpoints/{id}/deliveries/{deliveryId}/redeliver',
        'POST /v1/watches',
        'GET /v1/watches',
        'GET /v1/watches/{id}',
        'PATCH /v1/watches/{id}',
        'DELETE /v1/watches/{id}',
        'POST /v1/watches/{id}/run',
        'GET /v1/usage',
        'GET /v1/usage/records',
        'GET /v1/watches/{id}/snapshots',
        'GET /v1/watches/{id}/posts',
      ].sort(),
    );
  });

  it.each(['/v1/usage', '/v1/usage/records'])(
    '%s documents JSON and CSV, and why refusals are best-effort',
    (path) => {
      const op = doc.paths[path].get;
      expect(Object.keys(op.responses['200'].content ?? {})).toEqual(
        expect.arrayContaining(['application/json', 'text/csv']),
      );
      expect(op.description).toMatch(/best-effort/);
      expect(op.description).toMatch(/database is unreachable/);
    },
  );

  it("a watch's run documents its 202 (async job), the Prefer header and its 404", () => {
    const op = doc.paths['/v1/watches/{id}/run'].post;
    expect(op.responses['202']).toBeDefined();
    expect(op.responses['404']).toBeDefined();
    expect((op.parameters ?? []).map((p) => p.name)).toContain('Prefer');
  });

  it.each(OPERATIONS)('%s documents its 202 (async job) and the Prefer header', (path) => {
    const op = doc.paths[path].post;
    expect(op.responses['202']).toBeDefined();
    expect((op.parameters ?? []).map((p) => p.name)).toContain('Prefer');
  });

  it.each(OPERATIONS)('%s documents its request headers', (path) => {
    const op = doc.paths[path].post;
    const headers = (op.parameters ?? []).filter((p) => p.in === 'header');
    expect(headers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Idempotency-Key', required: false }),
        expect.objectContaining({ name: 'x-subject', required: false }),
      ]),
    );
  });

  it('the create routes of webhook endpoints and keys document the per-account cap (409)', () => {
    for (const path of ['/v1/webhook_endpoints', '/account/webhook-endpoints', '/account/keys']) {
      expect({ path, description: doc.paths[path].post.responses['409']?.description }).toEqual({
        path,
        description: expect.stringContaining('`resource_limit_reached`'),
      });
    }
  });

  it('every webhook endpoint route documents 403 resource_not_allowed; the jobs routes say whose jobs a key sees', () => {
    const routes = operations();
    const webhooks = routes.filter((r) => r.path.startsWith('/v1/webhook_endpoints'));
    expect(webhooks).toHaveLength(8);
    for (const { name, op } of webhooks) {
      const forbidden = op.responses['403'];
      expect({ name, description: forbidden?.description, op: op.description }).toEqual({
        name,
        description: expect.stringContaining('`resource_not_allowed`'),
        op: expect.stringContaining('`resource_not_allowed`'),
      });
      expect(Object.keys(forbidden?.content?.['application/json']?.examples ?? {})).toEqual([
        'forbidden',
        'resource_not_allowed',
      ]);
    }
    const jobs = routes.filter((r) => r.path.startsWith('/v1/jobs'));
    expect(jobs).toHaveLength(3);
    for (const { name, op } of jobs) {
      expect({ name, description: op.description }).toEqual({
        name,
        description: expect.stringContaining(
          'restricted to some operations sees only the jobs it created',
        ),
      });
      expect(op.responses['403']?.description).not.toContain('resource_not_allowed');
    }
  });

  it.each(OPERATIONS)('%s documents every error it can answer, with its code', (path) => {
    const { responses } = doc.paths[path].post;
    const mayBeNotFound = path === '/v1/playbook' || path === '/v1/music';
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      if (code === 'not_found' && !mayBeNotFound) continue;
      if (code === 'job_not_cancelable') continue; // only POST /v1/jobs/{id}/cancel answers it
      if (code === 'price_confirmation_required') continue; // only the dashboard's runs answer it
      // Only creating a webhook endpoint or a key answers it (a per-account cap).
      if (code === 'resource_limit_reached') continue;
      // Only the webhook endpoint routes answer it (a key restricted to some operations).
      if (code === 'resource_not_allowed') continue;
      expect({ status, description: responses[String(status)]?.description }).toEqual({
        status,
        description: expect.stringContaining(`\`${code}\``),
      });
    }
    // Every error has the envelope schema (the ErrorDto component), with an example.
    for (const [status, response] of Object.entries(responses)) {
      if (status === '200' || status === '202') continue;
      const media = response.content?.['application/json'];
      expect(JSON.stringify(deref(media?.schema))).toContain('requestId');
      expect({ status, examples: Object.keys(media?.examples ?? {}).length > 0 }).toEqual({
        status,
        examples: true,
      });
    }
  });

  it.each(OPERATIONS)('%s documents the response headers', (path) => {
    const { responses } = doc.paths[path].post;
    // 200: the billing headers, the rate-limit headers, the replay marker and the request id.
    expect(headerNames(responses['200'])).toEqual(expect.arrayContaining(lower(OK_HEADERS)));
    expect(responses['200'].content?.['application/json']?.schema).toBeDefined();
    for (const name of ['x-service-charged-usd', 'x-service-balance-usd']) {
      expect(responses['200'].headers?.[name]?.description).toMatch(/six decimal/);
    }
    // Every response carries x-request-id.
    for (const [status, response] of Object.entries(responses)) {
      expect({ status, headers: headerNames(response) }).toEqual({
        status,
        headers: expect.arrayContaining(['x-request-id']),
      });
    }
    expect(headerNames(responses['429'])).toEqual(
      expect.arrayContaining(lower(['Retry-After', ...RATE_LIMIT])),
    );
    expect(headerNames(responses['402'])).toEqual(
      expect.arrayContaining(['x-service-balance-usd']),
    );
    expect(headerNames(responses['401'])).toEqual(expect.arrayContaining(['www-authenticate']));
  });

  /** The dashboard routes (`/auth/*`, `/account*`) document their success body: a response DTO. */
  it('documents the success body of every dashboard route', () => {
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/auth/') || path.startsWith('/account'))
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
      );
    expect(routes.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'GET /account/credit',
        'POST /account/credit/checkout',
        'GET /account/credit/checkout/{id}',
        'POST /account/credit/test',
        'GET /account/ledger',
        'GET /account/usage',
        'GET /account/usage/daily',
      ]),
    );
    const undocumented = routes
      .filter(({ op }) => {
        const ok = Object.entries(op.responses).find(([status]) => status.startsWith('2'));
        return !Object.values(ok?.[1].content ?? {}).some((media) => media.schema);
      })
      .map((r) => r.name);
    expect(undocumented).toEqual([]);
  });

  /** What the document says must match what the service sends: no undocumented header. */
  it('documents every header of ours that real /v1 responses carry', async () => {
    const { key } = await createFundedKey(t.app, { micros: 1_000_000 });
    const poor = await createAccount(t.app);
    const { key: poorKey } = await createKey(t.app, poor.id, 'test');
    const assist = () => request(server()).post('/v1/assist').set('Authorization', `Bearer ${key}`);
    const body = { message: 'find reels about home espresso' };

    const cases = [
      { expected: 200, res: await assist().set('Idempotency-Key', 'openapi-1').send(body) },
      { expected: 200, res: await assist().set('Idempotency-Key', 'openapi-1').send(body) },
      { expected: 400, res: await assist().send({ message: 5 }) },
      { expected: 401, res: await request(server()).post('/v1/assist').send(body) },
      {
        expected: 402,
        res: await request(server())
          .post('/v1/assist')
          .set('Authorization', `Bearer ${poorKey}`)
          .send(body),
      },
      {
        expected: 413,
        res: await assist()
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ message: 'x'.repeat(70 * 1024) })),
      },
      {
        expected: 415,
        res: await assist().set('Content-Type', 'text/plain').send('find reels'),
      },
      {
        expected: 422,
        res: await assist().set('Idempotency-Key', 'openapi-1').send({ message: 'other' }),
      },
    ];
    expect(cases[1].res.headers['idempotent-replayed']).toBe('true');
    const documented = headerNames(doc.paths['/v1/assist'].post.responses['200']);
    for (const { expected, res } of cases) {
      expect(res.status).toBe(expected);
      const sent = Object.keys(res.headers).filter((h) => SERVICE_HEADER.test(h));
      const doc200 = expected === 200 ? documented : undefined;
      const docs = doc200 ?? headerNames(doc.paths['/v1/assist'].post.responses[String(expected)]);
      expect({ status: expected, undocumented: sent.filter((h) => !docs.includes(h)) }).toEqual({
        status: expected,
        undocumented: [],
      });
    }
  });
});
