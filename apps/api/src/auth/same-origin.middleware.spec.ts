import express from 'express';
import request from 'supertest';
import { requestIdMiddleware } from '../common/http/request-id';
import { sameOriginMiddleware } from './same-origin.middleware';

const PUBLIC_URL = 'http://localhost:3000';

describe('same-origin check on dashboard routes', () => {
  const app = express();
  app.use(requestIdMiddleware);
  app.use(['/auth', '/account'], sameOriginMiddleware([PUBLIC_URL]));
  app.post('/auth/sign-in', (_req, res) => {
    res.status(200).json({ ok: true });
  });
  app.get('/auth/session', (_req, res) => {
    res.status(200).json({ ok: true });
  });

  const post = (headers: Record<string, string>) => {
    const req = request(app).post('/auth/sign-in');
    for (const [name, value] of Object.entries(headers)) req.set(name, value);
    return req.send({});
  };

  it("accepts PUBLIC_URL's origin, and clients that send neither Origin nor Sec-Fetch-Site", async () => {
    expect((await post({ Origin: PUBLIC_URL, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await post({})).status).toBe(200);
    expect(
      (await request(app).get('/auth/session').set('Origin', 'https://evil.example')).status,
    ).toBe(200);
  });

  it('accepts the origin the browser addressed through the dashboard proxy (X-Forwarded-Host)', async () => {
    // The dashboard opened at 127.0.0.1:3000 while PUBLIC_URL says localhost:3000; Next's
    // rewrite proxy sends the API's own address as Host.
    const viaProxy = await post({
      Host: '127.0.0.1:4000',
      'X-Forwarded-Host': '127.0.0.1:3000',
      Origin: 'http://127.0.0.1:3000',
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(viaProxy.status).toBe(200);
    // Behind a TLS-terminating load balancer that sets X-Forwarded-Proto.
    const behindTls = await post({
      Host: 'api:4000',
      'X-Forwarded-Host': 'dash.example.com',
      'X-Forwarded-Proto': 'https',
      Origin: 'https://dash.example.com',
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(behindTls.status).toBe(200);
  });

  it('still refuses cross-site requests, whatever the forwarded headers say', async () => {
    const cases: Record<string, string>[] = [
      // another site's page posting through the proxy: Origin is not the forwarded host
      { 'X-Forwarded-Host': '127.0.0.1:3000', Origin: 'https://evil.example' },
      // a forwarded host equal to the attacker's origin does not beat Sec-Fetch-Site
      {
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proto': 'https',
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
      },
      { 'X-Forwarded-Host': '127.0.0.1:3000', 'Sec-Fetch-Site': 'same-site' },
      // the scheme must match too
      { 'X-Forwarded-Host': '127.0.0.1:3000', Origin: 'https://127.0.0.1:3000' },
      // a list or anything but one host[:port] is not trusted
      { 'X-Forwarded-Host': 'evil.example, 127.0.0.1:3000', Origin: 'http://evil.example' },
      { 'X-Forwarded-Host': 'evil.example/x', Origin: 'http://evil.example' },
      {
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proto': 'ftp',
        Origin: 'ftp://evil.example',
      },
      { Origin: 'null' },
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of cases) {
      const res = await post({ Host: '127.0.0.1:4000', ...headers });
      expect({ headers, status: res.status }).toEqual({ headers, status: 403 });
      expect(res.body.error.code).toBe('forbidden');
    }
  });
});
