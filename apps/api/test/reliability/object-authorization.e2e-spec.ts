import { randomBytes } from 'node:crypto';
import { type Client } from 'pg';
import request from 'supertest';
import { ApiKeysService } from '../../src/api-keys/api-keys.service';
import { JobEvents } from '../../src/execution/job-events';
import { BillingService } from '../../src/money/billing.service';
import { WebhookEndpointsService } from '../../src/webhooks/webhook-endpoints.service';
import { type AccountFixture, createFundedKey, balanceOf, grant } from '../support/fixtures';
import { securitySuite } from '../support/security-suite';
import { type TestApp, createTestApp } from '../support/test-app';
import { ENABLED_OPERATIONS } from './v1-operations';

type Agent = ReturnType<typeof request.agent>;

interface SignedInAccount {
  account: AccountFixture;
  agent: Agent;
  keyIds: string[];
  key: string;
  requestIds: string[];
  checkoutId: string;
  /** Public ids of the jobs its test key ran (`x-job-id`). */
  jobIds: string[];
  /** Its test-mode webhook endpoint, made before its calls: one delivery per call. */
  endpointId: string;
  deliveryIds: string[];
  messageIds: string[];
}

const VICTIM_TEST_CREDIT = 123_450_000;
const VICTIM_LIVE_CREDIT = 67_890_000;
const ATTACKER_TEST_CREDIT = 1_000_000;
const VICTIM_SUBJECT = 'victim-customer-7';

/** Ids no route may choke on: each must be 404 (never 500, never someone else's object). */
const HOSTILE_IDS = [
  '%00',
  'a%00b',
  'x'.repeat(300),
  '..%2F..%2Faccount',
  '%E2%80%AE',
  "1'%20OR%20'1'%3D'1",
  '00000000-0000-0000-0000-000000000000',
];

/**
 * Object-level authorization (OWASP API1:2023) on every dashboard route: signed in as one
 * account, another account's ids are 404 and its data never shows up in lists, filters, cursors
 * or exports; no body or query can name another account (mass assignment, API3). And every /v1
 * route passes the shared security suite (every credential failure).
 */
describe('object-level authorization on /account, and the security suite on /v1 (e2e)', () => {
  const s = {} as { t: TestApp; db: Client; victim: SignedInAccount; attacker: SignedInAccount };
  const server = () => s.t.app.getHttpServer();

  async function party(label: string, credit: number, subject: string): Promise<SignedInAccount> {
    const funded = await createFundedKey(s.t.app, { micros: credit });
    const account = funded.account;
    const test = { id: funded.keyId, key: funded.key };
    const live = await createFundedKey(s.t.app, {
      account,
      mode: 'live',
      micros: label === 'victim' ? VICTIM_LIVE_CREDIT : 0,
    });
    const webhooks = s.t.app.get(WebhookEndpointsService);
    // Nothing listens on port 9 (discard): the deliveries exist, and with no dispatcher running
    // here (JOBS_WORKER=false) they stay pending, untouched.
    const endpoint = await webhooks.create(
      { accountId: account.id, mode: 'test' },
      { url: `http://127.0.0.1:9/${label}-hook` },
    );
    const requestIds: string[] = [];
    const jobIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await request(server())
        .post('/v1/assist')
        .set('Authorization', `Bearer ${test.key}`)
        .set('x-subject', subject)
        .send({ message: `show me trending ${label} reels` });
      expect(res.status).toBe(200);
      requestIds.push(res.headers['x-request-id'] as string);
      jobIds.push(res.headers['x-job-id'] as string);
    }
    // The jobs' events become deliveries (the publisher runs on workers; none runs here).
    await s.t.app.get(JobEvents).publishPending();
    const deliveries = await webhooks.listDeliveries(
      { accountId: account.id, mode: null },
      endpoint.id,
      {},
    );
    expect(deliveries.data).toHaveLength(2);
    const checkoutId = `cs_test_${label}_${randomBytes(6).toString('hex')}`;
    await s.db.query(`INSERT INTO checkout_sessions (id, account_id, amount) VALUES ($1, $2, $3)`, [
      checkoutId,
      account.id,
      25_000_000,
    ]);
    const agent = request.agent(server());
    const signIn = await agent
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    expect(signIn.status).toBe(200);
    return {
      account,
      agent,
      keyIds: [test.id, live.keyId],
      key: test.key,
      requestIds,
      checkoutId,
      jobIds,
      endpointId: endpoint.id,
      deliveryIds: deliveries.data.map((d) => d.id),
      messageIds: deliveries.data.map((d) => d.message_id),
    };
  }

  beforeAll(async () => {
    s.t = await createTestApp({
      // No dispatcher: the parties' webhook deliveries stay as they were made.
      worker: false,
      env: {
        DASHBOARD_RATE_LIMIT_PER_MIN: '100000',
        AUTH_RATE_LIMIT_PER_MIN: '100000',
        RATE_LIMIT_PER_KEY_PER_MIN: '100000',
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '100000',
        // The parties' endpoints name 127.0.0.1 (never called: there is no dispatcher).
        OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
      },
    });
    s.db = s.t.sql;
    s.victim = await party('victim', VICTIM_TEST_CREDIT, VICTIM_SUBJECT);
    s.attacker = await party('attacker', ATTACKER_TEST_CREDIT, 'attacker-customer');
    // Usage records are written once each response has gone: wait for the victim's (bounded).
    for (let i = 0; i < 50; i++) {
      const { rows } = await s.db.query(`SELECT count(*)::int AS n FROM usage_records`);
      if (rows[0].n >= 4) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    victimEndpoint = (
      await s.db.query(
        `SELECT id, url, events, status, secret_ciphertext, previous_secret_ciphertext
           FROM webhook_endpoints WHERE account_id = $1`,
        [s.victim.account.id],
      )
    ).rows[0];
    victimDeliveries = (
      await s.db.query(
        `SELECT id, status, attempts, next_attempt_at FROM webhook_deliveries
         WHERE id = ANY($1::uuid[]) ORDER BY id`,
        [s.victim.deliveryIds],
      )
    ).rows;
    expect(victimDeliveries).toHaveLength(2);
  });

  afterAll(async () => {
    await s.t?.close();
  });

  const victimSeesNothingChanged = async () => {
    const billing = s.t.app.get(BillingService);
    expect((await billing.balance({ accountId: s.victim.account.id, mode: 'test' })).balance).toBe(
      VICTIM_TEST_CREDIT - 20_000,
    );
    expect((await billing.balance({ accountId: s.victim.account.id, mode: 'live' })).balance).toBe(
      VICTIM_LIVE_CREDIT,
    );
    const keys = await s.t.app.get(ApiKeysService).list(s.victim.account.id);
    expect(keys.map((k) => [k.id, k.status]).sort()).toEqual(
      s.victim.keyIds.map((id) => [id, 'active']).sort(),
    );
    // Key settings, their audit trail and the account's subject limits.
    const settings = await s.db.query(
      `SELECT k.name, k.limit_total_micros, k.limit_daily_micros, k.limit_monthly_micros,
              k.operations, k.expires_at, k.subject_limit_daily_micros,
              k.subject_limit_monthly_micros, k.rolled_from
         FROM api_keys k WHERE k.account_id = $1 ORDER BY k.id`,
      [s.victim.account.id],
    );
    expect(
      settings.rows.every((k) => k.limit_daily_micros === null && k.rolled_from === null),
    ).toBe(true);
    expect(settings.rows.map((k) => k.name).every((n) => n === 'fixture')).toBe(true);
    const audit = await s.db.query(
      `SELECT count(*)::int AS n FROM api_key_audit WHERE account_id = $1 AND action <> 'create'`,
      [s.victim.account.id],
    );
    expect(audit.rows[0].n).toBe(0);
    expect(await s.t.app.get(ApiKeysService).subjectLimits(s.victim.account.id)).toEqual({
      dailyMicros: null,
      monthlyMicros: null,
    });
    const jobs = await s.db.query(`SELECT status FROM jobs WHERE account_id = $1`, [
      s.victim.account.id,
    ]);
    expect(jobs.rows.every((job) => job.status === 'succeeded')).toBe(true);
    const endpoints = await s.db.query(
      `SELECT id, url, events, status, secret_ciphertext, previous_secret_ciphertext
         FROM webhook_endpoints WHERE account_id = $1`,
      [s.victim.account.id],
    );
    expect(endpoints.rows).toEqual([victimEndpoint]);
    const deliveries = await s.db.query(
      `SELECT id, status, attempts, next_attempt_at FROM webhook_deliveries
         WHERE id = ANY($1::uuid[]) ORDER BY id`,
      [s.victim.deliveryIds],
    );
    expect(deliveries.rows).toEqual(victimDeliveries);
  };

  /** The victim's endpoint and deliveries as they were before any check ran. */
  let victimEndpoint: Record<string, unknown>;
  let victimDeliveries: Record<string, unknown>[];

  const mentionsVictim = (text: string) =>
    [
      s.victim.account.id,
      s.victim.account.email,
      VICTIM_SUBJECT,
      s.victim.checkoutId,
      ...s.victim.keyIds,
      ...s.victim.requestIds,
      ...s.victim.jobIds,
      s.victim.endpointId,
      ...s.victim.deliveryIds,
      ...s.victim.messageIds,
      'victim-hook',
    ].filter((needle) => text.includes(needle));

  /** Each request must be 404 `not_found` and say nothing of the victim. */
  const expectAll404 = async (requests: [string, () => Promise<request.Response>][]) => {
    for (const [label, send] of requests) {
      const res = await send();
      expect({ label, status: res.status, code: res.body.error?.code }).toEqual({
        label,
        status: 404,
        code: 'not_found',
      });
      expect({ label, leaked: mentionsVictim(res.text) }).toEqual({ label, leaked: [] });
    }
  };

  /** The victim's ids of a kind, their upper-case forms, and ids no route may choke on. */
  const foreignIds = (ids: string[]) => [
    ...ids,
    ...ids.map((id) => id.toUpperCase()),
    ...HOSTILE_IDS,
  ];

  let t: TestApp;
  let victim: SignedInAccount;
  let attacker: SignedInAccount;
  beforeAll(() => ({ t, victim, attacker } = s));

  /**
   * One check per dashboard route (method and OpenAPI path), signed in as the attacker.
   * The coverage test below fails when a route is added without a line here.
   */
  // Helpers of the watch checks below.
  let victimWatch: string | undefined;
  /** The victim's own dashboard watch, made once. */
  const victimWatchId = async (): Promise<string> => {
    if (victimWatch) return victimWatch;
    const made = await s.victim.agent
      .post('/account/watches?mode=test')
      .send({ query: 'victim niche', interval: 'daily' });
    expect(made.status).toBe(201);
    victimWatch = made.body.id as string;
    return victimWatch;
  };
  const each404 = async (send: (id: string) => Promise<request.Response>) =>
    expectAll404(foreignIds([await victimWatchId()]).map((id) => [id, () => send(id)]));
  const victimWatchIsIntact = async () => {
    const own = await s.victim.agent.get(`/account/watches/${await victimWatchId()}?mode=test`);
    expect(own.status).toBe(200);
    expect(own.body.status).toBe('active');
  };

  const ROUTE_CHECKS: Record<string, () => Promise<void>> = {
    // Signed in as the attacker: one check per key, subject-limit, credit, ledger and usage route.
    'GET /account': async () => {
      const res = await s.attacker.agent.get('/account');
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(s.attacker.account.id);
      expect(mentionsVictim(res.text)).toEqual([]);
      expect((await s.attacker.agent.get(`/account?id=${s.victim.account.id}`)).body.id).toBe(
        s.attacker.account.id,
      );
    },
    'GET /account/keys': async () => {
      const res = await s.attacker.agent.get('/account/keys');
      expect(res.status).toBe(200);
      expect(res.body.keys.map((k: { id: string }) => k.id).sort()).toEqual(
        [...s.attacker.keyIds].sort(),
      );
      expect(mentionsVictim(res.text)).toEqual([]);
    },
    'POST /account/keys': async () => {
      for (const field of ['accountId', 'account_id', 'ownerId', 'userId']) {
        const res = await s.attacker.agent
          .post('/account/keys')
          .send({ name: 'mine', mode: 'test', [field]: s.victim.account.id });
        expect({ field, status: res.status, param: res.body.error?.param }).toEqual({
          field,
          status: 400,
          param: field,
        });
      }
      const made = await s.attacker.agent
        .post('/account/keys')
        .send({ name: 'mine', mode: 'test' });
      expect(made.status).toBe(201);
      s.attacker.keyIds.push(made.body.id);
      const owner = await s.db.query(`SELECT account_id FROM api_keys WHERE id = $1`, [
        made.body.id,
      ]);
      expect(owner.rows[0].account_id).toBe(s.attacker.account.id);
    },
    'DELETE /account/keys/{id}': async () => {
      for (const id of [
        ...s.victim.keyIds,
        ...s.victim.keyIds.map((k) => k.toUpperCase()),
        ...HOSTILE_IDS,
      ]) {
        const res = await s.attacker.agent.delete(`/account/keys/${id}`);
        expect({ id, status: res.status, code: res.body.error?.code }).toEqual({
          id,
          status: 404,
          code: 'not_found',
        });
      }
      // The victim's key still works.
      const still = await request(server())
        .post('/v1/assist')
        .set('Authorization', `Bearer ${s.victim.key}`)
        .send({ message: 'hello there' });
      expect(still.status).toBe(200);
      s.victim.requestIds.push(still.headers['x-request-id'] as string);
      await grant(s.t.app, s.victim.account.id, 10_000);
    },
    'GET /account/keys/{id}': async () => {
      await expectAll404(
        foreignIds(s.victim.keyIds).map((id) => [
          id,
          () => s.attacker.agent.get(`/account/keys/${id}`),
        ]),
      );
    },
    'PATCH /account/keys/{id}': async () => {
      await expectAll404(
        foreignIds(s.victim.keyIds).map((id) => [
          id,
          () =>
            s.attacker.agent
              .patch(`/account/keys/${id}`)
              .send({ name: 'pwned', limits: { dailyMicros: 1 }, operations: ['scan'] }),
        ]),
      );
    },
    'POST /account/keys/{id}/roll': async () => {
      await expectAll404(
        foreignIds(s.victim.keyIds).map((id) => [
          id,
          () => s.attacker.agent.post(`/account/keys/${id}/roll`).send({ graceSeconds: 0 }),
        ]),
      );
      const rolls = await s.db.query(
        `SELECT count(*)::int AS n FROM api_keys WHERE rolled_from = ANY($1::uuid[])`,
        [s.victim.keyIds],
      );
      expect(rolls.rows[0].n).toBe(0);
    },
    'GET /account/subject-limits': async () => {
      for (const path of [
        '/account/subject-limits',
        `/account/subject-limits?accountId=${s.victim.account.id}`,
      ]) {
        const res = await s.attacker.agent.get(path);
        expect(res.status).toBe(200);
        expect(mentionsVictim(res.text)).toEqual([]);
      }
    },
    'PATCH /account/subject-limits': async () => {
      for (const field of ['accountId', 'account_id', 'ownerId', 'userId']) {
        const res = await s.attacker.agent
          .patch('/account/subject-limits')
          .send({ dailyMicros: 1, [field]: s.victim.account.id });
        expect({ field, status: res.status, param: res.body.error?.param }).toEqual({
          field,
          status: 400,
          param: field,
        });
      }
      const own = await s.attacker.agent.patch('/account/subject-limits').send({ dailyMicros: 1 });
      expect(own.status).toBe(200);
      expect(await s.t.app.get(ApiKeysService).subjectLimits(s.attacker.account.id)).toEqual({
        dailyMicros: 1,
        monthlyMicros: null,
      });
    },
    'GET /account/credit': async () => {
      const res = await s.attacker.agent.get('/account/credit');
      expect(res.status).toBe(200);
      expect(res.body.balances.test.balance).toBe(
        (await balanceOf(s.t.app, s.attacker.account.id)).balance,
      );
      expect(res.body.balances.live.balance).toBe(0);
      expect(res.text).not.toContain(String(VICTIM_TEST_CREDIT - 20_000));
      expect(res.text).not.toContain(String(VICTIM_LIVE_CREDIT));
    },
    'POST /account/credit/checkout': async () => {
      const res = await s.attacker.agent
        .post('/account/credit/checkout')
        .send({ amountUsd: '10.00', accountId: s.victim.account.id });
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe('accountId');
      const { rows } = await s.db.query(
        `SELECT count(*)::int AS n FROM checkout_sessions WHERE account_id = $1`,
        [s.victim.account.id],
      );
      expect(rows[0].n).toBe(1);
    },
    'GET /account/credit/checkout/{id}': async () => {
      // Control: the owner reads it.
      const own = await s.victim.agent.get(`/account/credit/checkout/${s.victim.checkoutId}`);
      expect(own.status).toBe(200);
      expect(own.body.amountMicros).toBe(25_000_000);
      for (const id of [s.victim.checkoutId, ...HOSTILE_IDS]) {
        const res = await s.attacker.agent.get(`/account/credit/checkout/${id}`);
        expect({ id, status: res.status, code: res.body.error?.code }).toEqual({
          id,
          status: 404,
          code: 'not_found',
        });
        expect(mentionsVictim(res.text)).toEqual([]);
      }
    },
    'POST /account/credit/test': async () => {
      const res = await s.attacker.agent
        .post('/account/credit/test')
        .send({ amountUsd: '1.00', accountId: s.victim.account.id });
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe('accountId');
      const ok = await s.attacker.agent.post('/account/credit/test').send({ amountUsd: '1.00' });
      expect(ok.status).toBe(200);
      expect(ok.body.balanceMicros).toBe((await balanceOf(s.t.app, s.attacker.account.id)).balance);
    },
    'GET /account/ledger': async () => {
      const { rows } = await s.db.query(
        `SELECT max(id)::text AS max FROM ledger_entries WHERE account_id = $1`,
        [s.victim.account.id],
      );
      const beyondVictim = String(BigInt(rows[0].max) + 1n);
      for (const query of [
        '',
        '?mode=test',
        '?mode=live',
        `?cursor=${beyondVictim}`,
        '?limit=200',
      ]) {
        const res = await s.attacker.agent.get(`/account/ledger${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 200 });
        expect({ query, leaked: mentionsVictim(res.text) }).toEqual({ query, leaked: [] });
        const ids = res.body.items.map((e: { id: string }) => e.id);
        const own = await s.db.query(
          `SELECT count(*)::int AS n FROM ledger_entries WHERE id = ANY($1::bigint[]) AND account_id <> $2`,
          [ids, s.attacker.account.id],
        );
        expect(own.rows[0].n).toBe(0);
      }
      for (const query of [
        `?accountId=${s.victim.account.id}`,
        `?account_id=${s.victim.account.id}`,
      ]) {
        expect((await s.attacker.agent.get(`/account/ledger${query}`)).status).toBe(400);
      }
    },
    'GET /account/usage': async () => {
      const all = await s.attacker.agent.get('/account/usage?limit=200');
      expect(all.status).toBe(200);
      expect(all.body.items.length).toBeGreaterThanOrEqual(2);
      expect(
        all.body.items.filter(
          (u: { requestId: string }) => !s.attacker.requestIds.includes(u.requestId),
        ),
      ).toEqual([]);
      const filtered = await s.attacker.agent.get(`/account/usage?subject=${VICTIM_SUBJECT}`);
      expect(filtered.body.items).toEqual([]);
      expect(mentionsVictim(all.text + filtered.text)).toEqual([]);
      expect(
        (await s.attacker.agent.get(`/account/usage?accountId=${s.victim.account.id}`)).status,
      ).toBe(400);
      // Hostile filter values are refused, never a 500 (a NUL reached Postgres before).
      for (const query of [
        'subject=%00',
        'subject=a%00b',
        'cursor=-1',
        'limit=1e9',
        'from=x',
        'mode=admin',
      ]) {
        const res = await s.attacker.agent.get(`/account/usage?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
      // Control: the victim does see its own calls under that subject.
      const mine = await s.victim.agent.get(`/account/usage?subject=${VICTIM_SUBJECT}`);
      expect(mine.body.items.length).toBeGreaterThanOrEqual(2);
    },
    'GET /account/usage/daily': async () => {
      const res = await s.attacker.agent.get('/account/usage/daily');
      expect(res.status).toBe(200);
      const calls = res.body.days.reduce((n: number, d: { calls: number }) => n + d.calls, 0);
      expect(calls).toBe(s.attacker.requestIds.length);
      expect(
        (await s.attacker.agent.get(`/account/usage/daily?subject=${VICTIM_SUBJECT}`)).body.days,
      ).toEqual([]);
    },
    'GET /account/usage/buckets': async () => {
      const res = await s.attacker.agent.get('/account/usage/buckets?group_by=subject,key');
      expect(res.status).toBe(200);
      const calls = res.body.data.reduce((n: number, b: { calls: number }) => n + b.calls, 0);
      expect(calls).toBe(s.attacker.requestIds.length);
      expect(mentionsVictim(res.text)).toEqual([]);
      const filtered = await s.attacker.agent.get(
        `/account/usage/buckets?subject=${VICTIM_SUBJECT}`,
      );
      expect(filtered.body.data).toEqual([]);
    },
    'GET /account/usage/buckets.csv': async () => {
      const res = await s.attacker.agent.get('/account/usage/buckets.csv?group_by=subject,key');
      expect(res.status).toBe(200);
      expect(mentionsVictim(res.text)).toEqual([]);
      const filtered = await s.attacker.agent.get(
        `/account/usage/buckets.csv?subject=${VICTIM_SUBJECT}`,
      );
      expect(filtered.text.trim().split('\n')).toHaveLength(1);
    },
    'GET /account/usage/export.csv': async () => {
      const res = await s.attacker.agent.get('/account/usage/export.csv');
      expect(res.status).toBe(200);
      expect(res.text.trim().split('\n')).toHaveLength(1 + s.attacker.requestIds.length);
      expect(mentionsVictim(res.text)).toEqual([]);
      const filtered = await s.attacker.agent.get(
        `/account/usage/export.csv?subject=${VICTIM_SUBJECT}`,
      );
      expect(filtered.text.trim().split('\n')).toHaveLength(1);
    },
    // Signed in as the attacker: one check per jobs, webhook-endpoint and invite route.
    'GET /account/jobs': async () => {
      for (const mode of ['test', 'live']) {
        const res = await s.attacker.agent.get(`/account/jobs?mode=${mode}&limit=100`);
        expect({ mode, status: res.status }).toEqual({ mode, status: 200 });
        const ids = res.body.data.map((job: { id: string }) => job.id);
        expect(ids.filter((id: string) => !s.attacker.jobIds.includes(id))).toEqual([]);
        expect(mentionsVictim(res.text)).toEqual([]);
      }
      // Control: the victim sees its own.
      const mine = await s.victim.agent.get('/account/jobs?mode=test&limit=100');
      expect(mine.body.data.map((job: { id: string }) => job.id).sort()).toEqual(
        expect.arrayContaining([...s.victim.jobIds].sort()),
      );
      // A cursor from another account names nothing; hostile filters are refused, never a 500.
      const cursor = await s.attacker.agent.get(
        `/account/jobs?mode=test&starting_after=${s.victim.jobIds[0]}`,
      );
      expect(cursor.status).toBe(400);
      expect(mentionsVictim(cursor.text)).toEqual([]);
      for (const query of [
        '',
        'mode=admin',
        `mode=test&accountId=${s.victim.account.id}`,
        `mode=test&account_id=${s.victim.account.id}`,
        'mode=test&limit=1e9',
        'mode=test&status=%00',
        'mode=test&starting_after=%00',
      ]) {
        const res = await s.attacker.agent.get(`/account/jobs?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
    },
    'GET /account/jobs/{id}': async () => {
      const own = await s.victim.agent.get(`/account/jobs/${s.victim.jobIds[0]}?mode=test`);
      expect(own.status).toBe(200);
      expect(own.body.id).toBe(s.victim.jobIds[0]);
      await expectAll404(
        foreignIds(s.victim.jobIds).flatMap((id) =>
          ['test', 'live'].map((mode): [string, () => Promise<request.Response>] => [
            `${id} ${mode}`,
            () => s.attacker.agent.get(`/account/jobs/${id}?mode=${mode}`),
          ]),
        ),
      );
    },
    'POST /account/jobs': async () => {
      // A playground run is the signed-in account's own: no field names another.
      for (const field of ['accountId', 'account_id', 'keyId', 'key_id', 'subject']) {
        const res = await s.attacker.agent
          .post('/account/jobs?mode=test')
          .send({ operation: 'assist', input: { message: 'hi' }, [field]: s.victim.account.id });
        expect({ field, status: res.status, param: res.body.error?.param }).toEqual({
          field,
          status: 400,
          param: field,
        });
        // A body the validation pipe refuses never reaches the run, so it leaves no usage row
        // (nothing ran, nothing was charged); the victim's usage is untouched either way.
      }
      const made = await s.attacker.agent
        .post('/account/jobs?mode=test')
        .send({ operation: 'assist', input: { message: 'show me trending espresso reels' } });
      expect(made.status).toBe(202);
      s.attacker.jobIds.push(made.body.id);
      s.attacker.requestIds.push(made.body.request_id);
      const row = await s.db.query(
        `SELECT account_id, key_id, source FROM jobs WHERE request_id = $1`,
        [made.body.request_id],
      );
      expect(row.rows).toEqual([
        { account_id: s.attacker.account.id, key_id: null, source: 'dashboard' },
      ]);
    },
    ...Object.fromEntries(
      ['cover/{index}', 'frame/{index}', 'audio/{index}', 'video'].map((media) => [
        `GET /account/jobs/{id}/media/${media}`,
        async () => {
          // The media of a job of another account: 404 whatever the id, mode or index.
          await expectAll404(
            foreignIds(s.victim.jobIds).flatMap((id) =>
              ['test', 'live'].map((mode): [string, () => Promise<request.Response>] => [
                `${id} ${mode}`,
                () =>
                  s.attacker.agent.get(
                    `/account/jobs/${id}/media/${media.replace('{index}', '0')}?mode=${mode}`,
                  ),
              ]),
            ),
          );
        },
      ]),
    ),
    'POST /account/jobs/{id}/cancel': async () => {
      // 404 (not the 409 of an ended job): the attacker learns nothing of the victim's jobs.
      await expectAll404(
        foreignIds(s.victim.jobIds).map((id) => [
          id,
          () => s.attacker.agent.post(`/account/jobs/${id}/cancel?mode=test`).send({}),
        ]),
      );
    },
    'POST /account/webhook-endpoints': async () => {
      const url = 'http://127.0.0.1:9/attacker-made';
      for (const field of ['accountId', 'account_id', 'ownerId', 'endpoint_id']) {
        const res = await s.attacker.agent
          .post('/account/webhook-endpoints?mode=test')
          .send({ url, [field]: s.victim.account.id });
        expect({ field, status: res.status, param: res.body.error?.param }).toEqual({
          field,
          status: 400,
          param: field,
        });
      }
      const viaQuery = await s.attacker.agent
        .post(`/account/webhook-endpoints?mode=test&accountId=${s.victim.account.id}`)
        .send({ url });
      expect(viaQuery.status).toBe(400);
      const made = await s.attacker.agent
        .post('/account/webhook-endpoints?mode=test')
        .send({ url });
      expect(made.status).toBe(201);
      const owner = await s.db.query(`SELECT account_id FROM webhook_endpoints WHERE id = $1`, [
        made.body.id,
      ]);
      expect(owner.rows[0].account_id).toBe(s.attacker.account.id);
      expect(
        (await s.attacker.agent.delete(`/account/webhook-endpoints/${made.body.id}`)).status,
      ).toBe(200);
    },
    'GET /account/webhook-endpoints': async () => {
      for (const mode of ['test', 'live']) {
        const res = await s.attacker.agent.get(`/account/webhook-endpoints?mode=${mode}&limit=100`);
        expect({ mode, status: res.status }).toEqual({ mode, status: 200 });
        expect(res.body.data.map((e: { id: string }) => e.id)).toEqual(
          mode === 'test' ? [s.attacker.endpointId] : [],
        );
        expect(mentionsVictim(res.text)).toEqual([]);
      }
      const cursor = await s.attacker.agent.get(
        `/account/webhook-endpoints?mode=test&starting_after=${s.victim.endpointId}`,
      );
      expect(cursor.status).toBe(400);
      expect(mentionsVictim(cursor.text)).toEqual([]);
      for (const query of ['', 'mode=admin', `mode=test&accountId=${s.victim.account.id}`]) {
        const res = await s.attacker.agent.get(`/account/webhook-endpoints?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
    },
    'GET /account/webhook-endpoints/{id}': async () => {
      const own = await s.victim.agent.get(`/account/webhook-endpoints/${s.victim.endpointId}`);
      expect(own.status).toBe(200);
      await expectAll404(
        foreignIds([s.victim.endpointId]).map((id) => [
          id,
          () => s.attacker.agent.get(`/account/webhook-endpoints/${id}`),
        ]),
      );
    },
    'PATCH /account/webhook-endpoints/{id}': async () => {
      await expectAll404(
        foreignIds([s.victim.endpointId]).map((id) => [
          id,
          () =>
            s.attacker.agent
              .patch(`/account/webhook-endpoints/${id}`)
              .send({ status: 'disabled', url: 'http://127.0.0.1:9/stolen' }),
        ]),
      );
      // Its own endpoint cannot be handed to another account either.
      const moved = await s.attacker.agent
        .patch(`/account/webhook-endpoints/${s.attacker.endpointId}`)
        .send({ accountId: s.victim.account.id });
      expect(moved.status).toBe(400);
      expect(moved.body.error.param).toBe('accountId');
    },
    'DELETE /account/webhook-endpoints/{id}': async () => {
      await expectAll404(
        foreignIds([s.victim.endpointId]).map((id) => [
          id,
          () => s.attacker.agent.delete(`/account/webhook-endpoints/${id}`),
        ]),
      );
    },
    'POST /account/webhook-endpoints/{id}/rotate-secret': async () => {
      await expectAll404(
        foreignIds([s.victim.endpointId]).map((id) => [
          id,
          () => s.attacker.agent.post(`/account/webhook-endpoints/${id}/rotate-secret`).send({}),
        ]),
      );
    },
    'GET /account/webhook-endpoints/{id}/deliveries': async () => {
      const own = await s.victim.agent.get(
        `/account/webhook-endpoints/${s.victim.endpointId}/deliveries`,
      );
      // Control: the victim sees its own (more than the first two: it made calls since).
      expect(own.body.data.map((d: { id: string }) => d.id)).toEqual(
        expect.arrayContaining(s.victim.deliveryIds),
      );
      await expectAll404(
        foreignIds([s.victim.endpointId]).map((id) => [
          id,
          () => s.attacker.agent.get(`/account/webhook-endpoints/${id}/deliveries`),
        ]),
      );
      // Its own log holds only its own deliveries; a victim's delivery is no cursor.
      const mine = await s.attacker.agent.get(
        `/account/webhook-endpoints/${s.attacker.endpointId}/deliveries?limit=100`,
      );
      expect(mine.status).toBe(200);
      expect(mine.body.data.map((d: { id: string }) => d.id).sort()).toEqual(
        [...s.attacker.deliveryIds].sort(),
      );
      expect(mentionsVictim(mine.text)).toEqual([]);
      const cursor = await s.attacker.agent.get(
        `/account/webhook-endpoints/${s.attacker.endpointId}/deliveries?starting_after=${s.victim.deliveryIds[0]}`,
      );
      expect(cursor.status).toBe(400);
      expect(mentionsVictim(cursor.text)).toEqual([]);
    },
    'POST /account/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver': async () => {
      const requests: [string, () => Promise<request.Response>][] = [];
      for (const deliveryId of s.victim.deliveryIds) {
        // The victim's endpoint, or the attacker's own endpoint with the victim's delivery.
        for (const endpointId of [s.victim.endpointId, s.attacker.endpointId]) {
          requests.push([
            `${endpointId}/${deliveryId}`,
            () =>
              s.attacker.agent
                .post(`/account/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/redeliver`)
                .send({}),
          ]);
        }
      }
      for (const id of HOSTILE_IDS) {
        requests.push([
          `hostile ${id}`,
          () =>
            s.attacker.agent
              .post(
                `/account/webhook-endpoints/${s.attacker.endpointId}/deliveries/${id}/redeliver`,
              )
              .send({}),
        ]);
      }
      await expectAll404(requests);
    },
    'POST /account/invites': async () => {
      // Operator-only (function-level authorization, API5): a plain account gets 403.
      const count = async () =>
        (await s.db.query(`SELECT count(*)::int AS n FROM invites`)).rows[0].n as number;
      const before = await count();
      const res = await s.attacker.agent.post('/account/invites').send({ apiAccess: true });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(await count()).toBe(before);
    },
    // The dashboard's watch routes, signed in as the attacker: the victim's watch is a missing one.
    'GET /account/watches': async () => {
      await victimWatchId();
      for (const mode of ['test', 'live']) {
        const res = await s.attacker.agent.get(`/account/watches?mode=${mode}&limit=100`);
        expect({ mode, status: res.status }).toEqual({ mode, status: 200 });
        expect(res.body.data.map((w: { id: string }) => w.id)).not.toContain(victimWatch);
        expect(mentionsVictim(res.text)).toEqual([]);
      }
    },
    'POST /account/watches': async () => {
      const made = await s.attacker.agent
        .post('/account/watches?mode=test')
        .send({ query: 'attacker niche', interval: 'daily' });
      expect(made.status).toBe(201);
      const owner = await s.db.query(`SELECT account_id FROM watches WHERE id = $1`, [
        made.body.id,
      ]);
      expect(owner.rows[0].account_id).toBe(s.attacker.account.id);
      expect(
        (await s.attacker.agent.delete(`/account/watches/${made.body.id}?mode=test`)).status,
      ).toBe(200);
    },
    'GET /account/watches/{id}': () =>
      each404((id) => s.attacker.agent.get(`/account/watches/${id}?mode=test`)),
    'GET /account/watches/{id}/snapshots': () =>
      each404((id) => s.attacker.agent.get(`/account/watches/${id}/snapshots?mode=test`)),
    'GET /account/watches/{id}/posts': () =>
      each404((id) => s.attacker.agent.get(`/account/watches/${id}/posts?mode=test`)),
    'PATCH /account/watches/{id}': async () => {
      await each404((id) =>
        s.attacker.agent.patch(`/account/watches/${id}?mode=test`).send({ status: 'paused' }),
      );
      await victimWatchIsIntact();
    },
    'DELETE /account/watches/{id}': async () => {
      await each404((id) => s.attacker.agent.delete(`/account/watches/${id}?mode=test`));
      await victimWatchIsIntact();
    },
    'POST /account/watches/{id}/run': async () => {
      await each404((id) => s.attacker.agent.post(`/account/watches/${id}/run?mode=test`).send({}));
      await victimWatchIsIntact();
    },
  };

  it('every dashboard route under /account has a check here', async () => {
    const doc = (await request(server()).get('/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(doc.paths)
      .filter(([path]) => path === '/account' || path.startsWith('/account/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map((m) => `${m.toUpperCase()} ${path}`),
      )
      .sort();
    expect(served).toEqual(Object.keys(ROUTE_CHECKS).sort());
  });

  it.each(Object.keys(ROUTE_CHECKS))('%s, signed in as another account', async (route) => {
    await ROUTE_CHECKS[route]();
    await victimSeesNothingChanged();
  });

  it('without a session every /account route is 401', async () => {
    // Each route with the victim's real ids of its kind.
    const idFor = (template: string) =>
      template.startsWith('/account/jobs/')
        ? victim.jobIds[0]
        : template.startsWith('/account/webhook-endpoints/')
          ? victim.endpointId
          : victim.keyIds[0];
    for (const route of Object.keys(ROUTE_CHECKS)) {
      const [method, template] = route.split(' ');
      const path = template
        .replace(/\{id\}/g, idFor(template))
        .replace(/\{deliveryId\}/g, victim.deliveryIds[0])
        .replace(/\{index\}/g, '0');
      const res = await request(server())
        [method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'](path)
        .send(method === 'GET' || method === 'DELETE' ? undefined : {});
      expect({ route, status: res.status, code: res.body.error?.code }).toEqual({
        route,
        status: 401,
        code: 'unauthorized',
      });
    }
    await victimSeesNothingChanged();
  });

  it("an Idempotency-Key is scoped to its account: another account's key never replays", async () => {
    const body = { message: 'show me trending espresso reels' };
    const first = await request(server())
      .post('/v1/assist')
      .set('Authorization', `Bearer ${victim.key}`)
      .set('Idempotency-Key', 'shared-idem-key-1')
      .send(body);
    expect(first.status).toBe(200);
    await grant(t.app, victim.account.id, 10_000);
    const before = await t.app
      .get(BillingService)
      .balance({ accountId: attacker.account.id, mode: 'test' });
    const second = await request(server())
      .post('/v1/assist')
      .set('Authorization', `Bearer ${attacker.key}`)
      .set('Idempotency-Key', 'shared-idem-key-1')
      .send(body);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['x-service-balance-usd']).not.toBe(
      first.headers['x-service-balance-usd'],
    );
    expect((await balanceOf(t.app, attacker.account.id)).balance).toBe(before.balance - 10_000);
    await victimSeesNothingChanged();
  });

  describe('shared security suite on every /v1 route', () => {
    for (const op of ENABLED_OPERATIONS) {
      securitySuite(
        () => t.app,
        { method: 'post', path: op.path, body: op.validBody },
        {
          afterRefusal: (res) => {
            expect(res.headers['x-service-charged-usd']).toBeUndefined();
          },
        },
      );
    }
  });
});
