import { randomBytes } from 'node:crypto';
import { type Client } from 'pg';
import request from 'supertest';
import { ApiKeysService } from '../../src/api-keys/api-keys.service';
import { JobEvents } from '../../src/execution/job-events';
import { BillingService } from '../../src/ledger/billing.service';
import { WebhookEndpointsService } from '../../src/webhooks/webhook-endpoints.service';
import { type AccountFixture, createFundedKey } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

export type Agent = ReturnType<typeof request.agent>;

export interface SignedInAccount {
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

export const VICTIM_TEST_CREDIT = 123_450_000;
export const VICTIM_LIVE_CREDIT = 67_890_000;
export const ATTACKER_TEST_CREDIT = 1_000_000;
export const VICTIM_SUBJECT = 'victim-customer-7';

/** Ids no route may choke on: each must be 404 (never 500, never someone else's object). */
export const HOSTILE_IDS = [
  '%00',
  'a%00b',
  'x'.repeat(300),
  '..%2F..%2Faccount',
  '%E2%80%AE',
  "1'%20OR%20'1'%3D'1",
  '00000000-0000-0000-0000-000000000000',
];

/**
 * The victim and attacker accounts of the object-authorization spec, each signed in with keys,
 * calls, jobs, a webhook endpoint and deliveries, and the checks that the victim saw nothing.
 * Call it inside the spec's `describe`: it registers the hooks, and `s` is filled in by them.
 */
export function objectAuthorizationSuite() {
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

  return { s, server, victimSeesNothingChanged, mentionsVictim, expectAll404, foreignIds };
}

export type ObjectAuthorizationSuite = ReturnType<typeof objectAuthorizationSuite>;
