import type { INestApplication } from '@nestjs/common';
import { generateApiKey } from '@reelscout/domain';
import request from 'supertest';
import { ApiKeysService } from '../../src/api-keys/api-keys.service';
import { Clock } from '../../src/common/clock/clock';
import { createAccount, createKey } from './fixtures';

export interface ProtectedRoute {
  method: 'post';
  path: string;
  /** A body that would be accepted with a good key. */
  body: Record<string, unknown>;
}

/**
 * The shared security suite (STYLE §12): run it inside a describe() of any /v1 route.
 * Every credential failure → 401 with one identical body (but the requestId), an expired key
 * and a rolled key past its grace period included,
 * `WWW-Authenticate: Bearer` and no RateLimit-* (no key to count against) — a key sent anywhere
 * but the Authorization header (`?access_token=`, a body field) is such a failure; an account
 * without access → 403; a bad x-subject → 400; both with the key's RateLimit-* headers.
 * `extra` lets a caller assert more about each refused request (e.g. nothing was charged).
 */
export function securitySuite(
  getApp: () => INestApplication,
  route: ProtectedRoute,
  extra: { afterRefusal?: (res: request.Response) => Promise<void> | void } = {},
): void {
  const send = (
    headers: Record<string, string>,
    options: { query?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) => {
    let req = request(getApp().getHttpServer())[route.method](route.path);
    if (options.query) req = req.query(options.query);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    return req.send(options.body ?? route.body);
  };

  /** A refusal of a known key carries that key's RateLimit-* (the per-key counter). */
  const expectRateLimitHeaders = (res: request.Response) => {
    expect(Number(res.headers['ratelimit-limit'])).toBeGreaterThan(0);
    expect(res.headers['ratelimit-remaining']).toMatch(/^\d+$/);
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
  };

  const strip = (body: { error: Record<string, unknown> }) => {
    const { requestId, ...rest } = body.error;
    expect(typeof requestId).toBe('string');
    return rest;
  };

  it(`${route.path}: every credential failure is the same 401`, async () => {
    const app = getApp();
    const owner = await createAccount(app, { apiAccess: true });
    const revoked = await createKey(app, owner.id);
    await app.get(ApiKeysService).revoke(owner.id, revoked.id);
    const valid = await createKey(app, owner.id);
    const badChecksum = valid.key.slice(0, -1) + (valid.key.endsWith('A') ? 'B' : 'A');

    const cases: Record<string, Parameters<typeof send>> = {
      'no header': [{}],
      'wrong scheme': [{ Authorization: `Basic ${valid.key}` }],
      'empty bearer': [{ Authorization: 'Bearer ' }],
      'bad format': [{ Authorization: 'Bearer not-a-key' }],
      'bad checksum': [{ Authorization: `Bearer ${badChecksum}` }],
      'unknown key': [{ Authorization: `Bearer ${generateApiKey('test')}` }],
      'revoked key': [{ Authorization: `Bearer ${revoked.key}` }],
      // Keys come from the Authorization header only: never from the URL or the body.
      'valid key in the query string': [{}, { query: { access_token: valid.key } }],
      'valid key in the body': [{}, { body: { ...route.body, access_token: valid.key } }],
      'valid header and a key in the query string': [
        { Authorization: `Bearer ${valid.key}` },
        { query: { access_token: valid.key } },
      ],
    };
    const bodies: unknown[] = [];
    for (const [label, args] of Object.entries(cases)) {
      const res = await send(...args);
      expect({ label, status: res.status }).toEqual({ label, status: 401 });
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body.error.code).toBe('unauthorized');
      expect({ label, rateLimit: res.headers['ratelimit-limit'] }).toEqual({
        label,
        rateLimit: undefined,
      });
      bodies.push(strip(res.body));
      await extra.afterRefusal?.(res);
    }
    // Key controls: a key at its expiry instant, and a rolled key past its grace, are refused
    // with the same 401 (judged by the injected clock, which moves here instead of sleeping).
    const keys = app.get(ApiKeysService);
    const hourLater = new Date(Date.now() + 3_600_000);
    const expiring = await keys.create(owner.id, {
      name: 'expiring',
      mode: 'test',
      expiresAt: hourLater,
    });
    const rolled = await createKey(app, owner.id);
    await keys.roll(owner.id, rolled.id, 3_600);
    const clock = app.get(Clock);
    // Past both: the expiry, and the grace that began (a moment after hourLater was computed).
    clock.set(new Date(Date.now() + 2 * 3_600_000));
    try {
      for (const [label, key] of [
        ['expired key', expiring.key],
        ['rolled key past its grace', rolled.key],
      ]) {
        const res = await send({ Authorization: `Bearer ${key}` });
        expect({ label, status: res.status }).toEqual({ label, status: 401 });
        expect(res.headers['www-authenticate']).toBe('Bearer');
        expect({ label, rateLimit: res.headers['ratelimit-limit'] }).toEqual({
          label,
          rateLimit: undefined,
        });
        bodies.push(strip(res.body));
        await extra.afterRefusal?.(res);
      }
    } finally {
      clock.set(null);
    }
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });

  it(`${route.path}: an account without API access gets 403, also for keys made before`, async () => {
    const app = getApp();
    const never = await createAccount(app, { apiAccess: false });
    const neverKey = await createKey(app, never.id);
    const res = await send({ Authorization: `Bearer ${neverKey.key}` });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expectRateLimitHeaders(res);
    await extra.afterRefusal?.(res);
  });

  it(`${route.path}: a bad x-subject is 400 with param x-subject`, async () => {
    const app = getApp();
    const owner = await createAccount(app, { apiAccess: true });
    const key = await createKey(app, owner.id);
    for (const subject of ['has space', 'x'.repeat(129), 'semi;colon', 'ünicode']) {
      const res = await send({ Authorization: `Bearer ${key.key}`, 'x-subject': subject });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(
        expect.objectContaining({ code: 'invalid_request', param: 'x-subject' }),
      );
      expectRateLimitHeaders(res);
      await extra.afterRefusal?.(res);
    }
  });
}
