import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import request from 'supertest';
import {
  appAweme,
  startFakeOpenAI,
  startFakeProvider,
  type FakeOpenAI,
  type FakeProvider,
} from './fakes';
import { startTracing, type Tracing } from '../src/common/observability/tracing-sdk';
import { createFundedKey } from './support/fixtures';
import { until, waitForValue } from './support/local-servers';
import { startReceiver, type Receiver } from './support/receiver';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * OpenTelemetry across the queue: one async live scan, queued by its request and run by the
 * worker, is one trace holding the request, the job's attempt, the provider calls and the
 * settlement; the webhook delivery of its event links to that trace. The request's server span is
 * the HTTP middleware's, as in production. Jest loads modules its own way, past the require hooks
 * the pg instrumentation uses, so here a query has no span of its own.
 */
describe('tracing (e2e)', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | null;
  let t: TestApp;
  let provider: FakeProvider;
  let openai: FakeOpenAI;
  let hook: Receiver;

  beforeAll(async () => {
    // Before the app loads, as main.ts does.
    tracing = await startTracing({ serviceName: 'reelscout-test', exporter });
    provider = await startFakeProvider();
    openai = await startFakeOpenAI();
    hook = await startReceiver(() => 200);
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
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([provider?.close(), openai?.close(), hook?.close()]);
    await tracing?.shutdown();
    // The next spec file in this Jest worker starts without a tracer.
    trace.disable();
    context.disable();
    propagation.disable();
  });

  it('one async scan is one trace: request → queued → attempt in the worker → provider calls → settlement', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'live' });
    const auth = { Authorization: `Bearer ${key}` };

    const ids = [0, 1].map((i) => `74600000000000000${i}0`);
    ids.forEach((id, i) =>
      provider.addPost('network_a', appAweme({ id, desc: `relevant kite ${i}`, plays: 5 + i })),
    );
    const phrases = ['kites', 'kite surfing', 'stunt kites'];
    for (const phrase of phrases) provider.setSearchResults('network_a', phrase, ids);
    openai.setAnswerFor('scan_plan', { niche: 'Kites', phrases });
    openai.setAnswerFor('scan_relevance', (body: Record<string, unknown>) => {
      const messages = body.messages as { content: string }[];
      const reels = JSON.parse(messages.at(-1)!.content.split('Reels:\n')[1]) as { id: string }[];
      return { scores: reels.map((r) => ({ id: r.id, score: 8, reason: 'fits the brief' })) };
    });
    exporter.reset();

    const res = await request(t.app.getHttpServer())
      .post('/v1/scan')
      .set(auth)
      .set('Prefer', 'respond-async')
      .send({ query: 'kites', market: 'network_a' });
    expect(res.status).toBe(202);
    const id = res.body.id as string;
    const ended = await waitForValue(
      async () => {
        const job = await request(t.app.getHttpServer()).get(`/v1/jobs/${id}`).set(auth);
        return ['succeeded', 'failed', 'canceled'].includes(job.body.status) ? job.body : undefined;
      },
      30_000,
      'the scan to end',
      100,
    );
    expect(ended).toMatchObject({ status: 'succeeded' });
    await until(
      () => exporter.getFinishedSpans().some((span) => span.name === 'job.attempt'),
      15_000,
      'the attempt span',
      50,
    );

    const spans = exporter.getFinishedSpans();
    const server = serverSpan(spans, '/v1/scan');
    const traceId = server.spanContext().traceId;
    const inTrace = spans.filter((span) => span.spanContext().traceId === traceId);
    const named = (name: string) => inTrace.filter((span) => span.name === name);

    const [attempt] = named('job.attempt');
    expect(named('job.attempt')).toHaveLength(1);
    expect(attempt.attributes['reelscout.operation']).toBe('scan');
    const providerCalls = named('provider.request');
    expect(providerCalls.length).toBe(provider.requests().length);
    expect(providerCalls.length).toBeGreaterThanOrEqual(2);
    expect(named('llm.call').length).toBe(openai.chatRequests().length);
    expect(named('job.settle')).toHaveLength(1);

    // The worker's spans descend from the attempt, and the attempt from the request.
    const byId = new Map(inTrace.map((span) => [span.spanContext().spanId, span]));
    const ancestors = (span: ReadableSpan): string[] => {
      const names: string[] = [];
      for (let at = parentOf(span); at; at = parentOf(byId.get(at))) {
        const parent = byId.get(at);
        if (!parent) break;
        names.push(parent.name);
      }
      return names;
    };
    for (const span of [...providerCalls, ...named('job.settle')]) {
      expect(ancestors(span)).toContain('job.attempt');
    }
    expect(ancestors(attempt)).toContain(server.name);
  });

  it("a webhook delivery's span is a trace of its own, linked to its job's", async () => {
    // A test-mode endpoint may be plain http on loopback.
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    const auth = { Authorization: `Bearer ${key}` };
    const created = await request(t.app.getHttpServer())
      .post('/v1/webhook_endpoints')
      .set(auth)
      .send({ url: hook.url });
    expect(created.status).toBe(201);
    exporter.reset();
    const res = await request(t.app.getHttpServer())
      .post('/v1/assist')
      .set(auth)
      .set('Prefer', 'respond-async')
      .send({ message: 'show me trending dog food reels' });
    expect(res.status).toBe(202);
    await until(
      () => exporter.getFinishedSpans().some((span) => span.name === 'webhook.deliver'),
      15_000,
      'the delivery span',
      50,
    );
    const spans = exporter.getFinishedSpans();
    const traceId = serverSpan(spans, '/v1/assist').spanContext().traceId;
    const attempt = spans.find((span) => span.name === 'job.attempt')!;
    expect(attempt.spanContext().traceId).toBe(traceId);
    const delivery = spans.find((span) => span.name === 'webhook.deliver')!;
    expect(delivery.spanContext().traceId).not.toBe(traceId);
    expect(delivery.links.map((link) => link.context.traceId)).toEqual([traceId]);
  });

  it('a request carrying a W3C traceparent continues that trace; its span is named by route; health checks are not traced', async () => {
    const { key } = await createFundedKey(t.app, { mode: 'test' });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    exporter.reset();
    const res = await request(t.app.getHttpServer())
      .get('/v1/jobs/job_doesnotexist')
      .set('Authorization', `Bearer ${key}`)
      .set('traceparent', `00-${traceId}-${parentId}-01`);
    expect(res.status).toBe(404);
    await request(t.app.getHttpServer()).get('/health');
    await until(
      () => exporter.getFinishedSpans().some((span) => span.kind === 1),
      5_000,
      'the server span',
      20,
    );
    const server = exporter.getFinishedSpans().filter((span) => span.kind === 1 /* SERVER */);
    expect(server).toHaveLength(1);
    expect(server[0].name).toBe('GET /v1/jobs/:id');
    expect(server[0].attributes['http.route']).toBe('/v1/jobs/:id');
    expect(server[0].attributes['http.response.status_code']).toBe(404);
    expect(server[0].spanContext().traceId).toBe(traceId);
    expect(parentOf(server[0])).toBe(parentId);
  });
});

/** The HTTP server span of the request to `path`. */
function serverSpan(spans: ReadableSpan[], path: string): ReadableSpan {
  const found = spans.filter(
    (span) =>
      span.kind === 1 /* SERVER */ &&
      String(span.attributes['http.target'] ?? span.attributes['url.path']).startsWith(path),
  );
  expect(found).toHaveLength(1);
  return found[0];
}

function parentOf(span: ReadableSpan | undefined): string | undefined {
  if (!span) return undefined;
  const s = span as ReadableSpan & {
    parentSpanId?: string;
    parentSpanContext?: { spanId: string };
  };
  return s.parentSpanContext?.spanId ?? s.parentSpanId;
}
