import request from 'supertest';
import { AccountsService } from '../src/accounts/accounts.service';
import { ApiKeysService, KEY_CACHE_TTL_MS } from '../src/api-keys/api-keys.service';
import { InvitesService } from '../src/auth/invites.service';
import { createAccount, createKey, uniqueEmail } from './support/fixtures';
import { waitForValue } from './support/local-servers';
import { securitySuite } from './support/security-suite';
import type { TestApp } from './support/test-app';
import { accountsAndKeysSuite, tokenOf } from './support/accounts-and-keys-suite';

/** Sign-up to revoke, sessions, key routes, cross-site refusals and keys at rest (passwords, invites and the CLI: accounts-and-keys-auth). */
describe('accounts, invites, keys and bearer auth (e2e)', () => {
  const { state, server } = accountsAndKeysSuite();
  let t: TestApp;
  beforeAll(() => ({ t } = state));

  it('invite → sign-up → sign-in → create key → /v1 works → revoke → 401', async () => {
    const invite = await t.app.get(InvitesService).create({ apiAccess: true });
    const token = tokenOf(invite.url);
    expect(invite.url).toBe(`http://localhost:3000/invite/${token}`);

    const state = await request(server()).get(`/auth/invites/${token}`);
    expect(state.body).toEqual({ state: 'valid', email: null });

    const email = uniqueEmail('flow');
    const password = 'correct horse battery';
    const signUp = await request(server()).post('/auth/sign-up').send({ token, email, password });
    expect(signUp.status).toBe(201);
    expect(signUp.body.account).toEqual(expect.objectContaining({ email, apiAccess: true }));
    expect(JSON.stringify(signUp.body)).not.toContain('password');

    // The invite is used up.
    const again = await request(server())
      .post('/auth/sign-up')
      .send({ token, email: uniqueEmail(), password });
    expect(again.status).toBe(400);
    expect(again.body.error.param).toBe('token');
    expect((await request(server()).get(`/auth/invites/${token}`)).body.state).toBe('used');

    const agent = request.agent(server());
    const signIn = await agent.post('/auth/sign-in').send({ email: email.toUpperCase(), password });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers['set-cookie'][0] as string;
    expect(cookie).toMatch(/^rs_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    expect((await agent.get('/account')).body).toEqual(
      expect.objectContaining({ email, apiAccess: true }),
    );

    const created = await agent.post('/account/keys').send({ name: 'server', mode: 'test' });
    expect(created.status).toBe(201);
    const key: string = created.body.key;
    expect(key).toMatch(/^rs_test_[0-9A-Za-z]{38}$/);
    expect(created.body.start).toBe(`${key.slice(0, 12)}…`);

    const listed = await agent.get('/account/keys');
    expect(listed.body.keys).toHaveLength(1);
    expect(listed.body.keys[0]).toEqual(
      expect.objectContaining({
        id: created.body.id,
        name: 'server',
        mode: 'test',
        status: 'active',
      }),
    );
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(JSON.stringify(listed.body)).not.toContain(key.slice(12));

    const call = await request(server())
      .post('/v1/probe')
      .set('Authorization', `Bearer ${key}`)
      .set('x-subject', 'customer-42')
      .send({ note: 'hi' });
    expect(call.status).toBe(200);
    expect(call.body.caller).toEqual({
      accountId: signUp.body.account.id,
      keyId: created.body.id,
      mode: 'test',
      subject: 'customer-42',
      // An unrestricted key reaches the whole account's jobs.
      confinedTo: null,
    });
    expect(JSON.stringify(call.body)).not.toContain(key);

    const revoked = await agent.delete(`/account/keys/${created.body.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    const after = await request(server())
      .post('/v1/probe')
      .set('Authorization', `Bearer ${key}`)
      .send({});
    expect(after.status).toBe(401);

    const signOut = await agent.post('/auth/sign-out').send({});
    expect(signOut.status).toBe(200);
    expect((await agent.get('/account')).status).toBe(401);
  });

  it('rotates the session id at sign-in', async () => {
    const account = await createAccount(t.app);
    const agent = request.agent(server());
    const first = await agent
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    const second = await agent
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    const sid = (res: request.Response) => (res.headers['set-cookie'][0] as string).split(';')[0];
    expect(sid(first)).not.toBe(sid(second));
  });

  it('revoking API access turns existing keys into 403 and hides the key routes', async () => {
    const account = await createAccount(t.app, { apiAccess: true });
    const key = await createKey(t.app, account.id);
    const ok = await request(server())
      .post('/v1/probe')
      .set('Authorization', `Bearer ${key.key}`)
      .send({});
    expect(ok.status).toBe(200);

    await t.app.get(AccountsService).setApiAccess(account.email, false);
    await new Promise((resolve) => setTimeout(resolve, KEY_CACHE_TTL_MS + 200));
    const denied = await request(server())
      .post('/v1/probe')
      .set('Authorization', `Bearer ${key.key}`)
      .send({});
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('forbidden');

    const agent = request.agent(server());
    await agent.post('/auth/sign-in').send({ email: account.email, password: account.password });
    expect((await agent.get('/account')).body.apiAccess).toBe(false);
    expect((await agent.get('/account/keys')).status).toBe(403);
    expect((await agent.post('/account/keys').send({ name: 'x', mode: 'test' })).status).toBe(403);
  });

  it("another account's key id is 404, and it stays untouched", async () => {
    const owner = await createAccount(t.app);
    const ownerKey = await createKey(t.app, owner.id);
    const intruder = await createAccount(t.app);
    const agent = request.agent(server());
    await agent.post('/auth/sign-in').send({ email: intruder.email, password: intruder.password });

    const res = await agent.delete(`/account/keys/${ownerKey.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await agent.delete('/account/keys/not-a-uuid')).status).toBe(404);
    const still = await request(server())
      .post('/v1/probe')
      .set('Authorization', `Bearer ${ownerKey.key}`)
      .send({});
    expect(still.status).toBe(200);
    expect((await agent.get('/account/keys')).body.keys).toEqual([]);
  });

  it('validates key creation input', async () => {
    const account = await createAccount(t.app);
    const agent = request.agent(server());
    await agent.post('/auth/sign-in').send({ email: account.email, password: account.password });
    const cases: [Record<string, unknown>, string][] = [
      [{ mode: 'test' }, 'name'],
      [{ name: '', mode: 'test' }, 'name'],
      [{ name: 'x'.repeat(65), mode: 'test' }, 'name'],
      [{ name: 'ok', mode: 'prod' }, 'mode'],
      [{ name: 'ok', mode: 'test', admin: true }, 'admin'],
    ];
    for (const [body, param] of cases) {
      const res = await agent.post('/account/keys').send(body);
      expect({ body, status: res.status, param: res.body.error?.param }).toEqual({
        body,
        status: 400,
        param,
      });
    }
  });

  it('refuses cross-site state changes on dashboard routes', async () => {
    const account = await createAccount(t.app);
    const agent = request.agent(server());
    await agent.post('/auth/sign-in').send({ email: account.email, password: account.password });
    const evil = await agent
      .post('/account/keys')
      .set('Origin', 'https://evil.example')
      .send({ name: 'stolen', mode: 'live' });
    expect(evil.status).toBe(403);
    const fetchSite = await agent
      .post('/account/keys')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ name: 'stolen', mode: 'live' });
    expect(fetchSite.status).toBe(403);
    const ours = await agent
      .post('/account/keys')
      .set('Origin', 'http://localhost:3000')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ name: 'mine', mode: 'test' });
    expect(ours.status).toBe(201);
    expect(
      (await agent.get('/account/keys')).body.keys.map((k: { name: string }) => k.name),
    ).toEqual(['mine']);
  });

  it('signs in through the dashboard proxy from an address other than PUBLIC_URL', async () => {
    // PUBLIC_URL is http://localhost:3000; the dashboard was opened at http://127.0.0.1:3000
    // and Next's rewrite proxy sent the API's own address as Host.
    const account = await createAccount(t.app);
    const proxied = (path: string) =>
      request(server())
        .post(path)
        .set('X-Forwarded-Host', '127.0.0.1:3000')
        .set('Origin', 'http://127.0.0.1:3000')
        .set('Sec-Fetch-Site', 'same-origin');
    const signIn = await proxied('/auth/sign-in').send({
      email: account.email,
      password: account.password,
    });
    expect(signIn.status).toBe(200);
    const crossSite = await proxied('/auth/sign-in')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ email: account.email, password: account.password });
    expect(crossSite.status).toBe(403);
  });

  it('stores no plaintext key in any text, json or bytea column of any table', async () => {
    const account = await createAccount(t.app);
    const keys = [
      await createKey(t.app, account.id, 'test'),
      await createKey(t.app, account.id, 'live'),
    ];
    for (const key of keys) {
      await request(server())
        .post('/v1/probe')
        .set('Authorization', `Bearer ${key.key}`)
        .send({ note: 'x' });
    }
    const db = await t.db.connect();
    try {
      const { rows: columns } = await db.query<{
        table_name: string;
        column_name: string;
        data_type: string;
      }>(
        `SELECT table_name, column_name, data_type FROM information_schema.columns
          WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'bytea')`,
      );
      expect(columns.length).toBeGreaterThan(10);
      let scanned = 0;
      for (const { table_name, column_name, data_type } of columns) {
        const expr =
          data_type === 'bytea' ? `encode("${column_name}", 'escape')` : `"${column_name}"::text`;
        const { rows } = await db.query(`SELECT ${expr} AS v FROM "${table_name}"`);
        for (const { v } of rows) {
          scanned++;
          for (const key of keys) {
            expect(String(v)).not.toContain(key.key);
            expect(String(v)).not.toContain(key.key.slice(12, 40));
          }
        }
      }
      expect(scanned).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
  });

  it('updates last_used_at at most once a minute per key', async () => {
    const account = await createAccount(t.app);
    const key = await createKey(t.app, account.id);
    for (let i = 0; i < 3; i++) {
      await request(server()).post('/v1/probe').set('Authorization', `Bearer ${key.key}`).send({});
    }
    // Written after the answer, fire and forget.
    const lastUsedAt = await waitForValue(
      async () => (await t.app.get(ApiKeysService).list(account.id))[0].lastUsedAt ?? undefined,
      10_000,
      'last_used_at',
    );
    expect(lastUsedAt).not.toBeNull();
  });

  describe('shared security suite on a /v1 route', () => {
    securitySuite(() => t.app, { method: 'post', path: '/v1/probe', body: { note: 'x' } });
  });
});
