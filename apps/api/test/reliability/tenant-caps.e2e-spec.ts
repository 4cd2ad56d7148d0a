import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { type Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ACCOUNT_SHARE } from '../../src/webhooks/webhook-dispatcher';
import { MAX_ENDPOINTS_PER_MODE } from '../../src/webhooks/webhook-endpoints.service';
import { WebhookOutbox } from '../../src/webhooks/webhook-outbox';
import { createAccount, createKey } from '../support/fixtures';
import { waitForValue } from '../support/local-servers';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Threat: one tenant's volume degrades everyone. Without caps an account could make thousands of
 * webhook endpoints and keys; and the sender claimed due deliveries globally, oldest first, a
 * batch at a time, waiting for the whole batch, so endpoints pointing at a tarpit (accepts, never
 * answers) queued every other account's deliveries behind theirs for a timeout per batch. Now:
 * MAX_ENDPOINTS_PER_MODE endpoints per account and mode and API_KEYS_MAX_PER_ACCOUNT live keys
 * (409 `resource_limit_reached` with `param`), and each account holds at most ACCOUNT_SHARE of
 * the sender's slots, which refill one by one.
 */

/** Accepts connections and never answers (until closed). */
async function tarpit(): Promise<{ url: string; open: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`,
    open: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

/** Answers 200 at once and keeps what it got. */
async function receiver(): Promise<{ url: string; got: string[]; close(): Promise<void> }> {
  const got: string[] = [];
  const server: HttpServer = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      got.push(Buffer.concat(chunks).toString('utf8'));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    got,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('per-account caps and fair webhook delivery (e2e)', () => {
  const TIMEOUT_MS = 8_000;
  const MAX_KEYS = 3;
  let t: TestApp;
  let db: Client;
  let slow: Awaited<ReturnType<typeof tarpit>>;
  let fast: Awaited<ReturnType<typeof receiver>>;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    slow = await tarpit();
    fast = await receiver();
    t = await createTestApp({
      worker: true,
      env: {
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        WEBHOOK_POLL_INTERVAL_MS: '50',
        WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
        WEBHOOK_RETRY_DELAYS_S: '3600',
        API_KEYS_MAX_PER_ACCOUNT: String(MAX_KEYS),
        DASHBOARD_RATE_LIMIT_PER_MIN: '100000',
        AUTH_RATE_LIMIT_PER_MIN: '100000',
        RATE_LIMIT_PER_KEY_PER_MIN: '100000',
      },
    });
    db = t.sql;
  });

  afterAll(async () => {
    await t?.close();
    await slow?.close();
    await fast?.close();
  });

  async function party(mode: 'test' | 'live' = 'test') {
    const account = await createAccount(t.app, { apiAccess: true });
    const { key } = await createKey(t.app, account.id, mode);
    const post = (url: string, auth = key) =>
      request(server())
        .post('/v1/webhook_endpoints')
        .set('Authorization', `Bearer ${auth}`)
        .send({ url });
    return { account, key, post };
  }

  async function jobEnded(accountId: string): Promise<void> {
    const outbox = t.app.get(WebhookOutbox);
    await t.app.get(DataSource).transaction((manager) =>
      outbox.enqueue(manager, {
        accountId,
        mode: 'test',
        type: 'job.succeeded',
        data: { id: randomUUID(), object: 'job', status: 'succeeded' },
      }),
    );
    outbox.kick();
  }

  it(`the endpoint past ${MAX_ENDPOINTS_PER_MODE} per account and mode is refused: 409 resource_limit_reached, param webhook_endpoints`, async () => {
    const who = await party();
    // All at once: the count and the insert are one locked step, so exactly the cap gets in.
    const made = await Promise.all(
      Array.from({ length: MAX_ENDPOINTS_PER_MODE + 4 }, (_, i) => who.post(`${fast.url}?n=${i}`)),
    );
    expect(made.filter((res) => res.status === 201)).toHaveLength(MAX_ENDPOINTS_PER_MODE);
    const refused = made.filter((res) => res.status !== 201);
    expect(refused).toHaveLength(4);
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'resource_limit_reached',
        param: 'webhook_endpoints',
      });
      expect(res.body.error.message).toMatch(/16 test-mode webhook endpoints/);
    }
    // The other mode has a cap of its own; deleting one makes room again.
    const { key: live } = await createKey(t.app, who.account.id, 'live');
    expect((await who.post('https://127.0.0.1:8443/hook', live)).status).toBe(201);
    const first = made.find((res) => res.status === 201)!;
    const deleted = await request(server())
      .delete(`/v1/webhook_endpoints/${first.body.id}`)
      .set('Authorization', `Bearer ${who.key}`);
    expect(deleted.status).toBe(200);
    expect((await who.post(`${fast.url}?again`)).status).toBe(201);
    expect((await who.post(`${fast.url}?over`)).status).toBe(409);
  });

  it(`the key past API_KEYS_MAX_PER_ACCOUNT (${MAX_KEYS} here) is refused in the dashboard; a revoked one frees its place`, async () => {
    const account = await createAccount(t.app, { apiAccess: true });
    const agent = request.agent(server());
    const signedIn = await agent
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    expect(signedIn.status).toBe(200);
    const create = (name: string) => agent.post('/account/keys').send({ name, mode: 'test' });
    const ids: string[] = [];
    for (let i = 0; i < MAX_KEYS; i++) {
      const res = await create(`key ${i}`);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const over = await create('one too many');
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({ code: 'resource_limit_reached', param: 'api_keys' });
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1`,
      [account.id],
    );
    expect(rows[0].n).toBe(MAX_KEYS);

    expect((await agent.delete(`/account/keys/${ids[0]}`)).status).toBe(200);
    expect((await create('after a revoke')).status).toBe(201);
  });

  it("one account's 16 tarpit endpoints do not delay another account's delivery by a timeout", async () => {
    const hog = await party();
    for (let i = 0; i < MAX_ENDPOINTS_PER_MODE; i++) {
      expect((await hog.post(`${slow.url}?n=${i}`)).status).toBe(201);
    }
    // Two events: a delivery per tarpit endpoint each, all due before the other account's one.
    await jobEnded(hog.account.id);
    await jobEnded(hog.account.id);
    await waitForValue(
      () => (slow.open() > 0 ? true : undefined),
      10_000,
      'the tarpit to hold attempts',
    );

    const other = await party();
    const made = await other.post(fast.url);
    expect(made.status).toBe(201);
    const before = fast.got.length;
    await jobEnded(other.account.id);
    await waitForValue(
      () => (fast.got.length > before ? true : undefined),
      3 * TIMEOUT_MS,
      "the other account's delivery",
    );

    // Every tarpit attempt ends only at its timeout: none has, so the delivery above waited less
    // than one. And the hog holds no more than its share of the sender's slots.
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM webhook_delivery_attempts a
         JOIN webhook_deliveries d ON d.id = a.delivery_id
        WHERE d.account_id = $1`,
      [hog.account.id],
    );
    expect(rows[0].n).toBe(0);
    expect(slow.open()).toBeLessThanOrEqual(ACCOUNT_SHARE);
  }, 60_000);
});
