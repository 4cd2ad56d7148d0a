import { MIGRATIONS } from '@reelscout/database';
import { randomUUID } from 'node:crypto';
import { type Client } from 'pg';
import request from 'supertest';
import { ApiKeysService } from '../src/api-keys/api-keys.service';
import { runCli } from '../src/cli/cli.runner';
import { Clock } from '../src/common/clock/clock';
import { UsageService } from '../src/usage/usage.service';
import { createKey, grant, createAccount, type AccountFixture } from './support/fixtures';
import { waitForValue } from './support/local-servers';
import { securitySuite } from './support/security-suite';
import { type TestApp, createTestApp } from './support/test-app';
import { createTestDatabase, runMigrationStep } from './support/test-database';

type Agent = ReturnType<typeof request.agent>;

const HOUR = 3_600_000;

/**
 * Key controls: settings, scopes, expiry and the expiry migration; rolling, subject limits,
 * object-level authorization, usage by key and the operator CLI.
 */
describe('key controls (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let clock: Clock;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await createTestApp();
    db = t.sql;
    clock = t.app.get(Clock);
  });

  afterEach(() => clock.set(null));

  afterAll(async () => {
    await t.close();
  });

  async function signedIn(
    options: { apiAccess?: boolean } = {},
  ): Promise<{ account: AccountFixture; agent: Agent }> {
    const account = await createAccount(t.app, { apiAccess: options.apiAccess ?? true });
    const agent = request.agent(server());
    const res = await agent
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    expect(res.status).toBe(200);
    return { account, agent };
  }

  const call = (key: string, path: string, body: object = {}, subject?: string) => {
    let req = request(server()).post(path).set('Authorization', `Bearer ${key}`);
    if (subject) req = req.set('x-subject', subject);
    return req.send(body);
  };
  const balance = (key: string) =>
    request(server()).get('/v1/balance').set('Authorization', `Bearer ${key}`);

  /** The usage record of a request (records are written by group commit, after the answer). */
  async function usageOf(requestId: string): Promise<Record<string, unknown>> {
    return waitForValue(
      async () =>
        (
          await db.query(
            `SELECT status, error_code, key_id, operation, charged FROM usage_records WHERE request_id = $1`,
            [requestId],
          )
        ).rows[0] as Record<string, unknown> | undefined,
      10_000,
      `the usage record of ${requestId}`,
    );
  }

  const strip = (body: { error: Record<string, unknown> }) => {
    const { requestId: _ignored, ...rest } = body.error;
    return rest;
  };

  describe('settings on POST and PATCH /account/keys, and GET /account/keys/{id}', () => {
    it('creates a key with every setting, edits it, and records who changed what', async () => {
      const { agent } = await signedIn();
      const expiresAt = new Date(Date.now() + 30 * 24 * HOUR).toISOString();
      const created = await agent.post('/account/keys').send({
        name: 'reseller',
        mode: 'test',
        limits: { totalMicros: 50_000_000, dailyMicros: 5_000_000, monthlyMicros: null },
        operations: ['scan', 'assist'],
        expiresAt,
        subjectLimits: { dailyMicros: 1_000_000, monthlyMicros: null },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual(
        expect.objectContaining({
          name: 'reseller',
          limits: { totalMicros: 50_000_000, dailyMicros: 5_000_000, monthlyMicros: null },
          operations: ['assist', 'scan'],
          expiresAt,
          subjectLimits: { dailyMicros: 1_000_000, monthlyMicros: null },
          status: 'active',
          rolledFrom: null,
          spend: { totalMicros: 0, dailyMicros: 0, monthlyMicros: 0 },
        }),
      );
      expect(created.body.key).toMatch(/^rs_test_/);
      const id = created.body.id as string;

      // Only the fields sent change; null clears.
      const patched = await agent
        .patch(`/account/keys/${id}`)
        .send({ name: 'reseller 2', limits: { dailyMicros: null }, operations: null });
      expect(patched.status).toBe(200);
      expect(patched.body).toEqual(
        expect.objectContaining({
          name: 'reseller 2',
          limits: { totalMicros: 50_000_000, dailyMicros: null, monthlyMicros: null },
          operations: null,
          expiresAt,
        }),
      );
      expect(patched.body.key).toBeUndefined();

      const detail = await agent.get(`/account/keys/${id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.name).toBe('reseller 2');
      expect(detail.body.audit.map((e: { action: string }) => e.action)).toEqual([
        'update',
        'create',
      ]);
      expect(detail.body.audit[0]).toEqual(
        expect.objectContaining({
          actor: 'account',
          before: {
            name: 'reseller',
            limits: { totalMicros: 50_000_000, dailyMicros: 5_000_000, monthlyMicros: null },
            operations: ['assist', 'scan'],
          },
          after: {
            name: 'reseller 2',
            limits: { totalMicros: 50_000_000, dailyMicros: null, monthlyMicros: null },
            operations: null,
          },
        }),
      );
      expect(detail.body.audit[1].before).toBeNull();
      expect(detail.body.audit[1].after).toEqual(expect.objectContaining({ name: 'reseller' }));

      // A PATCH that changes nothing adds no entry.
      await agent.patch(`/account/keys/${id}`).send({ name: 'reseller 2' });
      expect((await agent.get(`/account/keys/${id}`)).body.audit).toHaveLength(2);

      // The list carries the same settings.
      const list = await agent.get('/account/keys');
      expect(list.body.keys[0]).toEqual(expect.objectContaining({ id, name: 'reseller 2' }));
    });

    it('refuses bad settings with 400 invalid_request naming the field', async () => {
      const { agent } = await signedIn();
      const now = new Date('2030-06-15T12:00:00.000Z');
      clock.set(now);
      const cases: [Record<string, unknown>, string][] = [
        [{ limits: { dailyMicros: -1 } }, 'limits.dailyMicros'],
        [{ limits: { totalMicros: 1.5 } }, 'limits.totalMicros'],
        [{ limits: { monthlyMicros: 0 } }, 'limits.monthlyMicros'],
        [{ limits: { dailyMicros: '5' } }, 'limits.dailyMicros'],
        [{ limits: { dailyMicros: 0.5 } }, 'limits.dailyMicros'],
        [{ subjectLimits: { monthlyMicros: -5 } }, 'subjectLimits.monthlyMicros'],
        [{ operations: ['scan', 'teleport'] }, 'operations'],
        [{ operations: [] }, 'operations'],
        [{ operations: 'scan' }, 'operations'],
        [{ expiresAt: 'tomorrow' }, 'expiresAt'],
        [{ expiresAt: new Date(now.getTime() - 1).toISOString() }, 'expiresAt'],
        [{ expiresAt: now.toISOString() }, 'expiresAt'],
        [{ limits: { hourlyMicros: 5 } }, 'limits.hourlyMicros'],
      ];
      const key = await agent.post('/account/keys').send({ name: 'k', mode: 'test' });
      for (const [settings, param] of cases) {
        for (const res of [
          await agent.post('/account/keys').send({ name: 'x', mode: 'test', ...settings }),
          await agent.patch(`/account/keys/${key.body.id}`).send(settings),
        ]) {
          expect({ settings, status: res.status, param: res.body.error?.param }).toEqual({
            settings,
            status: 400,
            param,
          });
          expect(res.body.error.code).toBe('invalid_request');
        }
      }
      const unknown = await agent
        .post('/account/keys')
        .send({ name: 'x', mode: 'test', operations: ['teleport'] });
      expect(unknown.body.error.message).toMatch(/assist, scan, playbook, music/);
      // The smallest limit, 0.000001 USD, is fine; so is an expiry a millisecond ahead.
      const smallest = await agent.post('/account/keys').send({
        name: 'x',
        mode: 'test',
        limits: { dailyMicros: 1 },
        expiresAt: new Date(now.getTime() + 1).toISOString(),
      });
      expect(smallest.status).toBe(201);
      // Nothing refused was stored.
      expect((await agent.get('/account/keys')).body.keys).toHaveLength(2);
    });
  });

  describe('scopes', () => {
    it('refuses an operation outside the scopes with 403 before any hold; resource routes are not scoped', async () => {
      const { agent, account } = await signedIn();
      await grant(t.app, account.id, 5_000_000);
      const created = await agent
        .post('/account/keys')
        .send({ name: 'assist only', mode: 'test', operations: ['assist'] });
      const key = created.body.key as string;

      const refused = await call(key, '/v1/scan', { query: 'coffee' });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('operation_not_allowed');
      expect(refused.body.error.message).toMatch(/assist/);
      expect(Number(refused.headers['ratelimit-limit'])).toBeGreaterThan(0);
      expect(refused.headers['x-service-charged-usd']).toBeUndefined();
      const { rows: holds } = await db.query(
        `SELECT count(*)::int AS n FROM holds WHERE account_id = $1`,
        [account.id],
      );
      expect(holds[0].n).toBe(0);
      expect(await usageOf(refused.headers['x-request-id'])).toEqual(
        expect.objectContaining({ status: 403, error_code: 'operation_not_allowed', charged: '0' }),
      );

      // Balance is a resource route: not scoped.
      expect((await balance(key)).status).toBe(200);
      // The allowed operation works.
      const ok = await call(key, '/v1/assist', { message: 'find coffee reels' });
      expect(ok.status).toBe(200);
      // The key view shows its spend (the spend counters the limits are checked against).
      const charged = Math.round(Number(ok.headers['x-service-charged-usd']) * 1_000_000);
      expect(charged).toBeGreaterThan(0);
      const view = await agent.get(`/account/keys/${created.body.id}`);
      expect(view.body.spend).toEqual({
        totalMicros: charged,
        dailyMicros: charged,
        monthlyMicros: charged,
      });

      // Widening the scopes takes effect at once on this instance.
      await agent.patch(`/account/keys/${created.body.id}`).send({ operations: null });
      expect((await call(key, '/v1/scan', { query: 'coffee' })).status).not.toBe(403);
    });
  });

  describe('expiry', () => {
    it('a key stops at its expiry instant with the uniform 401; its usage record says key_expired', async () => {
      const { agent, account } = await signedIn();
      const t0 = new Date('2031-01-01T10:00:00.000Z');
      clock.set(t0);
      const created = await agent
        .post('/account/keys')
        .send({ name: 'temp', mode: 'test', expiresAt: new Date(t0.getTime() + HOUR) });
      expect(created.status).toBe(201);
      const key = created.body.key as string;
      const revoked = await createKey(t.app, account.id);
      await t.app.get(ApiKeysService).revoke(account.id, revoked.id);

      clock.set(new Date(t0.getTime() + HOUR - 1));
      expect((await balance(key)).status).toBe(200);
      clock.set(new Date(t0.getTime() + HOUR));
      const expired = await call(key, '/v1/assist', { message: 'hi' });
      const gone = await call(revoked.key, '/v1/assist', { message: 'hi' });
      expect(expired.status).toBe(401);
      expect(expired.headers['www-authenticate']).toBe('Bearer');
      expect(expired.headers['ratelimit-limit']).toBeUndefined();
      expect(strip(expired.body)).toEqual(strip(gone.body));
      expect(await usageOf(expired.headers['x-request-id'])).toEqual(
        expect.objectContaining({
          status: 401,
          error_code: 'key_expired',
          key_id: created.body.id,
        }),
      );
      const view = await agent.get(`/account/keys/${created.body.id}`);
      expect(view.body.status).toBe('expired');
    });
  });

  it('an expired key leaves at most one key_expired usage record per minute (per instance)', async () => {
    const { agent } = await signedIn();
    const t0 = new Date('2031-02-01T10:00:00.000Z');
    clock.set(t0);
    const created = await agent
      .post('/account/keys')
      .send({ name: 'dead', mode: 'test', expiresAt: new Date(t0.getTime() + HOUR) });
    const key = created.body.key as string;
    const expiredRecords = async () =>
      Number(
        (
          await db.query(
            `SELECT count(*) FROM usage_records WHERE key_id = $1 AND error_code = 'key_expired'`,
            [created.body.id],
          )
        ).rows[0].count,
      );
    clock.set(new Date(t0.getTime() + HOUR));
    const first = await call(key, '/v1/assist', { message: 'hi' });
    await usageOf(first.headers['x-request-id']);
    for (let i = 0; i < 20; i++) {
      expect((await call(key, '/v1/assist', { message: 'hi' })).status).toBe(401);
    }
    // Records are written by group commit: give any stray one time to land.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await expiredRecords()).toBe(1);
    clock.set(new Date(t0.getTime() + HOUR + 60_000));
    const later = await call(key, '/v1/assist', { message: 'hi' });
    expect(later.status).toBe(401);
    await usageOf(later.headers['x-request-id']);
    expect(await expiredRecords()).toBe(2);
  });

  it('migrating down revokes the keys that were expired or scoped (no access given back)', async () => {
    const scratch = await createTestDatabase();
    const pg = await scratch.connect();
    try {
      const { rows } = await pg.query(
        `INSERT INTO accounts (email, password_hash) VALUES ('down@example.com', 'x') RETURNING id`,
      );
      const keyRow = async (name: string, set?: string) => {
        const id = (
          await pg.query(
            `INSERT INTO api_keys (account_id, mode, name, key_hash, display_start, spend_owner)
             VALUES ($1, 'test', $2, $3, 'rs_test_x', gen_random_uuid()) RETURNING id`,
            [rows[0].id, name, randomUUID()],
          )
        ).rows[0].id as string;
        if (set) await pg.query(`UPDATE api_keys SET ${set} WHERE id = $1`, [id]);
        return id;
      };
      const plain = await keyRow('plain');
      const scoped = await keyRow('scoped', `operations = ARRAY['assist']`);
      const expired = await keyRow('expired', `expires_at = now() - interval '1 day'`);
      const expiring = await keyRow('expiring', `expires_at = now() + interval '1 day'`);
      // Down to (and including) key controls: the migrations after it first, newest first.
      const from = MIGRATIONS.findIndex((m) => new m().name === 'KeyControls1763700600000');
      for (const migration of MIGRATIONS.slice(from).reverse())
        await runMigrationStep(pg, migration, 'down');
      const after = await pg.query(
        `SELECT id, revoked_at, revoked_at <= now() AS revoked,
                revoked_at < now() - interval '23 hours' AS at_expiry
           FROM api_keys`,
      );
      const byId = new Map(after.rows.map((r) => [r.id as string, r]));
      expect(byId.get(plain).revoked_at).toBeNull();
      expect(byId.get(scoped).revoked).toBe(true);
      expect(byId.get(expiring).revoked).toBe(true);
      expect(byId.get(expired)).toEqual(
        expect.objectContaining({ revoked: true, at_expiry: true }),
      );
    } finally {
      await pg.end();
      await scratch.drop();
    }
  });

  describe('rolling', () => {
    it('creates a new key with the same settings; the old one works until its grace ends', async () => {
      const { agent } = await signedIn();
      const t0 = new Date('2032-03-01T08:00:00.000Z');
      clock.set(t0);
      const old = await agent.post('/account/keys').send({
        name: 'prod',
        mode: 'test',
        limits: { totalMicros: 9_000_000, dailyMicros: null, monthlyMicros: 2_000_000 },
        operations: ['music'],
        subjectLimits: { dailyMicros: null, monthlyMicros: 500_000 },
      });
      const bad = await agent.post(`/account/keys/${old.body.id}/roll`).send({ graceSeconds: 60 });
      expect(bad.status).toBe(400);
      expect(bad.body.error.param).toBe('graceSeconds');

      const rolled = await agent
        .post(`/account/keys/${old.body.id}/roll`)
        .send({ graceSeconds: 3600 });
      expect(rolled.status).toBe(201);
      const { created, previous } = rolled.body;
      expect(created.key).toMatch(/^rs_test_/);
      expect(created.id).not.toBe(old.body.id);
      expect(created).toEqual(
        expect.objectContaining({
          name: 'prod',
          limits: old.body.limits,
          operations: ['music'],
          subjectLimits: old.body.subjectLimits,
          rolledFrom: old.body.id,
          status: 'active',
        }),
      );
      expect(previous).toEqual(
        expect.objectContaining({
          id: old.body.id,
          status: 'expiring',
          revokedAt: new Date(t0.getTime() + HOUR).toISOString(),
        }),
      );
      expect(previous.key).toBeUndefined();
      // Only an active key rolls.
      expect(
        (await agent.post(`/account/keys/${old.body.id}/roll`).send({ graceSeconds: 0 })).status,
      ).toBe(400);

      clock.set(new Date(t0.getTime() + HOUR - 1));
      expect((await balance(old.body.key)).status).toBe(200);
      expect((await balance(created.key)).status).toBe(200);
      clock.set(new Date(t0.getTime() + HOUR));
      const after = await call(old.body.key, '/v1/music', { url: 'https://example.com' });
      expect(after.status).toBe(401);
      expect(await usageOf(after.headers['x-request-id'])).toEqual(
        expect.objectContaining({ status: 401, error_code: 'key_expired' }),
      );
      expect((await balance(created.key)).status).toBe(200);

      const list = (await agent.get('/account/keys')).body.keys as { id: string; status: string }[];
      expect(list.map((k) => [k.id, k.status])).toEqual([
        [created.id, 'active'],
        [old.body.id, 'expired'],
      ]);
      const trail = (await agent.get(`/account/keys/${old.body.id}`)).body.audit;
      expect(trail[0]).toEqual(
        expect.objectContaining({
          action: 'roll',
          actor: 'account',
          after: expect.objectContaining({ graceSeconds: 3600, rolledTo: created.id }),
        }),
      );
    });

    it('with no grace the old key stops at once', async () => {
      const { agent } = await signedIn();
      const old = await agent.post('/account/keys').send({ name: 'k', mode: 'test' });
      expect((await balance(old.body.key)).status).toBe(200);
      const rolled = await agent
        .post(`/account/keys/${old.body.id}/roll`)
        .send({ graceSeconds: 0 });
      expect(rolled.body.previous.status).toBe('expired');
      expect((await balance(old.body.key)).status).toBe(401);
      expect((await balance(rolled.body.created.key)).status).toBe(200);
    });
  });

  describe('account subject limits', () => {
    it('reads and edits them, audited; bad values are 400 with param', async () => {
      const { agent, account } = await signedIn();
      expect((await agent.get('/account/subject-limits')).body).toEqual({
        dailyMicros: null,
        monthlyMicros: null,
      });
      const set = await agent.patch('/account/subject-limits').send({ dailyMicros: 2_000_000 });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ dailyMicros: 2_000_000, monthlyMicros: null });
      const cleared = await agent
        .patch('/account/subject-limits')
        .send({ dailyMicros: null, monthlyMicros: 9_000_000 });
      expect(cleared.body).toEqual({ dailyMicros: null, monthlyMicros: 9_000_000 });
      for (const body of [{ dailyMicros: 0 }, { monthlyMicros: 1.25 }, { weeklyMicros: 5 }]) {
        const res = await agent.patch('/account/subject-limits').send(body);
        expect(res.status).toBe(400);
        expect(res.body.error.param).toBe(Object.keys(body)[0]);
      }
      const trail = await t.app.get(ApiKeysService).subjectLimitsAudit(account.id);
      expect(trail.map((e) => [e.action, e.before, e.after])).toEqual([
        [
          'subject_limits',
          { dailyMicros: 2_000_000, monthlyMicros: null },
          { dailyMicros: null, monthlyMicros: 9_000_000 },
        ],
        [
          'subject_limits',
          { dailyMicros: null, monthlyMicros: null },
          { dailyMicros: 2_000_000, monthlyMicros: null },
        ],
      ]);
    });
  });

  describe('object-level authorization', () => {
    it("another account's key is 404 on every key route and stays unchanged", async () => {
      const victim = await signedIn();
      const attacker = await signedIn();
      const key = await victim.agent
        .post('/account/keys')
        .send({ name: 'victim', mode: 'test', limits: { dailyMicros: 7 } });
      const id = key.body.id as string;
      const attempts = [
        attacker.agent.get(`/account/keys/${id}`),
        attacker.agent.patch(`/account/keys/${id}`).send({ limits: { dailyMicros: null } }),
        attacker.agent.post(`/account/keys/${id}/roll`).send({ graceSeconds: 0 }),
        attacker.agent.delete(`/account/keys/${id}`),
        attacker.agent.get(`/account/keys/not-a-uuid`),
        attacker.agent.patch(`/account/keys/not-a-uuid`).send({ name: 'x' }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      const after = await victim.agent.get(`/account/keys/${id}`);
      expect(after.body).toEqual(
        expect.objectContaining({
          status: 'active',
          limits: expect.objectContaining({ dailyMicros: 7 }),
        }),
      );
      expect(after.body.audit).toHaveLength(1);
      expect((await attacker.agent.get('/account/keys')).body.keys).toEqual([]);
      expect((await attacker.agent.get(`/account/usage?key_id=${id}`)).body.items).toEqual([]);
      // No body can name another account.
      const mass = await attacker.agent
        .patch('/account/subject-limits')
        .send({ accountId: victim.account.id, dailyMicros: 5 });
      expect(mass.status).toBe(400);
    });

    it('key routes need a session and API access', async () => {
      expect((await request(server()).get('/account/subject-limits')).status).toBe(401);
      expect((await request(server()).patch(`/account/keys/${randomUUID()}`).send({})).status).toBe(
        401,
      );
      const { agent } = await signedIn({ apiAccess: false });
      expect((await agent.get('/account/subject-limits')).status).toBe(403);
      expect(
        (await agent.post(`/account/keys/${randomUUID()}/roll`).send({ graceSeconds: 0 })).status,
      ).toBe(403);
    });
  });

  describe('the shared security suite on a scoped operation', () => {
    securitySuite(() => t.app, { method: 'post', path: '/v1/assist', body: { message: 'hi' } });
  });

  describe('usage by key and subject', () => {
    it('filters and groups by key and subject; the CSV has key and subject columns', async () => {
      const { agent, account } = await signedIn();
      const a = await agent.post('/account/keys').send({ name: 'alpha', mode: 'test' });
      const b = await agent.post('/account/keys').send({ name: 'beta', mode: 'test' });
      const usage = t.app.get(UsageService);
      const record = (keyId: string, subject: string | null, charged: number) =>
        usage.record({
          requestId: `req-${randomUUID()}`,
          accountId: account.id,
          keyId,
          mode: 'test',
          subject,
          operation: 'scan',
          market: null,
          status: 200,
          errorCode: null,
          charged,
          durationMs: 5,
        });
      await Promise.all([
        record(a.body.id, 'cust-1', 10_000),
        record(a.body.id, 'cust-1', 10_000),
        record(a.body.id, 'cust-2', 5_000),
        record(b.body.id, 'cust-2', 40_000),
        record(b.body.id, null, 1_000),
      ]);

      const byKey = await agent.get(`/account/usage?key_id=${a.body.id}`);
      expect(byKey.status).toBe(200);
      expect(byKey.body.items).toHaveLength(3);
      expect(byKey.body.groups).toBeNull();
      const bySubject = await agent.get('/account/usage?subject=cust-2&group_by=key');
      expect(bySubject.body.items).toHaveLength(2);
      expect(bySubject.body.groups).toEqual([
        {
          group: b.body.id,
          keyName: 'beta',
          keyStart: b.body.start,
          calls: 1,
          chargedMicros: 40_000,
        },
        {
          group: a.body.id,
          keyName: 'alpha',
          keyStart: a.body.start,
          calls: 1,
          chargedMicros: 5_000,
        },
      ]);
      const groups = await agent.get('/account/usage?group_by=subject&limit=1');
      expect(groups.body.items).toHaveLength(1);
      expect(groups.body.groups).toEqual([
        { group: 'cust-2', keyName: null, keyStart: null, calls: 2, chargedMicros: 45_000 },
        { group: 'cust-1', keyName: null, keyStart: null, calls: 2, chargedMicros: 20_000 },
        { group: null, keyName: null, keyStart: null, calls: 1, chargedMicros: 1_000 },
      ]);
      const bad = await agent.get('/account/usage?group_by=operation');
      expect(bad.status).toBe(400);
      expect(bad.body.error.param).toBe('group_by');
      expect((await agent.get('/account/usage?key_id=nope')).body.error.param).toBe('key_id');

      const csv = await agent.get(`/account/usage/export.csv?key_id=${b.body.id}`);
      expect(csv.status).toBe(200);
      const lines = csv.text.trim().split('\n');
      expect(lines[0]).toBe(
        'time,request_id,operation,mode,key_id,key,subject,market,status,error_code,charge_usd,duration_ms,source',
      );
      expect(lines).toHaveLength(3);
      expect(lines.slice(1).map((l) => l.split(',').slice(4, 7))).toEqual([
        [b.body.id, `beta (${b.body.start})`, ''],
        [b.body.id, `beta (${b.body.start})`, 'cust-2'],
      ]);
      const grouped = await agent.get('/account/usage/export.csv?group_by=subject');
      expect(grouped.text).toBe(
        'subject,calls,charge_usd\ncust-2,2,0.045000\ncust-1,2,0.020000\n,1,0.001000\n',
      );
      const byKeyCsv = await agent.get('/account/usage/export.csv?group_by=key');
      expect(byKeyCsv.text.split('\n')[0]).toBe('key_id,key,calls,charge_usd');
      expect(byKeyCsv.text).toContain(`${b.body.id},beta (${b.body.start}),2,0.041000`);
    });
  });

  describe('operator CLI', () => {
    const run = async (argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
      return { code, out, err: err.join('\n') };
    };

    it('keys:create takes the settings; keys:update changes and clears them, audited as operator', async () => {
      const { agent, account } = await signedIn();
      const created = await run([
        'keys:create',
        '--email',
        account.email,
        '--name',
        'cli key',
        '--limit-total-usd',
        '50',
        '--limit-daily-usd',
        '5.25',
        '--limit-monthly-usd=0.000001',
        '--operations',
        'assist,scan',
        '--expires-at',
        '2099-01-01T00:00:00Z',
        '--subject-limit-daily-usd',
        '1',
        '--subject-limit-monthly-usd',
        '10',
      ]);
      expect(created.err).toBe('');
      expect(created.code).toBe(0);
      expect(created.out.at(-1)).toMatch(/^rs_test_/);
      const [listed] = (await agent.get('/account/keys')).body.keys;
      expect(listed).toEqual(
        expect.objectContaining({
          name: 'cli key',
          limits: { totalMicros: 50_000_000, dailyMicros: 5_250_000, monthlyMicros: 1 },
          operations: ['assist', 'scan'],
          expiresAt: '2099-01-01T00:00:00.000Z',
          subjectLimits: { dailyMicros: 1_000_000, monthlyMicros: 10_000_000 },
        }),
      );

      const updated = await run([
        'keys:update',
        '--id',
        listed.id,
        '--limit-daily-usd',
        'none',
        '--operations',
        'all',
        '--expires-at',
        'none',
      ]);
      expect(updated.err).toBe('');
      expect(updated.code).toBe(0);
      const detail = (await agent.get(`/account/keys/${listed.id}`)).body;
      expect(detail).toEqual(
        expect.objectContaining({
          limits: { totalMicros: 50_000_000, dailyMicros: null, monthlyMicros: 1 },
          operations: null,
          expiresAt: null,
        }),
      );
      expect(
        detail.audit.map((e: { actor: string; action: string }) => [e.actor, e.action]),
      ).toEqual([
        ['operator', 'update'],
        ['operator', 'create'],
      ]);
      expect((await run(['keys:update', '--id', randomUUID(), '--name', 'x'])).code).toBe(1);
    });

    it('refuses bad settings before any database work, with usage', async () => {
      for (const [argv, message] of [
        [
          ['keys:create', '--email', 'a@example.com', '--limit-daily-usd', '-1'],
          /--limit-daily-usd must be a positive amount/,
        ],
        [
          ['keys:create', '--email', 'a@example.com', '--limit-total-usd', '0'],
          /--limit-total-usd must be a positive amount/,
        ],
        [
          ['keys:create', '--email', 'a@example.com', '--limit-total-usd', '0.0000001'],
          /--limit-total-usd/,
        ],
        [
          ['keys:create', '--email', 'a@example.com', '--operations', 'scan,teleport'],
          /allowed|among assist, scan, playbook, music/,
        ],
        [['keys:update', '--id', 'x', '--expires-at', 'soon'], /--expires-at must be an ISO 8601/],
        [['keys:update', '--id', 'x'], /at least one setting/],
      ] as [string[], RegExp][]) {
        const res = await run(argv);
        expect({ argv, code: res.code }).toEqual({ argv, code: 2 });
        expect(res.err).toMatch(message);
      }
      const { account } = await signedIn();
      const past = await run([
        'keys:create',
        '--email',
        account.email,
        '--expires-at',
        '2001-01-01T00:00:00Z',
      ]);
      expect(past.code).toBe(1);
      expect(past.err).toMatch(/must lie in the future/);
    });
  });
});
