import type { Server } from 'node:http';
import fc from 'fast-check';
import { type Client } from 'pg';
import request from 'supertest';
import { BillingService } from '../../src/money/billing.service';
import { createFundedKey } from '../support/fixtures';
import {
  envelopeProblem,
  hostileCaseArbitrary,
  MUTATION_KINDS,
  POLLUTION_MARKER,
  requestBodySchema,
  type FuzzCase,
  type MutationKind,
  type OpenApiDocument,
} from '../support/openapi-fuzz';
import { createTestApp, type TestApp } from '../support/test-app';
import { ENABLED_OPERATIONS, operationTableProblems } from './v1-operations';

/** At least this many fuzzed requests per run, spread evenly over the enabled operations. */
const TOTAL_REQUESTS = 5_200;
const CONCURRENCY = 8;
/** A hard stop for the request loop (the run normally takes a fraction of it). */
const LOOP_DEADLINE_MS = 240_000;
/** Reproduce a run with FUZZ_SEED=<the seed it printed>. */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const INITIAL_CREDIT = 100_000_000_000; // 100 000 USD of test credit: never the limiting factor

interface Outcome {
  op: string;
  fuzz: FuzzCase;
  status: number;
  requestId: string;
  /** The charge of a fresh (not replayed) 200, from its billing header. */
  charged: number;
  replayed: boolean;
  /** The error body's requestId (non-2xx answers). */
  errorRequestId?: unknown;
}

/** "0.010000" → 10000, without going through floats. */
function usdToMicros(value: string): number {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
}

function describeCase(outcome: { op: string; fuzz: FuzzCase }, detail: string): string {
  const text =
    outcome.fuzz.text.length > 300
      ? `${outcome.fuzz.text.slice(0, 300)}… (${outcome.fuzz.text.length} chars)`
      : outcome.fuzz.text;
  return `${outcome.op} [${outcome.fuzz.kinds.join(', ') || 'valid'}] headers=${JSON.stringify(outcome.fuzz.headers)}: ${detail}\n    body: ${JSON.stringify(text)}`;
}

describe('hostile input: bodies fuzzed from the OpenAPI request schemas (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let doc: OpenApiDocument;
  let server: Server;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        // Ceilings far above the run, so 429 never masks what validation does.
        RATE_LIMIT_PER_KEY_PER_MIN: '1000000',
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '1000000',
        RATE_LIMIT_IN_FLIGHT_PER_KEY: '10000',
        HOLD_REAPER_INTERVAL_MS: '0',
      },
    });
    server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    db = t.sql;
    doc = (await request(server).get('/openapi.json')).body as OpenApiDocument;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('the operation table covers every /v1 route the app serves', () => {
    expect(operationTableProblems(doc.paths)).toEqual([]);
  });

  describe('what earlier runs of the fuzz found (each was a 500, or a 502 for bad input)', () => {
    let key: string;
    let party: { accountId: string; mode: 'test' };
    const send = (path: string, text: string, headers: Record<string, string> = {}) => {
      let req = request(server)
        .post(path)
        .set('Authorization', `Bearer ${key}`)
        .set('Content-Type', 'application/json');
      for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
      return req.send(text);
    };
    const balance = async () => (await t.app.get(BillingService).balance(party)).balance;

    beforeAll(async () => {
      const funded = await createFundedKey(t.app);
      party = { accountId: funded.account.id, mode: 'test' };
      key = funded.key;
    });

    it.each([
      ['assist', '/v1/assist', (v: string) => `{"message":"hi","history":${v}}`],
      ['scan', '/v1/scan', (v: string) => `{"query":"coffee","limit":${v}}`],
    ])(
      '%s: deep nesting is 400 (the validators overflowed the stack: 500)',
      async (_op, path, wrap) => {
        const before = await balance();
        for (const depth of [33, 1_000, 2_000, 10_000]) {
          for (const nested of [
            `${'['.repeat(depth)}1${']'.repeat(depth)}`,
            `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
          ]) {
            const res = await send(path, wrap(nested));
            expect({ depth, status: res.status, message: res.body.error?.message }).toEqual({
              depth,
              status: 400,
              message: expect.stringMatching(/more than 32 levels deep/),
            });
          }
        }
        // 31 levels below the body still reaches validation (a normal 400 naming the field).
        const shallow = await send(path, wrap(`${'['.repeat(30)}1${']'.repeat(30)}`));
        expect(shallow.status).toBe(400);
        expect(shallow.body.error.message).not.toMatch(/levels deep/);
        expect(await balance()).toBe(before);
      },
    );

    it.each(['__proto__', 'constructor', 'prototype'])(
      '"%s" as a field is refused like any unknown field (it was accepted: 200)',
      async (name) => {
        const before = await balance();
        for (const [text, param] of [
          [`{"message":"hi","${name}":{"isAdmin":true}}`, name],
          [
            `{"message":"hi","history":[{"role":"user","text":"x","${name}":1}]}`,
            `history[0].${name}`,
          ],
          [`{"query":"coffee","${name}":"x"}`, name],
        ]) {
          const path = text.includes('query') ? '/v1/scan' : '/v1/assist';
          const res = await send(path, text);
          expect({
            status: res.status,
            code: res.body.error?.code,
            param: res.body.error?.param,
          }).toEqual({
            status: 400,
            code: 'invalid_request',
            param,
          });
        }
        expect(await balance()).toBe(before);
      },
    );

    it('a NUL character is 400 naming the field (it reached Postgres: 500)', async () => {
      const res = await send('/v1/assist', '{"message":"find dog food reels \\u0000"}');
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(
        expect.objectContaining({ code: 'invalid_request', param: 'message' }),
      );
    });

    it('an answer echoing a lone surrogate is stored for replay (storing it failed after the charge: a charged 500)', async () => {
      const before = await balance();
      const text = '{"message":"find dog food reels \\ud800 please"}';
      const first = await send('/v1/assist', text, { 'Idempotency-Key': 'lone-surrogate-1' });
      expect(first.status).toBe(200);
      expect(first.body.query).toContain('\ud800');
      const again = await send('/v1/assist', text, { 'Idempotency-Key': 'lone-surrogate-1' });
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await balance()).toBe(before - 10_000);
    });

    it.each([' ', '\\t\\n', '\\u3000', '\\u00a0\\u2003', '\\ufeff'])(
      'scan: a blank query (%j) is 400 query (the planner failed: 502)',
      async (blank) => {
        const before = await balance();
        const res = await send('/v1/scan', `{"query":"${blank}"}`);
        expect({ status: res.status, param: res.body.error?.param }).toEqual({
          status: 400,
          param: 'query',
        });
        expect(await balance()).toBe(before);
      },
    );
  });

  it(`${TOTAL_REQUESTS} fuzzed requests: no 5xx, every error in the envelope, no 4xx charged, no pollution`, async () => {
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const { account, key } = await createFundedKey(t.app, { micros: INITIAL_CREDIT });
    const party = { accountId: account.id, mode: 'test' as const };

    // Cases for every enabled operation, interleaved so they run side by side.
    const perOperation = Math.ceil(TOTAL_REQUESTS / ENABLED_OPERATIONS.length);
    const queues = ENABLED_OPERATIONS.map((op, index) =>
      fc
        .sample(hostileCaseArbitrary(doc, requestBodySchema(doc, op.path), op.fuzzBody), {
          numRuns: perOperation,
          seed: SEED + index,
        })
        .map((fuzz) => ({ op, fuzz })),
    );
    const cases = Array.from({ length: perOperation }, (_, i) => queues.map((q) => q[i])).flat();

    const outcomes: Outcome[] = [];
    const failures: string[] = [];
    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < cases.length && Date.now() - started < LOOP_DEADLINE_MS) {
        const { op, fuzz } = cases[next++];
        let req = request(server)
          .post(op.path)
          .timeout(60_000)
          .set('Authorization', `Bearer ${key}`)
          .set('Content-Type', 'application/json');
        for (const [name, value] of Object.entries(fuzz.headers)) {
          if (value === null) req = req.unset(name);
          else req = req.set(name, value);
        }
        let res: request.Response;
        try {
          res = await req.send(fuzz.text);
        } catch (error) {
          failures.push(describeCase({ op: op.name, fuzz }, `client error ${String(error)}`));
          continue;
        }
        const requestId = String(res.headers['x-request-id'] ?? '');
        const replayed = res.headers['idempotent-replayed'] === 'true';
        const chargedHeader = res.headers['x-service-charged-usd'] as string | undefined;
        if (res.status >= 500) {
          failures.push(
            describeCase({ op: op.name, fuzz }, `${res.status} ${JSON.stringify(res.body)}`),
          );
        } else if (res.status !== 200) {
          const problem = envelopeProblem(res);
          if (problem)
            failures.push(
              describeCase({ op: op.name, fuzz }, `${res.status}: ${problem}: ${res.text}`),
            );
          if (chargedHeader !== undefined && !replayed)
            failures.push(describeCase({ op: op.name, fuzz }, `${res.status} carries a charge`));
        } else if (chargedHeader === undefined) {
          failures.push(describeCase({ op: op.name, fuzz }, '200 without x-service-charged-usd'));
        }
        outcomes.push({
          op: op.name,
          fuzz,
          status: res.status,
          requestId,
          charged:
            res.status === 200 && !replayed && chargedHeader ? usdToMicros(chargedHeader) : 0,
          replayed,
          errorRequestId: (res.body as { error?: { requestId?: unknown } } | undefined)?.error
            ?.requestId,
        });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // A replayed error is the stored one verbatim: its requestId is that of the call that ran,
    // which this run saw (that call's response is stored before it is sent).
    const seen = new Set(outcomes.map((o) => o.requestId));
    for (const o of outcomes) {
      if (!o.replayed || o.status === 200) continue;
      const original = o.errorRequestId;
      if (typeof original !== 'string' || original === o.requestId || !seen.has(original))
        failures.push(
          describeCase({ op: o.op, fuzz: o.fuzz }, `replayed ${o.status} names ${original}`),
        );
    }

    const byStatus: Record<number, number> = {};
    for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    const kindCounts = Object.fromEntries(MUTATION_KINDS.map((k) => [k, 0])) as Record<
      MutationKind,
      number
    >;
    for (const o of outcomes) for (const kind of o.fuzz.kinds) kindCounts[kind] += 1;
    process.stdout.write(
      `hostile-input fuzz: seed ${SEED}, ${outcomes.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `by status ${JSON.stringify(byStatus)}, mutations ${JSON.stringify(kindCounts)}\n`,
    );

    expect({ seed: SEED, failures: failures.slice(0, 10), count: failures.length }).toEqual({
      seed: SEED,
      failures: [],
      count: 0,
    });
    expect(outcomes.length).toBeGreaterThanOrEqual(5_000);
    // The credential, credit and ceiling answers would mean the fuzz never reached validation.
    for (const status of [401, 402, 403, 429])
      expect({ status, n: byStatus[status] }).toEqual({ status, n: undefined });
    // Mostly invalid bodies, some valid ones (so the charged path ran too), every mutation used.
    const errors = outcomes.filter((o) => o.status >= 400).length;
    expect(errors / outcomes.length).toBeGreaterThan(0.75);
    expect(byStatus[200] ?? 0).toBeGreaterThanOrEqual(20);
    for (const kind of MUTATION_KINDS)
      expect({ kind, n: kindCounts[kind] > 30 }).toEqual({ kind, n: true });

    // Money: only fresh 200s charged, each exactly once, and the ledger agrees with the balance.
    const charged = outcomes.filter((o) => o.charged > 0);
    const totalCharged = charged.reduce((sum, o) => sum + o.charged, 0);
    const balance = await t.app.get(BillingService).balance(party);
    expect(balance.held).toBe(0);
    expect(balance.balance).toBe(INITIAL_CREDIT - totalCharged);
    const ledger = await db.query<{ kind: string; amount: string; request_id: string | null }>(
      `SELECT kind, amount, request_id FROM ledger_entries WHERE account_id = $1 AND mode = 'test'`,
      [account.id],
    );
    expect(ledger.rows.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(balance.balance);
    const charges = ledger.rows.filter((r) => r.kind === 'charge');
    const chargeByRequest = new Map(charged.map((o) => [o.requestId, o.charged]));
    expect(charges).toHaveLength(charged.length);
    expect(new Set(charges.map((r) => r.request_id)).size).toBe(charges.length);
    for (const entry of charges)
      expect({ id: entry.request_id, amount: -Number(entry.amount) }).toEqual({
        id: entry.request_id,
        amount: chargeByRequest.get(entry.request_id ?? ''),
      });

    // Usage records are written after each response: wait until they stop arriving (bounded).
    let usage: { request_id: string; status: number; charged: string }[] = [];
    for (let i = 0, stable = 0; i < 100 && stable < 3; i++) {
      const rows = (
        await db.query(
          `SELECT request_id, status, charged FROM usage_records WHERE account_id = $1`,
          [account.id],
        )
      ).rows;
      stable = rows.length === usage.length ? stable + 1 : 0;
      usage = rows;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const statusByRequest = new Map(outcomes.map((o) => [o.requestId, o.status]));
    expect(usage.length).toBeGreaterThan(outcomes.length / 2);
    expect(usage.filter((u) => u.status !== 200 && Number(u.charged) !== 0)).toEqual([]);
    expect(usage.reduce((sum, u) => sum + Number(u.charged), 0)).toBe(totalCharged);
    expect(usage.filter((u) => statusByRequest.get(u.request_id) !== u.status)).toEqual([]);

    // Nothing reached Object.prototype.
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    const probe = {} as Record<string, unknown>;
    expect([probe[POLLUTION_MARKER], probe.isAdmin, probe.apiAccess]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(typeof probe.toString).toBe('function');

    // And the app still serves a normal call.
    const after = await request(server)
      .post('/v1/assist')
      .set('Authorization', `Bearer ${key}`)
      .send({ message: 'show me trending dog food reels' });
    expect(after.status).toBe(200);
  }, 300_000);
});
