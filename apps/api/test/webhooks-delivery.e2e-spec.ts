import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { until, waitForValue } from './support/local-servers';
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
 * Here: retries, failure, rotation, redelivery and disabling.
 */

describe('webhooks (e2e)', () => {
  const { state, server, receiver, party, createEndpoint, jobEnded, deliveriesOf } =
    webhooksSuite();
  let db: Client;
  beforeAll(() => ({ db } = state));

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
