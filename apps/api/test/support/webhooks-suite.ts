import { randomUUID } from 'node:crypto';
import { type Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { WebhookOutbox, type JobEventType } from '../../src/webhooks/webhook-outbox';
import { createAccount, createKey } from './fixtures';
import { createTestApp, type TestApp } from './test-app';
import { startReceiver, type Receiver } from './receiver';

/**
 * The app, database client, receivers and helpers the webhooks specs share. Call it inside the
 * spec's `describe`: it registers the hooks, and `state` is filled in by `beforeAll`.
 */
export function webhooksSuite() {
  const state = {} as { t: TestApp; db: Client };
  const receivers: Receiver[] = [];
  const server = () => state.t.app.getHttpServer();

  beforeAll(async () => {
    state.t = await createTestApp({
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
    state.db = state.t.sql;
  });

  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await state.t?.close();
  });

  async function receiver(statusFor: (index: number) => number = () => 200): Promise<Receiver> {
    const started = await startReceiver(statusFor);
    receivers.push(started);
    return started;
  }

  /** A fresh account and key, so each scenario's events reach only its own endpoints. */
  async function party(mode: 'live' | 'test' = 'test') {
    const account = await createAccount(state.t.app, { apiAccess: true });
    const key = await createKey(state.t.app, account.id, mode);
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
    const outbox = state.t.app.get(WebhookOutbox);
    const enqueued = await state.t.app.get(DataSource).transaction((manager) =>
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

  return { state, receivers, server, receiver, party, createEndpoint, jobEnded, deliveriesOf };
}
