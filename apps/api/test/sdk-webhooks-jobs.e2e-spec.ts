import { randomBytes } from 'node:crypto';
import {
  APIConnectionError,
  Reelscout,
  ReelscoutError,
  WebhookVerificationError,
  type JobWebhookEvent,
} from '@reelscout/sdk';
import { until, waitForValue } from './support/local-servers';
import { startReceiver } from './support/receiver';
import {
  recordingFetch,
  sdkSpecHelpers,
  SLOW_VIDEO,
  startSdkSpecApp,
  stopSdkSpecApp,
  type SdkSpecApp,
  type Sent,
} from './support/sdk-spec-shared';

jest.setTimeout(120_000);

/**
 * The TypeScript SDK (libs/sdk) against the real API on a real port: no mock of our own API.
 * Each operation in test mode, an async job waited for, auto-paging, a 429 retried with the
 * same Idempotency-Key and charged once, typed errors (402, 400), and a real signed webhook
 * delivery verified (and a tampered one refused).
 */
describe('@reelscout/sdk against the real API (e2e)', () => {
  let app: SdkSpecApp;
  let baseURL: string;
  const { party, client } = sdkSpecHelpers(() => app);

  beforeAll(async () => {
    app = await startSdkSpecApp();
    ({ baseURL } = app);
  });

  afterAll(async () => {
    await stopSdkSpecApp(app);
  });

  it('webhooks: a real signed delivery verifies; a tampered body or another secret does not', async () => {
    const receiver = await startReceiver();
    const rs = client((await party()).key);
    try {
      const endpoint = await rs.webhookEndpoints.create({
        url: receiver.url,
        events: ['job.succeeded'],
      });
      expect(endpoint.secret).toMatch(/^whsec_/);
      expect(endpoint.lastResponse.status).toBe(201);
      expect(await rs.webhookEndpoints.get(endpoint.id)).toMatchObject({
        id: endpoint.id,
        url: receiver.url,
      });
      const listed: string[] = [];
      for await (const item of rs.webhookEndpoints.list({ limit: 1 })) listed.push(item.id);
      expect(listed).toEqual([endpoint.id]);

      const job = await rs.jobs.create('assist', { message: 'find me coffee reels' });
      const delivered = await waitForValue(
        () => receiver.received[0],
        30_000,
        'the webhook delivery',
        50,
      );
      const event = rs.webhooks.verify(
        delivered.body,
        delivered.headers,
        endpoint.secret,
      ) as JobWebhookEvent;
      expect(event.type).toBe('job.succeeded');
      expect(event.data.id).toBe(job.id);
      expect(event.data.status).toBe('succeeded');
      // The Fetch API's Headers work too.
      const fetchHeaders = new Headers();
      for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
        fetchHeaders.set(name, String(delivered.headers[name]));
      }
      const fromFetch = rs.webhooks.verify(delivered.body, fetchHeaders, endpoint.secret);
      expect((fromFetch as JobWebhookEvent).data.id).toBe(job.id);

      const tampered = delivered.body.replace('"succeeded"', '"failed"');
      expect(tampered).not.toBe(delivered.body);
      expect(() => rs.webhooks.verify(tampered, delivered.headers, endpoint.secret)).toThrow(
        WebhookVerificationError,
      );
      const other = await rs.webhookEndpoints.rotateSecret(endpoint.id);
      expect(other.secret).not.toBe(endpoint.secret);
      expect(() =>
        rs.webhooks.verify(
          delivered.body,
          delivered.headers,
          'whsec_' + randomBytes(32).toString('base64'),
        ),
      ).toThrow(WebhookVerificationError);
      expect(() => rs.webhooks.verify(delivered.body, {}, endpoint.secret)).toThrow(
        WebhookVerificationError,
      );

      // The receiver got the body before the dispatcher wrote down the outcome: poll the log.
      const deliveries = await waitForValue(
        async () => {
          const page = await rs.webhookEndpoints.deliveries(endpoint.id);
          return page.data[0]?.status === 'succeeded' ? page : undefined;
        },
        10_000,
        'the delivery logged as succeeded',
        100,
      );
      expect(deliveries.data[0]).toMatchObject({ job_id: job.id, status: 'succeeded' });
      const again = await rs.webhookEndpoints.redeliver(endpoint.id, deliveries.data[0].id);
      expect(again.id).toBe(deliveries.data[0].id);
      const updated = await rs.webhookEndpoints.update(endpoint.id, { status: 'disabled' });
      expect(updated.status).toBe('disabled');
      const deleted = await rs.webhookEndpoints.delete(endpoint.id);
      expect(deleted).toMatchObject({ id: endpoint.id, deleted: true });
    } finally {
      await receiver.close();
    }
  });

  it('balance.get: the key mode’s balance', async () => {
    const rs = client((await party(1_500_000)).key);
    const balance = await rs.balance.get();
    expect(balance).toMatchObject({
      object: 'balance',
      livemode: false,
      balance_usd: '1.500000',
      available_usd: '1.500000',
    });
  });

  it('connection errors are retried (operations), then raised as APIConnectionError', async () => {
    const sent: Sent[] = [];
    const rs = new Reelscout({
      apiKey: 'rs_test_x',
      baseURL: 'http://127.0.0.1:9',
      maxRetries: 1,
      fetch: recordingFetch(sent),
    });
    const failure = await rs.assist({ message: 'hi' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(APIConnectionError);
    expect(failure).toMatchObject({ name: 'APIConnectionError' });
    expect(sent.map((request) => request.status)).toEqual([0, 0]);
    expect(sent[1].headers['idempotency-key']).toBe(sent[0].headers['idempotency-key']);
  });

  it('a POST the server does not deduplicate is sent once: no retry on a network error or 5xx', async () => {
    const { key } = await party();
    for (const fail of [
      (): Promise<Response> => Promise.reject(new TypeError('fetch failed')),
      async () =>
        new Response(JSON.stringify({ error: { code: 'internal_error', message: 'x' } }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    ]) {
      const sent: Sent[] = [];
      // The real API for everything but creating an endpoint, which "fails" after being sent.
      const flaky: typeof fetch = (input, init) =>
        init?.method === 'POST' && String(input).endsWith('/v1/webhook_endpoints')
          ? fail()
          : fetch(input, init);
      const rs = client(key, { fetch: recordingFetch(sent, flaky), maxRetries: 3 });
      await expect(
        rs.webhookEndpoints.create({ url: 'http://127.0.0.1:9/hook', events: ['job.succeeded'] }),
      ).rejects.toBeInstanceOf(ReelscoutError);
      expect(sent).toHaveLength(1);
      expect(sent[0].headers['idempotency-key']).toBeUndefined();
    }
  });

  it('a sync playbook that outlives the wait window: 202, then the job polled; same answer as the sync call', async () => {
    const sent: Sent[] = [];
    const rs = client((await party()).key, { fetch: recordingFetch(sent), syncWaitSeconds: 1 });
    const idempotencyKey = `sdk-wait-${randomBytes(6).toString('hex')}`;
    const res = await rs.playbook({ url: SLOW_VIDEO }, { idempotencyKey });

    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].headers.prefer).toBe('wait=1');
    expect(posts[0].status).toBe(202);
    const polls = sent.filter((request) => request.method === 'GET');
    expect(polls.length).toBeGreaterThan(0);
    expect(
      polls.every((request) => request.url.endsWith(`/v1/jobs/${res.lastResponse.jobId}`)),
    ).toBe(true);
    expect(res.playbook).toEqual(expect.any(Object));
    expect(res.lastResponse).toMatchObject({ status: 200, idempotencyKey, replayed: false });
    expect(res.lastResponse.jobId).toMatch(/^job_/);
    expect(res.lastResponse.requestId).toEqual(expect.any(String));
    expect(res.lastResponse.chargedUsd).toBe('0.200000');
    expect(res.lastResponse.balanceUsd).toMatch(/^\d+\.\d{6}$/);

    // What a plain synchronous call with the same key answers: the job's stored 200.
    const direct = await fetch(`${baseURL}/v1/playbook`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${posts[0].headers.authorization.slice('Bearer '.length)}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify({ url: SLOW_VIDEO }),
    });
    expect(direct.status).toBe(200);
    expect(await direct.json()).toEqual(JSON.parse(JSON.stringify(res)));
    expect(direct.headers.get('x-job-id')).toBe(res.lastResponse.jobId);
    expect(direct.headers.get('x-service-charged-usd')).toBe(res.lastResponse.chargedUsd);
    expect(direct.headers.get('x-service-balance-usd')).toBe(res.lastResponse.balanceUsd);
  });

  it('409 idempotency_key_in_use (the key’s job still runs): the SDK waits for that job', async () => {
    const { key } = await party();
    const idempotencyKey = `sdk-in-use-${randomBytes(6).toString('hex')}`;
    // Plain synchronous calls (no Prefer: wait), so the second is answered 409 in-use.
    const first = client(key, { syncWaitSeconds: 0 }).playbook(
      { url: SLOW_VIDEO },
      { idempotencyKey },
    );
    const lister = client(key);
    await until(
      async () =>
        (await lister.jobs.list({ operation: 'playbook', status: 'running' })).data.length > 0,
      10_000,
      'the first playbook running',
    );
    const sent: Sent[] = [];
    const second = await client(key, { syncWaitSeconds: 0, fetch: recordingFetch(sent) }).playbook(
      { url: SLOW_VIDEO },
      { idempotencyKey },
    );
    const firstRes = await first;

    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.status)).toEqual([409]);
    expect(posts[0].headers.prefer).toBeUndefined();
    expect(sent.filter((request) => request.method === 'GET').length).toBeGreaterThan(0);
    expect(second).toEqual(firstRes);
    expect(second.lastResponse.jobId).toBe(firstRes.lastResponse.jobId);
    expect(second.lastResponse).toMatchObject({ status: 200, idempotencyKey, replayed: true });
    expect(second.lastResponse.chargedUsd).toBe(firstRes.lastResponse.chargedUsd);
    expect(second.lastResponse.balanceUsd).toBe(firstRes.lastResponse.balanceUsd);
  });
});
