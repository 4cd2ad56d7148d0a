import { randomUUID } from 'node:crypto';
import { type Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { WebhookOutbox, type JobEventType } from '../src/webhooks/webhook-outbox';
import { createAccount, createKey } from './support/fixtures';
import { until, waitForValue } from './support/local-servers';
import { signatureHeaders, startReceiver, type Receiver } from './support/receiver';
import { type TestApp, createTestApp } from './support/test-app';

/**
 * Webhooks on the real database: endpoints managed over HTTP, secrets shown once and
 * sealed at rest, deliveries signed and verified with `standardwebhooks`' own verifier, retried
 * with one `webhook-id`, logged, redelivered, refused for private URLs in live mode, disabled
 * after failing too long, and invisible to other accounts. The jobs core is driven through the
 * contract it will call: `WebhookOutbox.enqueue` in a transaction, then `kick()`. Receivers are
 * local servers on 127.0.0.1, which `OUTBOUND_ALLOW_PRIVATE_HOSTS` allows the way a developer
 * allows a local receiver (both modes follow that one policy; other loopback addresses stay
 * refused, see reliability/webhook-egress.e2e-spec.ts).
 */
describe('webhooks (e2e)', () => {
  let t: TestApp;
  let db: Client;
  const receivers: Receiver[] = [];
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      env: {
        WEBHOOK_RETRY_DELAYS_S: '0.2,0.2,0.2',
        WEBHOOK_POLL_INTERVAL_MS: '50',
        WEBHOOK_TIMEOUT_MS: '3000',
        WEBHOOK_DISABLE_AFTER_MS: '5000',
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        DASHBOARD_RATE_LIMIT_PER_MIN: '100000',
        AUTH_RATE_LIMIT_PER_MIN: '100000',
        RATE_LIMIT_PER_KEY_PER_MIN: '100000',
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '100000',
      },
    });
    db = t.sql;
  });

  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await t?.close();
  });

  async function receiver(statusFor: (index: number) => number = () => 200): Promise<Receiver> {
    const started = await startReceiver(statusFor);
    receivers.push(started);
    return started;
  }

  /** A fresh account and key, so each scenario's events reach only its own endpoints. */
  async function party(mode: 'live' | 'test' = 'test') {
    const account = await createAccount(t.app, { apiAccess: true });
    const key = await createKey(t.app, account.id, mode);
    const auth = (req: request.Test) => req.set('Authorization', `Bearer ${key.key}`);
    return { account, key: key.key, auth, mode };
  }

  async function createEndpoint(
    who: Awaited<ReturnType<typeof party>>,
    body: Record<string, unknown>,
  ) {
    const res = await who.auth(request(server()).post('/v1/webhook_endpoints')).send(body);
    expect(res.status).toBe(201);
    return res.body as { id: string; secret: string; url: string; events: string[] };
  }

  /** What the jobs core will do when a job ends: the outbox row in its transaction, then a kick. */
  async function jobEnded(
    who: { account: { id: string }; mode: 'live' | 'test' },
    type: JobEventType = 'job.succeeded',
  ): Promise<{ jobId: string; enqueued: number }> {
    const jobId = randomUUID();
    const outbox = t.app.get(WebhookOutbox);
    const enqueued = await t.app.get(DataSource).transaction((manager) =>
      outbox.enqueue(manager, {
        accountId: who.account.id,
        mode: who.mode,
        type,
        data: { id: jobId, object: 'job', status: type.slice(4) },
      }),
    );
    outbox.kick();
    return { jobId, enqueued };
  }

  async function deliveriesOf(who: Awaited<ReturnType<typeof party>>, endpointId: string) {
    const res = await who.auth(
      request(server()).get(`/v1/webhook_endpoints/${endpointId}/deliveries`),
    );
    expect(res.status).toBe(200);
    return res.body.data as {
      id: string;
      message_id: string;
      job_id: string;
      event_type: string;
      status: string;
      attempt_count: number;
      attempts: { attempt: number; status_code: number | null; latency_ms: number }[];
    }[];
  }

  it('create, list, get, update, rotate, delete; the secret is shown once and sealed at rest', async () => {
    const who = await party();
    const hook = await receiver();
    const created = await createEndpoint(who, { url: hook.url });
    expect(created).toMatchObject({
      object: 'webhook_endpoint',
      url: hook.url,
      events: ['job.succeeded', 'job.failed', 'job.canceled'],
      status: 'enabled',
      disabled_reason: null,
      livemode: false,
    });
    expect(created.secret).toMatch(/^whsec_/);

    const stored = await db.query(
      `SELECT secret_ciphertext, previous_secret_ciphertext FROM webhook_endpoints WHERE id = $1`,
      [created.id],
    );
    expect(stored.rows[0].secret_ciphertext).not.toContain(created.secret.slice(6));
    expect(stored.rows[0].secret_ciphertext).not.toContain(created.secret);

    const list = await who.auth(request(server()).get('/v1/webhook_endpoints'));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: 'list', has_more: false });
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([created.id]);
    expect(list.body.data[0].secret).toBeUndefined();

    const got = await who.auth(request(server()).get(`/v1/webhook_endpoints/${created.id}`));
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    expect(JSON.stringify(got.body)).not.toContain(created.secret);

    const patched = await who
      .auth(request(server()).patch(`/v1/webhook_endpoints/${created.id}`))
      .send({ events: ['job.failed'], url: `${hook.url}?v=2` });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ events: ['job.failed'], url: `${hook.url}?v=2` });
    expect(patched.body.secret).toBeUndefined();

    const rotated = await who.auth(
      request(server()).post(`/v1/webhook_endpoints/${created.id}/rotate_secret`),
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);

    // Paging: newest first, `starting_after` continues after the given id.
    const second = await createEndpoint(who, { url: hook.url, events: ['job.canceled'] });
    const page1 = await who.auth(request(server()).get('/v1/webhook_endpoints?limit=1'));
    expect(page1.body.data.map((e: { id: string }) => e.id)).toEqual([second.id]);
    expect(page1.body.has_more).toBe(true);
    const page2 = await who.auth(
      request(server()).get(`/v1/webhook_endpoints?limit=1&starting_after=${second.id}`),
    );
    expect(page2.body.data.map((e: { id: string }) => e.id)).toEqual([created.id]);
    expect(page2.body.has_more).toBe(false);

    const deleted = await who.auth(request(server()).delete(`/v1/webhook_endpoints/${created.id}`));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: created.id, object: 'webhook_endpoint', deleted: true });
    const gone = await who.auth(request(server()).get(`/v1/webhook_endpoints/${created.id}`));
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('not_found');
    const after = await who.auth(request(server()).get('/v1/webhook_endpoints'));
    expect(after.body.data.map((e: { id: string }) => e.id)).toEqual([second.id]);
  });

  it('bad input: 400 with the param, unknown ids 404', async () => {
    const who = await party();
    const post = (body: unknown) =>
      who.auth(request(server()).post('/v1/webhook_endpoints')).send(body as object);
    for (const [body, param] of [
      [{ url: 'not a url' }, 'url'],
      [{ url: '/relative' }, 'url'],
      [{ url: 'ftp://example.com/x' }, 'url'],
      [{ url: 42 }, 'url'],
      [{}, 'url'],
      [{ url: 'http://10.0.0.1/hook' }, 'url'],
      [{ url: 'http://169.254.169.254/latest' }, 'url'],
      [{ url: 'https://example.com/x', events: ['job.exploded'] }, 'events'],
      [{ url: 'https://example.com/x', events: ['job.failed', 'job.failed'] }, 'events'],
      [{ url: 'https://example.com/x', events: [] }, 'events'],
    ] as const) {
      const res = await post(body);
      expect([
        JSON.stringify(body),
        res.status,
        res.body.error?.code,
        res.body.error?.param,
      ]).toEqual([JSON.stringify(body), 400, 'invalid_request', param]);
    }
    for (const id of ['not-a-uuid', randomUUID()]) {
      const res = await who.auth(request(server()).get(`/v1/webhook_endpoints/${id}`));
      expect(res.status).toBe(404);
    }
  });

  it('live mode: https only, and never a private, loopback or link-local address', async () => {
    const who = await party('live');
    for (const url of [
      'http://example.com/hook',
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.2/hook',
      'https://[::1]/hook',
      'not a url',
    ]) {
      const res = await who.auth(request(server()).post('/v1/webhook_endpoints')).send({ url });
      expect([url, res.status, res.body.error?.param]).toEqual([url, 400, 'url']);
    }
    const ok = await createEndpoint(who, { url: 'https://93.184.215.14/hook' });
    expect(ok).toMatchObject({ livemode: true, status: 'enabled' });
    const patch = await who
      .auth(request(server()).patch(`/v1/webhook_endpoints/${ok.id}`))
      .send({ url: 'https://192.168.1.1/hook' });
    expect([patch.status, patch.body.error?.param]).toEqual([400, 'url']);
  });

  it("a delivery verifies with standardwebhooks' own verifier", async () => {
    const who = await party();
    const verified: unknown[] = [];
    const hook = await receiver();
    const endpoint = await createEndpoint(who, { url: hook.url });
    const { jobId, enqueued } = await jobEnded(who, 'job.succeeded');
    expect(enqueued).toBe(1);
    await until(() => hook.received.length >= 1, 10_000, 'the delivery');

    const [got] = hook.received;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe('Reelscout-Webhooks/1');
    expect(got.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    verified.push(new Webhook(endpoint.secret).verify(got.body, signatureHeaders(got)));
    expect(verified[0]).toMatchObject({
      type: 'job.succeeded',
      data: { id: jobId, object: 'job' },
    });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(
        got.body,
        signatureHeaders(got),
      ),
    ).toThrow();

    const log = await waitForValue(
      async () => {
        const [delivery] = await deliveriesOf(who, endpoint.id);
        return delivery?.status === 'succeeded' ? delivery : undefined;
      },
      10_000,
      'the delivery to be recorded',
    );
    expect(log).toMatchObject({
      message_id: got.headers['webhook-id'],
      event_type: 'job.succeeded',
      job_id: jobId,
      attempt_count: 1,
    });
    expect(log.attempts).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 200, error: null }),
    ]);
  });

  it('only subscribed, enabled endpoints of the same account and mode get an event', async () => {
    const who = await party();
    const hook = await receiver();
    await createEndpoint(who, { url: hook.url, events: ['job.failed'] });
    const disabled = await createEndpoint(who, { url: hook.url });
    await who
      .auth(request(server()).patch(`/v1/webhook_endpoints/${disabled.id}`))
      .send({ status: 'disabled' });
    expect((await jobEnded(who, 'job.succeeded')).enqueued).toBe(0);
    expect((await jobEnded(who, 'job.failed')).enqueued).toBe(1);
    expect((await jobEnded({ account: who.account, mode: 'live' }, 'job.failed')).enqueued).toBe(0);
  });

  it('BOLA: another account (or the other mode) gets 404 on every id route', async () => {
    const victim = await party();
    const attacker = await party();
    const victimLive = await createKey(t.app, victim.account.id, 'live');
    const hook = await receiver();
    const endpoint = await createEndpoint(victim, { url: hook.url });
    await jobEnded(victim);
    const delivery = await waitForValue(
      async () => (await deliveriesOf(victim, endpoint.id))[0],
      10_000,
      'a delivery',
    );
    const base = `/v1/webhook_endpoints/${endpoint.id}`;
    const routes: [string, (key: string) => request.Test][] = [
      ['GET', (key) => request(server()).get(base).set('Authorization', `Bearer ${key}`)],
      [
        'PATCH',
        (key) =>
          request(server())
            .patch(base)
            .set('Authorization', `Bearer ${key}`)
            .send({ url: 'https://example.com/x' }),
      ],
      ['DELETE', (key) => request(server()).delete(base).set('Authorization', `Bearer ${key}`)],
      [
        'rotate',
        (key) =>
          request(server()).post(`${base}/rotate_secret`).set('Authorization', `Bearer ${key}`),
      ],
      [
        'deliveries',
        (key) => request(server()).get(`${base}/deliveries`).set('Authorization', `Bearer ${key}`),
      ],
      [
        'redeliver',
        (key) =>
          request(server())
            .post(`${base}/deliveries/${delivery.id}/redeliver`)
            .set('Authorization', `Bearer ${key}`),
      ],
    ];
    for (const key of [attacker.key, victimLive.key]) {
      for (const [name, send] of routes) {
        const res = await send(key);
        expect([name, res.status, res.body.error?.code]).toEqual([name, 404, 'not_found']);
      }
    }
    const list = await attacker.auth(request(server()).get('/v1/webhook_endpoints'));
    expect(list.body.data).toEqual([]);
    // The victim's endpoint is untouched.
    const mine = await victim.auth(request(server()).get(base));
    expect(mine.body).toMatchObject({ url: hook.url, status: 'enabled' });
    expect(await deliveriesOf(victim, endpoint.id)).toHaveLength(1);
  });

  it('the dashboard manages the same endpoints with a session, and only its own', async () => {
    const owner = await party();
    const other = await party();
    const signIn = async (account: { email: string; password: string }) => {
      const agent = request.agent(server());
      const res = await agent
        .post('/auth/sign-in')
        .send({ email: account.email, password: account.password });
      expect(res.status).toBe(200);
      return agent;
    };
    const agent = await signIn(owner.account);
    const hook = await receiver();

    const created = await agent
      .post('/account/webhook-endpoints?mode=test')
      .send({ url: hook.url, events: ['job.succeeded'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'webhook_endpoint', livemode: false });
    expect(created.body.secret).toMatch(/^whsec_/);

    // The same object through the key.
    const viaKey = await owner.auth(
      request(server()).get(`/v1/webhook_endpoints/${created.body.id}`),
    );
    const { secret: _secret, ...withoutSecret } = created.body;
    expect(viaKey.body).toEqual(withoutSecret);

    const list = await agent.get('/account/webhook-endpoints?mode=test');
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([created.body.id]);
    expect((await agent.get('/account/webhook-endpoints?mode=live')).body.data).toEqual([]);
    expect((await agent.get('/account/webhook-endpoints')).status).toBe(400);

    const rotated = await agent.post(`/account/webhook-endpoints/${created.body.id}/rotate-secret`);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    const deliveries = await agent.get(`/account/webhook-endpoints/${created.body.id}/deliveries`);
    expect(deliveries.body).toMatchObject({ object: 'list', data: [] });

    const intruder = await signIn(other.account);
    for (const res of [
      await intruder.get(`/account/webhook-endpoints/${created.body.id}`),
      await intruder
        .patch(`/account/webhook-endpoints/${created.body.id}`)
        .send({ status: 'disabled' }),
      await intruder.delete(`/account/webhook-endpoints/${created.body.id}`),
      await intruder.get(`/account/webhook-endpoints/${created.body.id}/deliveries`),
    ]) {
      expect(res.status).toBe(404);
    }

    const deleted = await agent.delete(`/account/webhook-endpoints/${created.body.id}`);
    expect(deleted.body).toEqual({
      id: created.body.id,
      object: 'webhook_endpoint',
      deleted: true,
    });
    expect((await request(server()).get('/account/webhook-endpoints?mode=test')).status).toBe(401);
  });

  it('500, 500, then 200: delivered, one webhook-id, three attempts in the log', async () => {
    const who = await party();
    const hook = await receiver((index) => (index < 2 ? 500 : 200));
    const endpoint = await createEndpoint(who, { url: hook.url });
    await jobEnded(who);
    const delivery = await waitForValue(
      async () => {
        const [found] = await deliveriesOf(who, endpoint.id);
        return found?.status === 'succeeded' ? found : undefined;
      },
      15_000,
      'the delivery to succeed',
    );
    expect(hook.received).toHaveLength(3);
    expect(new Set(hook.received.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([delivery.message_id]),
    );
    for (const received of hook.received) {
      expect(() =>
        new Webhook(endpoint.secret).verify(received.body, signatureHeaders(received)),
      ).not.toThrow();
    }
    expect(delivery.attempt_count).toBe(3);
    expect(delivery.attempts.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(delivery.attempts.every((a) => Number.isInteger(a.latency_ms))).toBe(true);
    const shown = await who.auth(request(server()).get(`/v1/webhook_endpoints/${endpoint.id}`));
    expect(shown.body).toMatchObject({ status: 'enabled', failing_since: null });
  });

  it('a receiver that never answers 2xx: the delivery fails after the last delay', async () => {
    const who = await party();
    const hook = await receiver(() => 503);
    const endpoint = await createEndpoint(who, { url: hook.url });
    await jobEnded(who);
    const delivery = await waitForValue(
      async () => {
        const [found] = await deliveriesOf(who, endpoint.id);
        return found?.status === 'failed' ? found : undefined;
      },
      15_000,
      'the delivery to fail',
    );
    expect(delivery.attempts.map((a) => a.status_code)).toEqual([503, 503, 503, 503]);
  });

  it('after a rotation, a delivery verifies with the old secret and with the new one', async () => {
    const who = await party();
    const hook = await receiver();
    const endpoint = await createEndpoint(who, { url: hook.url });
    const rotated = await who.auth(
      request(server()).post(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`),
    );
    expect(rotated.status).toBe(200);
    await jobEnded(who);
    await until(() => hook.received.length >= 1, 10_000, 'the delivery');
    const [got] = hook.received;
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() =>
      new Webhook(endpoint.secret).verify(got.body, signatureHeaders(got)),
    ).not.toThrow();
    expect(() =>
      new Webhook(rotated.body.secret).verify(got.body, signatureHeaders(got)),
    ).not.toThrow();
  });

  it('redeliver: a new attempt of the same delivery, with the same webhook-id', async () => {
    const who = await party();
    const hook = await receiver();
    const endpoint = await createEndpoint(who, { url: hook.url });
    await jobEnded(who);
    const first = await waitForValue(
      async () => {
        const [found] = await deliveriesOf(who, endpoint.id);
        return found?.status === 'succeeded' ? found : undefined;
      },
      10_000,
      'the first delivery',
    );
    const res = await who.auth(
      request(server()).post(
        `/v1/webhook_endpoints/${endpoint.id}/deliveries/${first.id}/redeliver`,
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: first.id, message_id: first.message_id });
    const second = await waitForValue(
      async () => {
        const [found] = await deliveriesOf(who, endpoint.id);
        return found?.attempt_count === 2 && found.status === 'succeeded' ? found : undefined;
      },
      10_000,
      'the redelivery',
    );
    expect(second.attempts.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 200],
      [2, 200],
    ]);
    expect(hook.received.map((r) => r.headers['webhook-id'])).toEqual([
      first.message_id,
      first.message_id,
    ]);
    const unknown = await who.auth(
      request(server()).post(
        `/v1/webhook_endpoints/${endpoint.id}/deliveries/${randomUUID()}/redeliver`,
      ),
    );
    expect(unknown.status).toBe(404);
  });

  it('an endpoint failing for longer than WEBHOOK_DISABLE_AFTER_MS is disabled, and shown so', async () => {
    const who = await party();
    const hook = await receiver(() => 500);
    const endpoint = await createEndpoint(who, { url: hook.url });
    await jobEnded(who);
    await waitForValue(
      async () => {
        const res = await who.auth(request(server()).get(`/v1/webhook_endpoints/${endpoint.id}`));
        return res.body.failing_since ?? undefined;
      },
      10_000,
      'the endpoint to be failing',
    );
    // Failing since long before WEBHOOK_DISABLE_AFTER_MS (5 s): the next failure disables it.
    await db.query(
      `UPDATE webhook_endpoints SET failing_since = now() - interval '1 minute' WHERE id = $1`,
      [endpoint.id],
    );
    await jobEnded(who);
    const disabled = await waitForValue(
      async () => {
        const res = await who.auth(request(server()).get(`/v1/webhook_endpoints/${endpoint.id}`));
        return res.body.status === 'disabled' ? res.body : undefined;
      },
      10_000,
      'the endpoint to be disabled',
    );
    expect(disabled.disabled_reason).toMatch(/failed for more than/);

    // A disabled endpoint gets no new events; re-enabling clears the failing state.
    expect((await jobEnded(who)).enqueued).toBe(0);
    const enabled = await who
      .auth(request(server()).patch(`/v1/webhook_endpoints/${endpoint.id}`))
      .send({ status: 'enabled' });
    expect(enabled.body).toMatchObject({
      status: 'enabled',
      disabled_reason: null,
      failing_since: null,
    });
  });
});
