import request from 'supertest';
import {
  PROVIDER_PATHS,
  appAweme,
  startFakeOpenAI,
  startFakeProvider,
  type FakeOpenAI,
  type FakeProvider,
} from './fakes';
import { MoneyAudit } from '../src/observability/money-audit';
import { ObservabilityService } from '../src/observability/observability.service';
import { createFundedKey } from './support/fixtures';
import { until, waitForValue } from './support/local-servers';
import { scrape, valueOf } from './support/metrics-scrape';
import { startReceiver, type Receiver } from './support/receiver';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The metrics of the real app, scraped from its own listener and parsed as Prometheus text: each
 * kind of call moves its series by exactly what it did, and no label names an id, a key or a
 * subject.
 */
describe('metrics (e2e)', () => {
  let t: TestApp;
  let port: number;
  let provider: FakeProvider;
  let openai: FakeOpenAI;
  const receivers: Receiver[] = [];
  /** Every id, key and subject the tests use: none may appear in a label. */
  const secrets = new Set<string>();
  const server = () => t.app.getHttpServer();
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  beforeAll(async () => {
    provider = await startFakeProvider();
    openai = await startFakeOpenAI();
    t = await createTestApp({
      env: {
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_API_KEY: openai.apiKey,
        VIDEO_PROVIDER_MAX_RETRIES: '0',
        LLM_MAX_RETRIES: '0',
        WEBHOOK_POLL_INTERVAL_MS: '100',
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        METRICS_PORT: '0',
        MONEY_AUDIT_INTERVAL_MS: '0',
        MONEY_AUDIT_BATCH: '2',
      },
    });
    port = (await t.app.get(ObservabilityService).serve())!;
  });
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await t?.close();
    await Promise.all([provider?.close(), openai?.close()]);
  });
  beforeEach(() => {
    provider.reset();
    openai.reset();
  });

  async function funded(mode: 'live' | 'test', micros?: number) {
    const created = await createFundedKey(t.app, { mode, micros });
    secrets.add(created.key).add(created.keyId).add(created.account.id);
    return created;
  }

  /** The difference each series moved by while `act` ran. */
  async function delta(act: () => Promise<void>) {
    const before = await scrape(port);
    await act();
    const after = await scrape(port);
    return (name: string, labels: Record<string, string | RegExp> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
  }

  it('a charged call: one succeeded call, its charge in micro-USD, one 200 on its route', async () => {
    const { key } = await funded('test');
    let charged = 0;
    const moved = await delta(async () => {
      const res = await request(server())
        .post('/v1/assist')
        .set(auth(key))
        .send({ message: 'show me trending dog food reels' });
      expect(res.status).toBe(200);
      charged = Math.round(Number(res.headers['x-service-charged-usd']) * 1_000_000);
      secrets.add(String(res.headers['x-job-id']));
    });
    expect(charged).toBeGreaterThan(0);
    const call = { operation: 'assist', mode: 'test' };
    expect(moved('reelscout_operation_calls_total', { ...call, outcome: 'succeeded' })).toBe(1);
    expect(moved('reelscout_operation_calls_total', { ...call, outcome: /^(?!succeeded$)/ })).toBe(
      0,
    );
    expect(moved('reelscout_charged_micros_total', call)).toBe(charged);
    expect(moved('reelscout_operation_duration_seconds_count', call)).toBe(1);
    expect(
      moved('reelscout_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/v1/assist',
        status: '200',
      }),
    ).toBe(1);
    expect(moved('reelscout_payment_required_total')).toBe(0);
  });

  it('a 402: one refused call and one 402 by its reason, nothing charged', async () => {
    const { key } = await funded('test', 0);
    const moved = await delta(async () => {
      const res = await request(server())
        .post('/v1/assist')
        .set(auth(key))
        .send({ message: 'show me trending dog food reels' });
      expect(res.status).toBe(402);
      expect(res.body.error.code).toBe('insufficient_credit');
    });
    expect(moved('reelscout_payment_required_total', { reason: 'insufficient_credit' })).toBe(1);
    expect(moved('reelscout_payment_required_total')).toBe(1);
    const call = { operation: 'assist', mode: 'test' };
    expect(moved('reelscout_operation_calls_total', { ...call, outcome: 'refused' })).toBe(1);
    expect(moved('reelscout_operation_calls_total')).toBe(1);
    expect(moved('reelscout_charged_micros_total')).toBe(0);
    expect(moved('reelscout_http_request_duration_seconds_count', { status: '402' })).toBe(1);
  });

  it('a provider failure: every request the provider got is counted, the refused ones by outcome', async () => {
    const { key } = await funded('live');
    const ids = [0, 1, 2].map((i) => `74500000000000000${i}0`);
    ids.forEach((id, i) =>
      provider.addPost(
        'network_a',
        appAweme({ id, desc: `relevant tea ${i}`, plays: 10 * (i + 1) }),
      ),
    );
    const phrases = ['matcha', 'oolong', 'sencha'];
    for (const phrase of phrases) provider.setSearchResults('network_a', phrase, ids);
    openai.setAnswerFor('scan_plan', { niche: 'Tea', phrases });
    openai.setAnswerFor('scan_relevance', (body: Record<string, unknown>) => {
      const messages = body.messages as { content: string }[];
      const reels = JSON.parse(messages.at(-1)!.content.split('Reels:\n')[1]) as { id: string }[];
      return { scores: reels.map((r) => ({ id: r.id, score: 8, reason: 'fits the brief' })) };
    });
    // The first search fails on the main endpoint and on its fallback.
    provider.setBehavior(PROVIDER_PATHS.networkASearchApp, { status: 400 }, { times: 1 });
    provider.setBehavior(PROVIDER_PATHS.networkASearchWeb, { status: 400 }, { times: 1 });
    const moved = await delta(async () => {
      const res = await request(server())
        .post('/v1/scan')
        .set(auth(key))
        .send({ query: 'tea', market: 'network_a' });
      expect(res.status).toBe(200);
    });
    const sent = provider.requests().length;
    expect(sent).toBeGreaterThanOrEqual(4);
    expect(moved('reelscout_provider_requests_total', { provider: 'video_data' })).toBe(sent);
    expect(
      moved('reelscout_provider_requests_total', { provider: 'video_data', outcome: /^(?!ok$)/ }),
    ).toBe(2);
    expect(moved('reelscout_provider_request_duration_seconds_count')).toBe(sent);
    const llmCalls = openai.chatRequests().length;
    expect(llmCalls).toBeGreaterThanOrEqual(1);
    expect(moved('reelscout_llm_calls_total', { outcome: 'ok' })).toBe(llmCalls);
    expect(moved('reelscout_llm_tokens_total', { kind: 'prompt' })).toBeGreaterThan(0);
  });

  it('an async job and its webhook: one wait, one run, one succeeded call, one delivery with its lag', async () => {
    const { key } = await funded('test');
    const hook = await startReceiver(() => 200);
    receivers.push(hook);
    const created = await request(server())
      .post('/v1/webhook_endpoints')
      .set(auth(key))
      .send({ url: hook.url });
    expect(created.status).toBe(201);
    secrets.add(created.body.id);
    const moved = await delta(async () => {
      const res = await request(server())
        .post('/v1/assist')
        .set(auth(key))
        .set('Prefer', 'respond-async')
        .send({ message: 'show me trending dog food reels' });
      expect(res.status).toBe(202);
      const id = res.body.id as string;
      secrets.add(id);
      await waitForValue(
        async () => {
          const job = await request(server()).get(`/v1/jobs/${id}`).set(auth(key));
          return job.body.status === 'succeeded' ? job.body : undefined;
        },
        30_000,
        'the job to succeed',
        100,
      );
      await until(() => hook.received.length === 1, 15_000, 'the delivery', 50);
      // The attempt is recorded after the receiver answered: wait for its count.
      await until(
        async () => valueOf(await scrape(port), 'reelscout_webhook_deliveries_total') > 0,
        15_000,
        'the delivery to be recorded',
        50,
      );
    });
    const job = { mode: 'test' };
    expect(moved('reelscout_job_wait_seconds_count', { ...job, queue: /^(light|heavy)$/ })).toBe(1);
    expect(moved('reelscout_job_run_seconds_count', { operation: 'assist' })).toBe(1);
    expect(
      moved('reelscout_operation_calls_total', {
        operation: 'assist',
        mode: 'test',
        outcome: 'succeeded',
      }),
    ).toBe(1);
    expect(moved('reelscout_webhook_deliveries_total', { outcome: 'succeeded' })).toBe(1);
    expect(moved('reelscout_webhook_deliveries_total')).toBe(1);
    expect(moved('reelscout_webhook_delivery_lag_seconds_count')).toBe(1);
    expect(
      moved('reelscout_http_request_duration_seconds_count', { route: '/v1/jobs/:id' }),
    ).toBeGreaterThan(0);
  });

  it('reports the queue, the pool and the default Node metrics', async () => {
    const families = await scrape(port);
    const names = families.map((family) => family.name);
    for (const name of [
      'reelscout_queue_depth',
      'reelscout_queue_oldest_age_seconds',
      'reelscout_pg_pool_clients',
      'reelscout_nodejs_eventloop_lag_seconds',
      'reelscout_nodejs_heap_size_used_bytes',
      'reelscout_nodejs_gc_duration_seconds_count',
    ]) {
      expect(names).toContain(name);
    }
    expect(valueOf(families, 'reelscout_queue_depth', { queue: 'light', mode: 'test' })).toBe(0);
    expect(valueOf(families, 'reelscout_pg_pool_clients', { state: 'idle' })).toBeGreaterThan(0);
  });

  it('no label carries an id, a key, a subject or a raw path', async () => {
    await request(server())
      .get('/v1/jobs/job_0123456789abcdef0123456789abcdef')
      .set(auth([...secrets][0]));
    await request(server()).get('/nowhere/7301234567890120001');
    const families = await scrape(port);
    const values = families.flatMap((family) =>
      family.samples.flatMap((sample) => Object.values(sample.labels)),
    );
    expect(values.length).toBeGreaterThan(50);
    expect(secrets.size).toBeGreaterThan(8);
    for (const value of values) {
      for (const secret of secrets) expect(value).not.toContain(secret);
      expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|job_[0-9a-f]{8}|rs_(live|test)_|\d{6,}/);
    }
    const routes = new Set(
      families
        .find((family) => family.name === 'reelscout_http_request_duration_seconds_count')!
        .samples.map((sample) => sample.labels.route),
    );
    expect(routes).toContain('/v1/jobs/:id');
    expect(routes).toContain('unmatched');
  });

  it('the listener is not the public port: the API has no /metrics, the listener only /metrics on loopback', async () => {
    expect((await request(server()).get('/metrics')).status).toBe(404);
    const address = t.app.getHttpServer().address() as { port: number } | null;
    expect(port).not.toBe(address?.port);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('the money audit reports 0, then finds a deliberately broken balance and the held amount', async () => {
    const audit = t.app.get(MoneyAudit);
    const { account } = await funded('test');
    // A few batches of two: the pass walks every balance row in turn.
    expect(await audit.runPass()).toBe(0);
    expect(valueOf(await scrape(port), 'reelscout_money_audit_mismatched_accounts')).toBe(0);

    await t.sql.query(`UPDATE balances SET balance = balance + 1 WHERE account_id = $1`, [
      account.id,
    ]);
    expect(await audit.runPass()).toBe(1);
    expect(valueOf(await scrape(port), 'reelscout_money_audit_mismatched_accounts')).toBe(1);

    await t.sql.query(
      `UPDATE balances SET balance = balance - 1, held = held + 5 WHERE account_id = $1`,
      [account.id],
    );
    expect(await audit.runPass()).toBe(1);
    await t.sql.query(`UPDATE balances SET held = held - 5 WHERE account_id = $1`, [account.id]);
    expect(await audit.runPass()).toBe(0);
    expect(valueOf(await scrape(port), 'reelscout_money_audit_mismatched_accounts')).toBe(0);
  });
});
