import { randomUUID } from 'node:crypto';
import { type Client } from 'pg';
import { ApiKeysService } from '../src/api-keys/api-keys.service';
import type { Clock } from '../src/common/clock/clock';
import { MIGRATIONS } from '@reelscout/database';
import { createKey, grant } from './support/fixtures';
import { createTestDatabase, runMigrationStep } from './support/test-database';
import type { TestApp } from './support/test-app';
import { HOUR, keyControlsSuite } from './support/key-controls-suite';

/** Key settings, scopes, expiry and the expiry migration (rolling, usage and the CLI: key-controls-usage). */
describe('key controls (e2e)', () => {
  const { state, signedIn, call, balance, usageOf, strip } = keyControlsSuite();
  let t: TestApp;
  let db: Client;
  let clock: Clock;
  beforeAll(() => ({ t, db, clock } = state));

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
});
