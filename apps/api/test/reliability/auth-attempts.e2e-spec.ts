import request from 'supertest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Threat: stepping around the per-IP ceiling of sign-in attempts by spelling. Express routes
 * paths case-insensitively and with or without a trailing slash (kept on purpose, see
 * common/http/express-adapter.ts), and the ceiling used to be chosen by comparing the URL's text
 * with four exact strings, so `POST /auth/Sign-In/` reached the handler uncounted. The ceiling is
 * now a guard on the four route handlers: every spelling that reaches one counts, in one window
 * shared by all four routes. Each test is its own client (X-Forwarded-For, one trusted hop), so
 * it starts with a fresh window.
 */
describe('auth attempts count under every spelling Express routes (e2e)', () => {
  const LIMIT = 4;
  let t: TestApp;
  let client = 0;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        AUTH_RATE_LIMIT_PER_MIN: String(LIMIT),
        DASHBOARD_RATE_LIMIT_PER_MIN: '100000',
        TRUST_PROXY_HOPS: '1',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Posts each (path, body) in turn as one new client; the statuses, in order. */
  async function attempts(calls: [string, object][]): Promise<number[]> {
    const ip = `198.51.100.${++client}`;
    const statuses: number[] = [];
    for (const [path, body] of calls) {
      const res = await request(t.app.getHttpServer())
        .post(path)
        .set('X-Forwarded-For', ip)
        .send(body);
      statuses.push(res.status);
    }
    return statuses;
  }

  let emails = 0;
  /** A wrong password for an e-mail of its own (the per-e-mail slow-down stays out of it). */
  const wrong = () => ({ email: `nobody${++emails}@example.test`, password: 'wrong password 1' });

  it('sign-in: case and trailing-slash spellings reach the handler, and each one counts', async () => {
    const spellings = [
      '/auth/sign-in',
      '/auth/Sign-In/',
      '/AUTH/SIGN-IN',
      '/auth/sign-in/?next=%2F',
      '/Auth/sign-IN/',
      '/auth/sign-in',
    ];
    expect(await attempts(spellings.map((path) => [path, wrong()]))).toEqual([
      401, 401, 401, 401, 429, 429,
    ]);
  });

  it('sign-up and both password-reset routes share the one window, whatever their spelling', async () => {
    const statuses = await attempts([
      ['/auth/password-reset/Request/', { email: 'nobody@example.test' }],
      ['/AUTH/PASSWORD-RESET/CONFIRM', { token: 'x'.repeat(43), password: 'new password 12' }],
      [
        '/auth/Sign-Up/',
        { token: 'x'.repeat(43), email: 'n@example.test', password: 'pw 123456789' },
      ],
      ['/auth/SIGN-IN/', wrong()],
      ['/auth/password-reset/request', { email: 'nobody@example.test' }],
      ['/Auth/Password-Reset/Confirm/', { token: 'x'.repeat(43), password: 'new password 12' }],
    ]);
    // Each route's own answer while under the ceiling (so the handler was reached), then 429.
    expect(statuses).toEqual([202, 400, 400, 401, 429, 429]);
  });

  it('other dashboard routes do not count as attempts', async () => {
    const ip = `198.51.100.${++client}`;
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await request(t.app.getHttpServer())
        .get('/Auth/Session/')
        .set('X-Forwarded-For', ip);
      expect(res.status).toBe(200);
    }
    const res = await request(t.app.getHttpServer())
      .post('/auth/sign-in')
      .set('X-Forwarded-For', ip)
      .send(wrong());
    expect(res.status).toBe(401);
  });
});
