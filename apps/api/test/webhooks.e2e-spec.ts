import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { createKey } from './support/fixtures';
import { until, waitForValue } from './support/local-servers';
import type { TestApp } from './support/test-app';
import { signatureHeaders } from './support/receiver';
import { webhooksSuite } from './support/webhooks-suite';

/**
 * Webhooks on the real database: endpoints managed over HTTP, secrets shown once and
 * sealed at rest, deliveries signed and verified with `standardwebhooks`' own verifier, retried
 * with one `webhook-id`, logged, redelivered, refused for private URLs in live mode, disabled
 * after failing too long, and invisible to other accounts. The jobs core is driven through the
 * contract it will call: `WebhookOutbox.enqueue` in a transaction, then `kick()`. Receivers are
 * local servers on 127.0.0.1, which `OUTBOUND_ALLOW_PRIVATE_HOSTS` allows the way a developer
 * allows a local receiver (both modes follow that one policy; other loopback addresses stay
 * refused, see reliability/webhook-egress.e2e-spec.ts).
 *
 * Here: managing endpoints, verification, subscriptions and isolation (retries: webhooks-delivery).
 */

describe('webhooks (e2e)', () => {
  const { state, server, receiver, party, createEndpoint, jobEnded, deliveriesOf } =
    webhooksSuite();
  let t: TestApp;
  let db: Client;
  beforeAll(() => ({ t, db } = state));

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
});
