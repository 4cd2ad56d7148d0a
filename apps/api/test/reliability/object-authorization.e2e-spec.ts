import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { ApiKeysService } from '../../src/api-keys/api-keys.service';
import { BillingService } from '../../src/ledger/billing.service';
import { createAccount, createKey, type AccountFixture } from '../support/fixtures';
import { securitySuite } from '../support/security-suite';
import { createTestApp, type TestApp } from '../support/test-app';
import { ENABLED_OPERATIONS } from './v1-operations';

/**
 * Object-level authorization (OWASP API1:2023) on every dashboard route: signed in as one
 * account, another account's ids are 404 and its data never shows up in lists, filters, cursors
 * or exports; no body or query can name another account (mass assignment, API3). And every /v1
 * route passes the shared security suite (every credential failure).
 */

type Agent = ReturnType<typeof request.agent>;

interface Party {
  account: AccountFixture;
  agent: Agent;
  keyIds: string[];
  key: string;
  requestIds: string[];
  checkoutId: string;
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

describe('object-level authorization on /account, and the security suite on /v1 (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let victim: Party;
  let attacker: Party;
  const server = () => t.app.getHttpServer();

  async function party(label: string, credit: number, subject: string): Promise<Party> {
    const account = await createAccount(t.app, { apiAccess: true });
    const billing = t.app.get(BillingService);
    await billing.credit({ accountId: account.id, mode: 'test' }, credit, { kind: 'grant' });
    if (label === 'victim')
      await billing.credit({ accountId: account.id, mode: 'live' }, VICTIM_LIVE_CREDIT, {
        kind: 'grant',
      });
    const test = await createKey(t.app, account.id, 'test');
    const live = await createKey(t.app, account.id, 'live');
    const requestIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await request(server())
        .post('/v1/assist')
        .set('Authorization', `Bearer ${test.key}`)
        .set('x-subject', subject)
        .send({ message: `show me trending ${label} reels` });
      expect(res.status).toBe(200);
      requestIds.push(res.headers['x-request-id'] as string);
    }
    const checkoutId = `cs_test_${label}_${randomBytes(6).toString('hex')}`;
    await db.query(`INSERT INTO checkout_sessions (id, account_id, amount) VALUES ($1, $2, $3)`, [
      checkoutId,
      account.id,
      25_000_000,
    ]);
    const agent = request.agent(server());
    const signIn = await agent
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    expect(signIn.status).toBe(200);
    return { account, agent, keyIds: [test.id, live.id], key: test.key, requestIds, checkoutId };
  }

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
        DASHBOARD_RATE_LIMIT_PER_MIN: '100000',
        AUTH_RATE_LIMIT_PER_MIN: '100000',
        RATE_LIMIT_PER_KEY_PER_MIN: '100000',
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '100000',
      },
    });
    db = new Client({ connectionString: t.db.url });
    await db.connect();
    victim = await party('victim', VICTIM_TEST_CREDIT, VICTIM_SUBJECT);
    attacker = await party('attacker', ATTACKER_TEST_CREDIT, 'attacker-customer');
    // Usage records are written once each response has gone: wait for the victim's (bounded).
    for (let i = 0; i < 50; i++) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM usage_records`);
      if (rows[0].n >= 4) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const victimSeesNothingChanged = async () => {
    const billing = t.app.get(BillingService);
    expect((await billing.balance({ accountId: victim.account.id, mode: 'test' })).balance).toBe(
      VICTIM_TEST_CREDIT - 20_000,
    );
    expect((await billing.balance({ accountId: victim.account.id, mode: 'live' })).balance).toBe(
      VICTIM_LIVE_CREDIT,
    );
    const keys = await t.app.get(ApiKeysService).list(victim.account.id);
    expect(keys.map((k) => [k.id, k.status]).sort()).toEqual(
      victim.keyIds.map((id) => [id, 'active']).sort(),
    );
  };

  const mentionsVictim = (text: string) =>
    [
      victim.account.id,
      victim.account.email,
      VICTIM_SUBJECT,
      victim.checkoutId,
      ...victim.keyIds,
      ...victim.requestIds,
    ].filter((needle) => text.includes(needle));

  /**
   * One check per dashboard route (method and OpenAPI path), signed in as the attacker.
   * The coverage test below fails when a route is added without a line here.
   */
  const ROUTE_CHECKS: Record<string, () => Promise<void>> = {
    'GET /account': async () => {
      const res = await attacker.agent.get('/account');
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(attacker.account.id);
      expect(mentionsVictim(res.text)).toEqual([]);
      expect((await attacker.agent.get(`/account?id=${victim.account.id}`)).body.id).toBe(
        attacker.account.id,
      );
    },
    'GET /account/keys': async () => {
      const res = await attacker.agent.get('/account/keys');
      expect(res.status).toBe(200);
      expect(res.body.keys.map((k: { id: string }) => k.id).sort()).toEqual(
        [...attacker.keyIds].sort(),
      );
      expect(mentionsVictim(res.text)).toEqual([]);
    },
    'POST /account/keys': async () => {
      for (const field of ['accountId', 'account_id', 'ownerId', 'userId']) {
        const res = await attacker.agent
          .post('/account/keys')
          .send({ name: 'mine', mode: 'test', [field]: victim.account.id });
        expect({ field, status: res.status, param: res.body.error?.param }).toEqual({
          field,
          status: 400,
          param: field,
        });
      }
      const made = await attacker.agent.post('/account/keys').send({ name: 'mine', mode: 'test' });
      expect(made.status).toBe(201);
      attacker.keyIds.push(made.body.id);
      const owner = await db.query(`SELECT account_id FROM api_keys WHERE id = $1`, [made.body.id]);
      expect(owner.rows[0].account_id).toBe(attacker.account.id);
    },
    'DELETE /account/keys/{id}': async () => {
      for (const id of [
        ...victim.keyIds,
        ...victim.keyIds.map((k) => k.toUpperCase()),
        ...HOSTILE_IDS,
      ]) {
        const res = await attacker.agent.delete(`/account/keys/${id}`);
        expect({ id, status: res.status, code: res.body.error?.code }).toEqual({
          id,
          status: 404,
          code: 'not_found',
        });
      }
      // The victim's key still works.
      const still = await request(server())
        .post('/v1/assist')
        .set('Authorization', `Bearer ${victim.key}`)
        .send({ message: 'hello there' });
      expect(still.status).toBe(200);
      victim.requestIds.push(still.headers['x-request-id'] as string);
      await t.app
        .get(BillingService)
        .credit({ accountId: victim.account.id, mode: 'test' }, 10_000, { kind: 'grant' });
    },
    'GET /account/credit': async () => {
      const res = await attacker.agent.get('/account/credit');
      expect(res.status).toBe(200);
      expect(res.body.balances.test.balance).toBe(
        (await t.app.get(BillingService).balance({ accountId: attacker.account.id, mode: 'test' }))
          .balance,
      );
      expect(res.body.balances.live.balance).toBe(0);
      expect(res.text).not.toContain(String(VICTIM_TEST_CREDIT - 20_000));
      expect(res.text).not.toContain(String(VICTIM_LIVE_CREDIT));
    },
    'POST /account/credit/checkout': async () => {
      const res = await attacker.agent
        .post('/account/credit/checkout')
        .send({ amountUsd: '10.00', accountId: victim.account.id });
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe('accountId');
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM checkout_sessions WHERE account_id = $1`,
        [victim.account.id],
      );
      expect(rows[0].n).toBe(1);
    },
    'GET /account/credit/checkout/{id}': async () => {
      // Control: the owner reads it.
      const own = await victim.agent.get(`/account/credit/checkout/${victim.checkoutId}`);
      expect(own.status).toBe(200);
      expect(own.body.amountMicros).toBe(25_000_000);
      for (const id of [victim.checkoutId, ...HOSTILE_IDS]) {
        const res = await attacker.agent.get(`/account/credit/checkout/${id}`);
        expect({ id, status: res.status, code: res.body.error?.code }).toEqual({
          id,
          status: 404,
          code: 'not_found',
        });
        expect(mentionsVictim(res.text)).toEqual([]);
      }
    },
    'POST /account/credit/test': async () => {
      const res = await attacker.agent
        .post('/account/credit/test')
        .send({ amountUsd: '1.00', accountId: victim.account.id });
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe('accountId');
      const ok = await attacker.agent.post('/account/credit/test').send({ amountUsd: '1.00' });
      expect(ok.status).toBe(200);
      expect(ok.body.balanceMicros).toBe(
        (await t.app.get(BillingService).balance({ accountId: attacker.account.id, mode: 'test' }))
          .balance,
      );
    },
    'GET /account/ledger': async () => {
      const { rows } = await db.query(
        `SELECT max(id)::text AS max FROM ledger_entries WHERE account_id = $1`,
        [victim.account.id],
      );
      const beyondVictim = String(BigInt(rows[0].max) + 1n);
      for (const query of [
        '',
        '?mode=test',
        '?mode=live',
        `?cursor=${beyondVictim}`,
        '?limit=200',
      ]) {
        const res = await attacker.agent.get(`/account/ledger${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 200 });
        expect({ query, leaked: mentionsVictim(res.text) }).toEqual({ query, leaked: [] });
        const ids = res.body.items.map((e: { id: string }) => e.id);
        const own = await db.query(
          `SELECT count(*)::int AS n FROM ledger_entries WHERE id = ANY($1::bigint[]) AND account_id <> $2`,
          [ids, attacker.account.id],
        );
        expect(own.rows[0].n).toBe(0);
      }
      for (const query of [`?accountId=${victim.account.id}`, `?account_id=${victim.account.id}`]) {
        expect((await attacker.agent.get(`/account/ledger${query}`)).status).toBe(400);
      }
    },
    'GET /account/usage': async () => {
      const all = await attacker.agent.get('/account/usage?limit=200');
      expect(all.status).toBe(200);
      expect(all.body.items.length).toBeGreaterThanOrEqual(2);
      expect(
        all.body.items.filter(
          (u: { requestId: string }) => !attacker.requestIds.includes(u.requestId),
        ),
      ).toEqual([]);
      const filtered = await attacker.agent.get(`/account/usage?subject=${VICTIM_SUBJECT}`);
      expect(filtered.body.items).toEqual([]);
      expect(mentionsVictim(all.text + filtered.text)).toEqual([]);
      expect(
        (await attacker.agent.get(`/account/usage?accountId=${victim.account.id}`)).status,
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
        const res = await attacker.agent.get(`/account/usage?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
      // Control: the victim does see its own calls under that subject.
      const mine = await victim.agent.get(`/account/usage?subject=${VICTIM_SUBJECT}`);
      expect(mine.body.items.length).toBeGreaterThanOrEqual(2);
    },
    'GET /account/usage/daily': async () => {
      const res = await attacker.agent.get('/account/usage/daily');
      expect(res.status).toBe(200);
      const calls = res.body.days.reduce((n: number, d: { calls: number }) => n + d.calls, 0);
      expect(calls).toBe(attacker.requestIds.length);
      expect(
        (await attacker.agent.get(`/account/usage/daily?subject=${VICTIM_SUBJECT}`)).body.days,
      ).toEqual([]);
    },
    'GET /account/usage/export.csv': async () => {
      const res = await attacker.agent.get('/account/usage/export.csv');
      expect(res.status).toBe(200);
      expect(res.text.trim().split('\n')).toHaveLength(1 + attacker.requestIds.length);
      expect(mentionsVictim(res.text)).toEqual([]);
      const filtered = await attacker.agent.get(
        `/account/usage/export.csv?subject=${VICTIM_SUBJECT}`,
      );
      expect(filtered.text.trim().split('\n')).toHaveLength(1);
    },
    'POST /account/invites': async () => {
      // Operator-only (function-level authorization, API5): a plain account gets 403.
      const count = async () =>
        (await db.query(`SELECT count(*)::int AS n FROM invites`)).rows[0].n as number;
      const before = await count();
      const res = await attacker.agent.post('/account/invites').send({ apiAccess: true });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(await count()).toBe(before);
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
    const victimIds: Record<string, string> = {
      '{id}': victim.keyIds[0],
    };
    for (const route of Object.keys(ROUTE_CHECKS)) {
      const [method, template] = route.split(' ');
      const path = template.replace(/\{id\}/g, victimIds['{id}']);
      const res = await request(server())
        [method.toLowerCase() as 'get' | 'post' | 'delete'](path)
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
    await t.app
      .get(BillingService)
      .credit({ accountId: victim.account.id, mode: 'test' }, 10_000, { kind: 'grant' });
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
    expect(
      (await t.app.get(BillingService).balance({ accountId: attacker.account.id, mode: 'test' }))
        .balance,
    ).toBe(before.balance - 10_000);
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
