import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ReelscoutExpressAdapter } from '../apps/api/src/common/http/express-adapter';
import { DataSource } from 'typeorm';
import { BillingService } from '../apps/api/src/money/billing.service';
import type { LlmProvider } from '../apps/api/src/providers/llm.provider';
import { ProvidersService } from '../apps/api/src/providers/providers.service';
import { createAccount, createKey } from '../apps/api/test/support/fixtures';
import { createTestApp } from '../apps/api/test/support/test-app';
import { bareHoldAndCapture } from './support/bare-ledger';
import { cannon } from './support/cannon';
import { QUICK, recordFigure } from './support/figures';

/**
 * What our pipeline costs on top of Nest itself, measured side by side in one process:
 * - overhead_ratio: assist in test mode (the sandbox LLM answers at once) ÷ a bare Nest POST
 *   route, throughput at 32 connections on 127.0.0.1 (goal ≥ 0.30). assist does the real work:
 *   request id, body parsing, key auth, access, ceilings, validation, hold, capture with its
 *   ledger entry, billing headers and the usage record.
 * - overhead_p99_ms: p99 of (wall − time inside the LLM) per assist call, one call at a time so
 *   no queueing is counted (goal ≤ 10).
 */

const CONNECTIONS = 32;
const WARMUP_S = QUICK ? 1 : 3;
const DURATION_S = QUICK ? 5 : 15;
const SEQUENTIAL_CALLS = QUICK ? 400 : 2_000;
const ACCOUNTS = 32;
const BODY = JSON.stringify({ message: 'show me trending dog food reels' });

/**
 * What the bare route's `/money` variant charges: the database of the app under test and its
 * funded accounts. Set before the run.
 */
const money: { dataSource?: DataSource; accounts: string[]; next: number } = {
  accounts: [],
  next: 0,
};

@Controller()
class BareController {
  @Post('bare')
  @HttpCode(200)
  bare(@Body() body: { message?: string }): { intent: string; reply: string } {
    return { intent: 'chat', reply: `echo ${body.message?.length ?? 0}` };
  }

  /**
   * The bare route plus the least a Postgres ledger must do for a charged call (a hold, then its
   * capture: bench/support/bare-ledger.ts): the floor under assist's throughput on this machine.
   */
  @Post('money')
  @HttpCode(200)
  async money(@Body() body: { message?: string }): Promise<{ intent: string; reply: string }> {
    const accountId = money.accounts[money.next++ % money.accounts.length];
    await bareHoldAndCapture(money.dataSource!, { accountId, mode: 'test' }, 10_000, 10_000);
    return { intent: 'chat', reply: `echo ${body.message?.length ?? 0}` };
  }
}

@Module({ controllers: [BareController] })
class BareModule {}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One POST over a keep-alive connection; resolves with its wall time in ms. */
function timedPost(
  agent: http.Agent,
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    req.on('error', reject);
    req.end(BODY);
  });
}

it('overhead_ratio and overhead_p99_ms', async () => {
  const bare = await NestFactory.create(BareModule, new ReelscoutExpressAdapter(), {
    logger: false,
  });
  await bare.listen(0, '127.0.0.1');
  const t = await createTestApp({
    env: {
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      RATE_LIMIT_PER_KEY_PER_MIN: '1000000',
      RATE_LIMIT_PER_SUBJECT_PER_MIN: '1000000',
      RATE_LIMIT_IN_FLIGHT_PER_KEY: '10000',
    },
  });
  try {
    await t.app.listen(0, '127.0.0.1');
    const assistPort = (t.app.getHttpServer().address() as AddressInfo).port;
    const barePort = (bare.getHttpServer().address() as AddressInfo).port;

    // Many accounts, so the figure is the pipeline's cost, not one balance row's (that is
    // hot_account_calls_per_s).
    const keys: string[] = [];
    const billing = t.app.get(BillingService);
    money.dataSource = t.app.get(DataSource);
    for (let i = 0; i < ACCOUNTS; i++) {
      const account = await createAccount(t.app);
      await billing.credit({ accountId: account.id, mode: 'test' }, 1_000_000_000, {
        kind: 'grant',
      });
      keys.push((await createKey(t.app, account.id, 'test')).key);
      money.accounts.push(account.id);
    }
    let next = 0;
    const auth = () => ({ authorization: `Bearer ${keys[next++ % keys.length]}` });
    const json = { 'content-type': 'application/json' };
    const load = (
      port: number,
      path: string,
      duration: number,
      headerSets: Record<string, string>[],
    ) =>
      cannon({
        url: `http://127.0.0.1:${port}`,
        path,
        connections: CONNECTIONS,
        duration,
        body: BODY,
        headerSets,
      });
    const assistHeaders = keys.map((key) => ({ ...json, authorization: `Bearer ${key}` }));

    await load(barePort, '/bare', WARMUP_S, [json]);
    const bareRun = await load(barePort, '/bare', DURATION_S, [json]);
    await load(barePort, '/money', WARMUP_S, [json]);
    const moneyRun = await load(barePort, '/money', DURATION_S, [json]);
    await load(assistPort, '/v1/assist', WARMUP_S, assistHeaders);
    const assistRun = await load(assistPort, '/v1/assist', DURATION_S, assistHeaders);
    for (const [name, run] of [
      ['bare', bareRun],
      ['money', moneyRun],
      ['assist', assistRun],
    ] as const) {
      if (run.non2xx > 0 || run.errors > 0 || run.timeouts > 0)
        throw new Error(
          `${name}: ${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts`,
        );
    }
    process.stdout.write(
      `overhead: bare ${bareRun.requests.average.toFixed(0)} req/s (p99 ${bareRun.latency.p99} ms), ` +
        `bare + hold + capture ${moneyRun.requests.average.toFixed(0)} req/s (p99 ${moneyRun.latency.p99} ms), ` +
        `assist ${assistRun.requests.average.toFixed(0)} req/s (p99 ${assistRun.latency.p99} ms) at ${CONNECTIONS} connections\n`,
    );
    // Not a goal: how much of the bare route's throughput survives the ledger's two statements
    // alone, i.e. the ceiling over overhead_ratio on this machine.
    recordFigure('overhead_money_floor_ratio', {
      value: moneyRun.requests.average / bareRun.requests.average,
      unit: 'ratio (bare + hold + capture ÷ bare)',
      goal: '(printed)',
    });
    recordFigure('overhead_ratio', {
      value: assistRun.requests.average / bareRun.requests.average,
      unit: 'ratio',
      goal: '≥ 0.30',
    });

    // Time spent inside the (sandbox) LLM, per call: wrap the mode's LLM where assist reaches it.
    const llm: LlmProvider = t.app.get(ProvidersService).for('test').llm;
    const structured = llm.structured.bind(llm);
    let llmMs = 0;
    llm.structured = (async (...args: Parameters<LlmProvider['structured']>) => {
      const started = performance.now();
      try {
        return await structured(...args);
      } finally {
        llmMs += performance.now() - started;
      }
    }) as LlmProvider['structured'];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const overheads: number[] = [];
    const llmTimes: number[] = [];
    try {
      for (let i = 0; i < SEQUENTIAL_CALLS; i++) {
        llmMs = 0;
        const { status, ms } = await timedPost(agent, assistPort, '/v1/assist', {
          'content-type': 'application/json',
          ...auth(),
        });
        if (status !== 200) throw new Error(`assist answered ${status}`);
        if (i >= SEQUENTIAL_CALLS / 10) {
          overheads.push(ms - llmMs);
          llmTimes.push(llmMs);
        }
      }
    } finally {
      agent.destroy();
      llm.structured = structured;
    }
    process.stdout.write(
      `overhead: one call at a time: p50 ${percentile(overheads, 50).toFixed(2)} ms, ` +
        `p99 ${percentile(overheads, 99).toFixed(2)} ms outside the LLM (LLM p99 ${percentile(llmTimes, 99).toFixed(2)} ms)\n`,
    );
    recordFigure('overhead_p99_ms', {
      value: percentile(overheads, 99),
      unit: 'ms',
      goal: '≤ 10',
    });
  } finally {
    await t.close();
    await bare.close();
  }
});
