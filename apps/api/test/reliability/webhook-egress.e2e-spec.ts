import { createServer, type Server } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { type Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { WebhookOutbox } from '../../src/webhooks/webhook-outbox';
import { createAccount, createKey } from '../support/fixtures';
import { waitForValue } from '../support/local-servers';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Threat: test-mode webhooks as a port scanner of our own host. The delivery log shows each
 * attempt's status code, latency and connection error, so an endpoint on the server's loopback
 * (`http://127.0.0.1:2375/…`) plus a free test job or a redelivery read back which local ports
 * answer. Webhook destinations now follow the one egress policy in both modes: loopback is
 * refused when the endpoint is saved and again at every attempt, unless
 * `OUTBOUND_ALLOW_PRIVATE_HOSTS` covers it. The apps here run with NODE_ENV=production.
 */

/** A TCP listener on 127.0.0.1 that counts the connections it gets (and answers nothing). */
async function listener(): Promise<{
  port: number;
  connections: () => number;
  close(): Promise<void>;
}> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

const PRODUCTION = {
  NODE_ENV: 'production',
  JOBS_WORKER: 'true',
  WEBHOOK_POLL_INTERVAL_MS: '50',
  WEBHOOK_TIMEOUT_MS: '2000',
  WEBHOOK_RETRY_DELAYS_S: '60',
};

describe('webhook destinations follow the egress policy in test mode too (e2e)', () => {
  describe('production, no allowance', () => {
    let t: TestApp;
    let db: Client;
    let local: Awaited<ReturnType<typeof listener>>;

    beforeAll(async () => {
      local = await listener();
      t = await createTestApp({ env: { ...PRODUCTION, OUTBOUND_ALLOW_PRIVATE_HOSTS: '' } });
      db = t.sql;
    });

    afterAll(async () => {
      await t?.close();
      await local?.close();
    });

    async function testKey() {
      const account = await createAccount(t.app, { apiAccess: true });
      const { key } = await createKey(t.app, account.id, 'test');
      return { account, key };
    }

    it('a test-mode endpoint on a loopback address is refused: 400 invalid_request, param url', async () => {
      const { key } = await testKey();
      for (const url of [
        'http://127.0.0.1:2375/containers/json',
        `http://127.0.0.1:${local.port}/hook`,
        'http://127.0.0.1/hook',
        'http://[::1]:6379/',
        'http://localhost:5432/',
        'http://10.0.0.1/hook',
      ]) {
        const res = await request(t.app.getHttpServer())
          .post('/v1/webhook_endpoints')
          .set('Authorization', `Bearer ${key}`)
          .send({ url });
        expect([url, res.status, res.body.error?.code, res.body.error?.param]).toEqual([
          url,
          400,
          'invalid_request',
          'url',
        ]);
      }
      expect(local.connections()).toBe(0);
    });

    it('a host name that resolves to a private address is "not a public address"; the address is never told', async () => {
      const { key } = await testKey();
      const res = await request(t.app.getHttpServer())
        .post('/v1/webhook_endpoints')
        .set('Authorization', `Bearer ${key}`)
        .send({ url: 'http://localhost/hook' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'url' });
      expect(res.body.error.message).toContain('localhost is not a public address');
      expect(res.body.error.message).not.toMatch(/127\.0\.0\.1|::1|loopback/);
    });

    it('refused again at delivery (DNS can change): the attempt is logged as refused, nothing connects', async () => {
      const { account, key } = await testKey();
      const created = await request(t.app.getHttpServer())
        .post('/v1/webhook_endpoints')
        .set('Authorization', `Bearer ${key}`)
        .send({ url: 'http://93.184.215.14/hook' });
      expect(created.status).toBe(201);
      // What a host name that now resolves to loopback amounts to at the next attempt.
      await db.query(`UPDATE webhook_endpoints SET url = $1 WHERE id = $2`, [
        `http://127.0.0.1:${local.port}/hook`,
        created.body.id,
      ]);
      const outbox = t.app.get(WebhookOutbox);
      await t.app.get(DataSource).transaction((manager) =>
        outbox.enqueue(manager, {
          accountId: account.id,
          mode: 'test',
          type: 'job.succeeded',
          data: { id: randomUUID(), object: 'job', status: 'succeeded' },
        }),
      );
      outbox.kick();
      const attempt = await waitForValue(
        async () => {
          const { rows } = await db.query(
            `SELECT a.status_code, a.error FROM webhook_delivery_attempts a
               JOIN webhook_deliveries d ON d.id = a.delivery_id
              WHERE d.endpoint_id = $1`,
            [created.body.id],
          );
          return rows[0] as { status_code: number | null; error: string } | undefined;
        },
        15_000,
        'the attempt',
      );
      expect(attempt.status_code).toBeNull();
      expect(attempt.error).toMatch(/^refused: .*loopback/);
      expect(local.connections()).toBe(0);
    });
  });

  describe('production, OUTBOUND_ALLOW_PRIVATE_HOSTS=127.0.0.1', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({
        env: { ...PRODUCTION, OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1' },
      });
    });

    afterAll(async () => {
      await t?.close();
    });

    it('allows the named address on any port, in either mode, and no other loopback address', async () => {
      const account = await createAccount(t.app, { apiAccess: true });
      const post = async (mode: 'test' | 'live', url: string) => {
        const { key } = await createKey(t.app, account.id, mode);
        return request(t.app.getHttpServer())
          .post('/v1/webhook_endpoints')
          .set('Authorization', `Bearer ${key}`)
          .send({ url });
      };
      expect((await post('test', 'http://127.0.0.1:8080/hook')).status).toBe(201);
      expect((await post('live', 'https://127.0.0.1:8443/hook')).status).toBe(201);
      for (const url of ['http://127.0.0.2:2375/', 'http://[::1]:8080/hook']) {
        const res = await post('test', url);
        expect([url, res.status, res.body.error?.param]).toEqual([url, 400, 'url']);
      }
    });
  });
});
