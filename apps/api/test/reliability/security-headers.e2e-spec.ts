import request from 'supertest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Threat: thin security headers. The API sent no hardening headers, so a JSON answer opened in a
 * browser could be sniffed as another type, framed, or leak its URL as a referrer. Every answer
 * now carries helmet's headers suited to a JSON API (errors and 404s too), HSTS only when the
 * request came over https, and the one HTML page (Swagger UI at /docs) a policy of its own.
 */
describe('API security headers (e2e)', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY_HOPS: '1' },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const JSON_POLICY = "default-src 'none';frame-ancestors 'none'";

  it('every answer: nosniff, no referrer, no framing, a policy that loads nothing, no X-Powered-By', async () => {
    const answers = [
      await request(server()).get('/health'),
      await request(server()).get('/v1/no-such-route'),
      await request(server()).post('/v1/assist').send({ message: 'hi' }),
      await request(server()).get('/auth/session'),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 404, 401, 200]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
        'content-security-policy': JSON_POLICY,
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(res.headers['x-powered-by']).toBeUndefined();
      // Plain http: no HSTS (a browser would then refuse a local http API).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS when the request came over https (as the trusted proxy says)', async () => {
    const res = await request(server()).get('/health').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('Swagger UI at /docs gets its own policy: scripts from the API only, never framed', async () => {
    const page = await request(server()).get('/docs');
    expect(page.status).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // The scripts the page names are served from /docs itself.
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await request(server()).get(new URL(src, 'http://api.local/docs').pathname);
      expect([src, script.status]).toEqual([src, 200]);
    }
  });
});
