import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BillingService } from '../apps/api/src/money/billing.service';
import { startBuiltApis, stopBuiltApis, type BuiltApi } from '../apps/api/test/support/built-api';
import { createAccount, createKey } from '../apps/api/test/support/fixtures';
import { freePort } from '../apps/api/test/support/local-servers';
import { createTestApp } from '../apps/api/test/support/test-app';
import { cannon, type CannonResult } from './support/cannon';
import { cpuPerCall, processCpuUs, readCpu } from './support/cpu';
import { QUICK, recordFigure } from './support/figures';

/**
 * What metrics and tracing cost a charged call. Three built API processes (main.js, as production
 * runs it, so the OpenTelemetry require hooks wrap http, express, pg and ioredis) on one
 * database: one with tracing on (OTLP/HTTP to a local sink on 127.0.0.1, every trace recorded)
 * and its metrics listener scraped every second; one with the metrics listener scraped every
 * second and no tracing; one with neither (no OTLP endpoint, METRICS_ENABLED=false; the
 * in-process counters still count); and a fourth like the third, the control. The load (test-mode
 * assist, a charged call, 16 connections) goes round the four in short rounds, so a change in
 * the machine's speed falls on all of them. Figures, time per call ÷ the one with neither:
 * - observability_cost_ratio: metrics and tracing (goal ≤ 1.05).
 * - metrics_cost_ratio: metrics alone.
 * - observability_noise_ratio: the control, which runs the same code as the one with neither;
 *   how far it is from 1 is how far the other two can be from their true cost in this run.
 * - observability_cpu_ratio: CPU per call (the API process's, read from /proc, and Postgres's)
 *   with metrics and tracing ÷ with neither: the same cost counted in CPU time, which does not
 *   swing with how the two cores happen to be shared among the processes.
 */

const CONNECTIONS = 16;
const ROUNDS = QUICK ? 4 : 10;
const ROUND_S = QUICK ? 3 : 6;
const ACCOUNTS = 16;
const BODY = JSON.stringify({ message: 'show me trending dog food reels' });

/** An OTLP/HTTP collector that accepts every export and keeps the bytes it got. */
async function startSink(): Promise<{ url: string; bytes: () => Buffer; close(): Promise<void> }> {
  const chunks: Buffer[] = [];
  const server: Server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      // An empty ExportTraceServiceResponse is zero bytes of protobuf.
      res.writeHead(200, { 'Content-Type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bytes: () => Buffer.concat(chunks),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

it('observability_cost_ratio', async () => {
  const sink = await startSink();
  const t = await createTestApp({ worker: false });
  const apis: BuiltApi[] = [];
  let scraper: NodeJS.Timeout | undefined;
  try {
    const billing = t.app.get(BillingService);
    const headerSets: Record<string, string>[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const account = await createAccount(t.app);
      await billing.credit({ accountId: account.id, mode: 'test' }, 1_000_000_000, {
        kind: 'grant',
      });
      const { key } = await createKey(t.app, account.id, 'test');
      headerSets.push({ 'content-type': 'application/json', authorization: `Bearer ${key}` });
    }
    const common = {
      DATABASE_URL: t.db.url,
      JOBS_WORKER: 'false',
      REDIS_URL: '',
      RATE_LIMIT_PER_KEY_PER_MIN: '1000000',
      RATE_LIMIT_PER_SUBJECT_PER_MIN: '1000000',
      RATE_LIMIT_IN_FLIGHT_PER_KEY: '10000',
    };
    const metricsPorts = [await freePort(), await freePort()];
    const withMetrics = (metricsPort: number, otlp: string) =>
      startBuiltApis(1, {
        ...common,
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
        METRICS_ENABLED: 'true',
        METRICS_PORT: String(metricsPort),
      });
    const [on] = await withMetrics(metricsPorts[0], sink.url);
    apis.push(on);
    const [metricsOnly] = await withMetrics(metricsPorts[1], '');
    apis.push(metricsOnly);
    const withNeither = async () => {
      const [api] = await startBuiltApis(1, {
        ...common,
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
        METRICS_ENABLED: 'false',
      });
      apis.push(api);
      return api;
    };
    const off = await withNeither();
    const control = await withNeither();
    scraper = setInterval(() => {
      for (const port of metricsPorts) {
        void fetch(`http://127.0.0.1:${port}/metrics`).then(
          (res) => res.text(),
          () => '',
        );
      }
    }, 1_000);

    const load = (api: BuiltApi, duration: number) =>
      cannon({
        url: api.url,
        path: '/v1/assist',
        connections: CONNECTIONS,
        duration,
        body: BODY,
        headerSets,
      });
    const check = (name: string, run: CannonResult) => {
      if (run.non2xx > 0 || run.errors > 0 || run.timeouts > 0) {
        throw new Error(
          `${name}: ${run.non2xx} non-2xx (${JSON.stringify((run as { statusCodeStats?: unknown }).statusCodeStats)}), ${run.errors} errors, ${run.timeouts} timeouts`,
        );
      }
    };
    const sides = { on, metrics: metricsOnly, off, control };
    type Side = keyof typeof sides;
    const names: Side[] = ['on', 'metrics', 'off', 'control'];
    for (const name of names) await load(sides[name], 2);
    const totals = {} as Record<
      Side,
      { calls: number; seconds: number; apiUs: number; postgresUs: number }
    >;
    for (const name of names) totals[name] = { calls: 0, seconds: 0, apiUs: 0, postgresUs: 0 };
    const apiCpu = (name: Side) => {
      const us = processCpuUs(sides[name].child.pid!);
      if (us === null) throw new Error(`${name}: the API process has ended`);
      return us;
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Rotate which goes first, so none always follows the same one's load.
      for (let i = 0; i < names.length; i++) {
        const name = names[(round + i) % names.length];
        const apiBefore = apiCpu(name);
        const before = readCpu();
        const run = await load(sides[name], ROUND_S);
        const after = readCpu();
        check(name, run);
        totals[name].calls += run['2xx'];
        totals[name].seconds += run.duration;
        totals[name].apiUs += apiCpu(name) - apiBefore;
        totals[name].postgresUs += cpuPerCall(before, after, 1).postgresUs;
      }
    }
    // Give the batch processor its export interval, then prove the spans arrived.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const exported = sink.bytes();
    for (const name of ['job.settle', 'pg.query', 'POST /v1/assist']) {
      if (!exported.includes(name)) throw new Error(`the sink got no "${name}" span`);
    }
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPorts[0]}/metrics`)).text();
    if (!metrics.includes('reelscout_operation_calls_total')) throw new Error('no metrics served');

    const perCall = (side: { calls: number; seconds: number }) => side.seconds / side.calls;
    const rate = (side: Side) => (totals[side].calls / totals[side].seconds).toFixed(0);
    process.stdout.write(
      `observability: metrics and tracing ${rate('on')} calls/s, metrics ${rate('metrics')} calls/s, ` +
        `off ${rate('off')} calls/s, control ${rate('control')} calls/s at ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_S} s ` +
        `each; ${exported.length} bytes of spans exported\n`,
    );
    const ratio = (side: Side) =>
      Math.round((perCall(totals[side]) / perCall(totals.off)) * 1000) / 1000;
    const cpu = (side: Side) => ({
      api: totals[side].apiUs / totals[side].calls,
      postgres: totals[side].postgresUs / totals[side].calls,
    });
    for (const side of names) {
      process.stdout.write(
        `observability: ${side}: ${cpu(side).api.toFixed(0)} µs of API process CPU and ` +
          `${cpu(side).postgres.toFixed(0)} µs of Postgres CPU per call\n`,
      );
    }
    const cpuTotal = (side: Side) => cpu(side).api + cpu(side).postgres;
    recordFigure('observability_cost_ratio', {
      value: ratio('on'),
      unit: 'ratio (time per charged call, metrics + tracing ÷ off)',
      goal: '≤ 1.05',
    });
    recordFigure('metrics_cost_ratio', {
      value: ratio('metrics'),
      unit: 'ratio (time per charged call, metrics alone ÷ off)',
      goal: '(printed)',
    });
    recordFigure('observability_cpu_ratio', {
      value: cpuTotal('on') / cpuTotal('off'),
      unit: `ratio (API process + Postgres CPU per charged call, metrics + tracing ÷ off; control ${(cpuTotal('control') / cpuTotal('off')).toFixed(3)})`,
      goal: '≤ 1.05',
    });
    recordFigure('observability_noise_ratio', {
      value: ratio('control'),
      unit: 'ratio (time per charged call, a second process with neither ÷ off)',
      goal: '(printed: the run’s noise)',
    });
  } finally {
    clearInterval(scraper);
    await stopBuiltApis(apis);
    await t.close();
    await sink.close();
  }
});
