import { NestFactory } from '@nestjs/core';
import { DomainError } from '@reelscout/domain';
import request from 'supertest';
import { AccountsService } from '../src/accounts/accounts.service';
import { ApiKeysService, KEY_CACHE_TTL_MS } from '../src/api-keys/api-keys.service';
import { AuthService } from '../src/auth/auth.service';
import { BootstrapInviteService } from '../src/auth/bootstrap-invite.service';
import { InvitesService } from '../src/auth/invites.service';
import { LOCK_AFTER } from '../src/auth/sign-in-throttle.service';
import { runCli } from '../src/cli/cli.runner';
import { MailService } from '../src/mail/mail.service';
import { createKey, createAccount, uniqueEmail } from './support/fixtures';
import { waitForValue } from './support/local-servers';
import { securitySuite } from './support/security-suite';
import { createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';
import { V1ProbeModule } from './support/v1-probe.module';

const tokenOf = (url: string) => url.split('/').pop()!;

/**
 * Accounts and keys end to end: invite, sign-up to revoke, sessions, key routes, cross-site
 * refusals and keys at rest; password throttling and resets, invites, the bootstrap invite and
 * the operator CLI.
 */
describe('accounts, invites, keys and bearer auth (e2e)', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await createTestApp({
      extraImports: [V1ProbeModule],
      env: {
        PUBLIC_URL: 'http://localhost:3000',
        // Every request here comes from 127.0.0.1: keep the per-IP sign-in ceiling (proven in
        // throttling.e2e-spec.ts) out of the way of the per-e-mail throttle tested here.
        AUTH_RATE_LIMIT_PER_MIN: '1000',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

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

  it('wrong passwords are refused alike, then the e-mail is locked', async () => {
    const account = await createAccount(t.app);
    const unknown = await request(server())
      .post('/auth/sign-in')
      .send({ email: uniqueEmail(), password: 'whatever-123' });
    const wrong = await request(server())
      .post('/auth/sign-in')
      .send({ email: account.email, password: 'wrong-password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body.error.message).toBe(wrong.body.error.message);

    for (let i = 1; i < LOCK_AFTER; i++) {
      await request(server())
        .post('/auth/sign-in')
        .send({ email: account.email, password: 'wrong-password' });
    }
    const locked = await request(server())
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('rate_limited');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);

  it('caps password checks per e-mail even when wrong passwords arrive all at once', async () => {
    const account = await createAccount(t.app);
    const auth = t.app.get(AuthService);
    const attempts = LOCK_AFTER + 15;
    // Straight to the service: the per-IP ceiling on /auth/sign-in would otherwise answer first.
    const outcomes = await Promise.allSettled(
      Array.from({ length: attempts }, () =>
        auth.verifyCredentials(account.email, 'wrong-password'),
      ),
    );
    const checked = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter(
      (o) =>
        o.status === 'rejected' &&
        o.reason instanceof DomainError &&
        o.reason.code === 'rate_limited',
    );
    expect(checked.every((o) => o.value === null)).toBe(true);
    expect(checked.length).toBeLessThanOrEqual(LOCK_AFTER);
    expect(checked.length + refused.length).toBe(attempts);

    // Locked now, even with the right password, over HTTP too.
    const locked = await request(server())
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toMatch(/Too many failed sign-ins/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);

  it('a right password clears the failure count', async () => {
    const account = await createAccount(t.app);
    const auth = t.app.get(AuthService);
    for (let i = 0; i < LOCK_AFTER - 1; i++) {
      expect(await auth.verifyCredentials(account.email, 'wrong-password')).toBeNull();
    }
    expect((await auth.verifyCredentials(account.email, account.password))?.id).toBe(account.id);
    // A fresh count: without the reset these would be attempts LOCK_AFTER + 1 and on, refused.
    for (let i = 0; i < 2; i++) {
      expect(await auth.verifyCredentials(account.email, 'wrong-password')).toBeNull();
    }
    expect((await auth.verifyCredentials(account.email, account.password))?.id).toBe(account.id);
  }, 60_000);

  it('resets a password with the one-time link and signs out other sessions', async () => {
    const account = await createAccount(t.app);
    const mail = t.app.get(MailService);
    // As if SMTP were configured: the e-mails are caught here, never sent.
    const delivers = jest.spyOn(mail, 'delivers', 'get').mockReturnValue(true);
    const sent = jest.spyOn(mail, 'send').mockResolvedValue();
    const auth = t.app.get(AuthService);
    const oldSession = request.agent(server());
    await oldSession
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    expect((await oldSession.get('/account')).status).toBe(200);

    const unknown = await request(server())
      .post('/auth/password-reset/request')
      .send({ email: uniqueEmail() });
    expect(unknown.status).toBe(202);
    await auth.settled();
    expect(sent).not.toHaveBeenCalled();
    const asked = await request(server())
      .post('/auth/password-reset/request')
      .send({ email: account.email });
    expect(asked.status).toBe(202);
    // Sent after the answer, off the request path.
    await auth.settled();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0][0].subject).toBe('Reset your Reelscout password');
    const link = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(sent.mock.calls[0][0].text)![1];

    // The dashboard sends the language it is shown in; the e-mail follows it.
    const inChinese = await request(server())
      .post('/auth/password-reset/request')
      .send({ email: account.email, locale: 'zh-Hans' });
    expect(inChinese.status).toBe(202);
    await auth.settled();
    expect(sent).toHaveBeenCalledTimes(2);
    const chinese = sent.mock.calls[1][0];
    expect(chinese.subject).toBe('重置您的 Reelscout 密码');
    expect(chinese.text).toContain(`有人请求重置 ${account.email} 的密码。`);
    expect(chinese.text).toMatch(/\/reset-password\/[A-Za-z0-9_-]+/);
    const unsupported = await request(server())
      .post('/auth/password-reset/request')
      .send({ email: account.email, locale: 'fr' });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error.param).toBe('locale');
    await auth.settled();
    expect(sent).toHaveBeenCalledTimes(2);
    sent.mockRestore();
    delivers.mockRestore();

    const done = await request(server())
      .post('/auth/password-reset/confirm')
      .send({ token: link, password: 'a brand new password' });
    expect(done.status).toBe(200);
    const reused = await request(server())
      .post('/auth/password-reset/confirm')
      .send({ token: link, password: 'another new password' });
    expect(reused.status).toBe(400);
    expect((await oldSession.get('/account')).status).toBe(401);
    const old = await request(server())
      .post('/auth/sign-in')
      .send({ email: account.email, password: account.password });
    expect(old.status).toBe(401);
    const fresh = await request(server())
      .post('/auth/sign-in')
      .send({ email: account.email, password: 'a brand new password' });
    expect(fresh.status).toBe(200);
  });

  it('an invite bound to an e-mail only works for it, and expired invites are refused', async () => {
    const invites = t.app.get(InvitesService);
    const bound = await invites.create({ email: 'Someone@Example.test' });
    const wrong = await request(server())
      .post('/auth/sign-up')
      .send({ token: tokenOf(bound.url), email: uniqueEmail(), password: 'long enough pw' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.param).toBe('email');
    const right = await request(server())
      .post('/auth/sign-up')
      .send({
        token: tokenOf(bound.url),
        email: 'someone@example.test',
        password: 'long enough pw',
      });
    expect(right.status).toBe(201);
    expect(right.body.account.apiAccess).toBe(false);

    const expiring = await invites.create({});
    await t.app
      .get(AccountsService)
      ['dataSource'].query(
        `UPDATE invites SET expires_at = now() - interval '1 minute' WHERE id = $1`,
        [expiring.id],
      );
    expect((await request(server()).get(`/auth/invites/${tokenOf(expiring.url)}`)).body.state).toBe(
      'expired',
    );
    const late = await request(server())
      .post('/auth/sign-up')
      .send({ token: tokenOf(expiring.url), email: uniqueEmail(), password: 'long enough pw' });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toMatch(/expired/);
  });

  it('issues the bootstrap invite once, only while there are no accounts', async () => {
    const bootstrap = t.app.get(BootstrapInviteService);
    // This database already has accounts from the tests above.
    expect(await bootstrap.issueIfEmpty()).toBeNull();
    const db = await t.db.connect();
    try {
      await db.query('DELETE FROM accounts');
      const first = await bootstrap.issueIfEmpty();
      expect(first).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
      expect(await bootstrap.issueIfEmpty()).toBeNull();
      const { rows } = await db.query(
        'SELECT grants_api_access, grants_admin FROM invites WHERE token_hash = encode(digest($1, $2), $3)',
        [tokenOf(first!), 'sha256', 'hex'],
      );
      expect(rows).toEqual([{ grants_api_access: true, grants_admin: true }]);
    } finally {
      await db.end();
    }
  });

  it('the CLI creates an account with access and a test key that authenticates', async () => {
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(`ERR ${l}`) };
    const email = uniqueEmail('cli');
    expect(
      await runCli(
        ['accounts:create', '--email', email, '--password', 'cli password 1', '--api-access'],
        io,
      ),
    ).toBe(0);
    expect(
      await runCli(['keys:create', '--email', email, '--name', 'ci', '--mode', 'test'], io),
    ).toBe(0);
    const key = out[out.length - 1];
    expect(key).toMatch(/^rs_test_/);
    const res = await request(server())
      .post('/v1/probe')
      .set('Authorization', `Bearer ${key}`)
      .send({});
    expect(res.status).toBe(200);
    expect(res.body.caller.mode).toBe('test');

    out.length = 0;
    expect(await runCli(['keys:create'], io)).toBe(2);
    expect(out.join('\n')).toMatch(/needs --email/);
    expect(out.join('\n')).toMatch(/Usage: npm run cli/);
    expect(await runCli(['nope'], io)).toBe(2);
    expect(await runCli(['keys:create', '--email', email, '--mode', 'prod'], io)).toBe(2);
    expect(await runCli(['access:revoke', '--email', uniqueEmail()], io)).toBe(1);
    expect(await runCli(['invites:create', '--api-access'], io)).toBe(0);
    expect(out[out.length - 1]).toMatch(/\/invite\//);
  });

  it('a CLI run is one Nest container, its database services included', async () => {
    const containers = jest.spyOn(NestFactory, 'createApplicationContext');
    try {
      const out: string[] = [];
      const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
      expect(await runCli(['accounts:list'], io)).toBe(0);
      expect(containers).toHaveBeenCalledTimes(1);
    } finally {
      containers.mockRestore();
    }
  });

  it('the CLI takes only e-mail addresses that can sign in, and still manages older accounts', async () => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (l: string) => err.push(l) };
    const accounts = t.app.get(AccountsService);
    const created = (email: string) =>
      runCli(['accounts:create', '--email', email, '--password', 'cli password 1'], io);

    expect(await created('ops-without-domain')).toBe(2);
    expect(err.join('\n')).toMatch(/--email must be an e-mail address[\s\S]*Usage:/);
    expect(await accounts.findByEmail('ops-without-domain')).toBeNull();
    expect(await runCli(['invites:create', '--email', 'nobody@', '--api-access'], io)).toBe(2);
    for (const command of ['access:grant', 'balance', 'keys:create']) {
      err.length = 0;
      expect(await runCli([command, '--email', 'no-such-address'], io)).toBe(2);
      expect(err.join('\n')).toMatch(/--email must be an e-mail address/);
    }

    // An account stored before the rule (by an older CLI) can still lose its API access.
    const legacy = `legacy-${Date.now()}`;
    await accounts.create({
      email: legacy,
      password: 'cli password 1',
      apiAccess: true,
      isAdmin: false,
    });
    expect(await runCli(['access:revoke', '--email', legacy], io)).toBe(0);
    expect((await accounts.findByEmail(legacy))?.apiAccess).toBe(false);
  });

  it('the CLI refuses to run on a database with pending migrations, and says how to fix it', async () => {
    const bare = await createTestDatabase({ empty: true });
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = bare.url;
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(`ERR ${l}`) };
    const create = [
      'accounts:create',
      '--email',
      uniqueEmail('bare'),
      '--password',
      'cli pw 12345',
    ];
    try {
      expect(await runCli(create, io)).toBe(1);
      expect(out.join('\n')).toMatch(/ERR The database has \d+ pending migration\(s\)/);
      expect(out.join('\n')).toMatch(/Run `npm run migrate` first/);
      // Checking changed nothing: not even TypeORM's migrations table was created.
      const db = await bare.connect();
      const tables = await db.query(
        `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      );
      await db.end();
      expect(tables.rows[0].n).toBe(0);

      expect(await runCli(['migrate'], io)).toBe(0);
      expect(await runCli(create, io)).toBe(0);
    } finally {
      process.env.DATABASE_URL = saved;
      await bare.drop();
    }
  });
});
