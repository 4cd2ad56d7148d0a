import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { createFundedKey } from './support/fixtures';
import { until, waitForValue } from './support/local-servers';
import { createTestApp, type TestApp } from './support/test-app';
import { signatureHeaders, startReceiver, type Receiver } from './support/receiver';

/**
 * Jobs and webhooks together, through HTTP only: a real job ends, the job core writes
 * its event in the ending transaction, and the dispatcher delivers it to a receiver on 127.0.0.1
 * (a test-mode endpoint may use loopback http), signed so that `standardwebhooks`' own verifier
 * accepts it. The event's `data` is the job object exactly as `GET /v1/jobs/{id}` answers it.
 */

interface JobEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown> & {
    id: string;
    status: string;
    error: { error: { code: string } } | null;
  };
}

const FINAL = ['succeeded', 'failed', 'canceled'];

describe('jobs and webhooks (e2e)', () => {
  let t: TestApp;
  const receivers: Receiver[] = [];
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        WEBHOOK_RETRY_DELAYS_S: '0.2,0.2,0.2',
        WEBHOOK_POLL_INTERVAL_MS: '100',
        WEBHOOK_TIMEOUT_MS: '3000',
        // The slow phrase stalls long enough to cancel the job while it runs.
        SANDBOX_SLOW_DELAY_MS: '5000',
        JOBS_HEARTBEAT_MS: '100',
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        RATE_LIMIT_PER_KEY_PER_MIN: '100000',
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '100000',
      },
    });
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

  /** A funded account with a key of `mode`. */
  async function party(mode: 'live' | 'test' = 'test') {
    const { account, key } = await createFundedKey(t.app, { mode: mode });
    return { account, key };
  }

  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  async function createEndpoint(key: string, url: string) {
    const res = await request(server()).post('/v1/webhook_endpoints').set(auth(key)).send({ url });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^whsec_/);
    return res.body as { id: string; secret: string };
  }

  async function asyncCall(key: string, path: string, body: Record<string, unknown>) {
    const res = await request(server())
      .post(path)
      .set(auth(key))
      .set('Prefer', 'respond-async')
      .send(body);
    expect(res.status).toBe(202);
    return res.body.id as string;
  }

  async function getJob(key: string, id: string) {
    const res = await request(server()).get(`/v1/jobs/${id}`).set(auth(key));
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown> & { status: string };
  }

  const ended = (key: string, id: string) =>
    waitForValue(
      async () => {
        const job = await getJob(key, id);
        return FINAL.includes(job.status) ? job : undefined;
      },
      30_000,
      `job ${id} to end`,
      100,
    );

  /** The one delivery a receiver got, verified with standardwebhooks' own verifier. */
  async function verifiedEvent(hook: Receiver, secret: string): Promise<JobEvent> {
    await until(() => hook.received.length >= 1, 15_000, 'the delivery', 50);
    const [got] = hook.received;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    return new Webhook(secret).verify(got.body, signatureHeaders(got)) as JobEvent;
  }

  it('an async job that succeeds → job.succeeded, signed, data = GET /v1/jobs/{id}', async () => {
    const { key } = await party();
    const hook = await receiver();
    const endpoint = await createEndpoint(key, hook.url);
    const id = await asyncCall(key, '/v1/assist', { message: 'show me trending dog food reels' });

    const event = await verifiedEvent(hook, endpoint.secret);
    expect(Object.keys(event).sort()).toEqual(['data', 'timestamp', 'type']);
    expect(event.type).toBe('job.succeeded');
    expect(new Date(event.timestamp).toISOString()).toBe(event.timestamp);
    const job = await ended(key, id);
    expect(job.status).toBe('succeeded');
    expect(event.data).toEqual(job);
    expect(event.data).toMatchObject({ id, object: 'job', operation: 'assist', mode: 'async' });
    // A wrong secret does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 9).toString('base64')}`).verify(
        hook.received[0].body,
        signatureHeaders(hook.received[0]),
      ),
    ).toThrow();
  });

  it('a canceled job → job.canceled with the job as it ended', async () => {
    const { key } = await party();
    const hook = await receiver();
    const endpoint = await createEndpoint(key, hook.url);
    const id = await asyncCall(key, '/v1/scan', {
      query: 'sandbox-slow home espresso',
      limit: 4,
    });
    await waitForValue(
      async () => ((await getJob(key, id)).status === 'running' ? true : undefined),
      15_000,
      'the job to run',
      50,
    );
    const cancel = await request(server()).post(`/v1/jobs/${id}/cancel`).set(auth(key));
    expect(cancel.status).toBe(200);

    const event = await verifiedEvent(hook, endpoint.secret);
    expect(event.type).toBe('job.canceled');
    const job = await ended(key, id);
    expect(job).toMatchObject({ status: 'canceled', http_status: 409 });
    expect(event.data).toEqual(job);
    expect(event.data.error?.error.code).toBe('job_canceled');
  });

  it('a failed job → job.failed with the 502 provider_error body', async () => {
    const { key } = await party();
    const hook = await receiver();
    const endpoint = await createEndpoint(key, hook.url);
    const id = await asyncCall(key, '/v1/scan', { query: 'sandbox-fail home espresso', limit: 4 });

    const event = await verifiedEvent(hook, endpoint.secret);
    expect(event.type).toBe('job.failed');
    expect(event.data.error?.error.code).toBe('provider_error');
    const job = await ended(key, id);
    expect(job).toMatchObject({ status: 'failed', http_status: 502 });
    expect(event.data).toEqual(job);
  });

  it('a receiver answering 500, 500, then 200: delivered, one webhook-id, three attempts', async () => {
    const { key } = await party();
    const hook = await receiver((index) => (index < 2 ? 500 : 200));
    const endpoint = await createEndpoint(key, hook.url);
    const id = await asyncCall(key, '/v1/assist', { message: 'hello there' });

    const delivery = await waitForValue(
      async () => {
        const res = await request(server())
          .get(`/v1/webhook_endpoints/${endpoint.id}/deliveries`)
          .set(auth(key));
        const [found] = (res.body.data ?? []) as {
          status: string;
          message_id: string;
          job_id: string;
          event_type: string;
          attempt_count: number;
          attempts: { attempt: number; status_code: number | null }[];
        }[];
        return found?.status === 'succeeded' ? found : undefined;
      },
      20_000,
      'the delivery to succeed',
      100,
    );
    expect(hook.received).toHaveLength(3);
    expect(new Set(hook.received.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([delivery.message_id]),
    );
    for (const received of hook.received) {
      const event = new Webhook(endpoint.secret).verify(
        received.body,
        signatureHeaders(received),
      ) as JobEvent;
      expect(event).toMatchObject({ type: 'job.succeeded', data: { id } });
    }
    expect(delivery).toMatchObject({ event_type: 'job.succeeded', attempt_count: 3 });
    expect(delivery.attempts.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
  });

  it('a live key cannot point an endpoint at a private or metadata address: 400 param url', async () => {
    const { key } = await party('live');
    for (const url of ['https://10.0.0.1/hook', 'https://169.254.169.254/']) {
      const res = await request(server())
        .post('/v1/webhook_endpoints')
        .set(auth(key))
        .send({ url });
      expect([url, res.status, res.body.error?.code, res.body.error?.param]).toEqual([
        url,
        400,
        'invalid_request',
        'url',
      ]);
    }
    const list = await request(server()).get('/v1/webhook_endpoints').set(auth(key));
    expect(list.body.data).toEqual([]);
  });
});
