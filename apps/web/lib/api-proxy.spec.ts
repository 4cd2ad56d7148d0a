import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyToApi } from './api-proxy';

/**
 * The dashboard's proxy against a local HTTP server standing in for the API: what it forwards,
 * what it strips, and what it sends back (the browser tests drive it with the real API).
 */
describe('proxyToApi', () => {
  let server: http.Server;
  let seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string };
  const saved = { ...process.env };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen = {
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        if (req.url?.startsWith('/account/media')) {
          // A ranged read of a 10-byte file, as the media routes answer it.
          res.writeHead(206, {
            'content-type': 'video/mp4',
            'content-range': 'bytes 2-5/10',
            'content-length': '4',
            'accept-ranges': 'bytes',
          });
          res.end('2345');
          return;
        }
        if (req.url === '/auth/none') {
          res.writeHead(204);
          res.end();
          return;
        }
        res.writeHead(201, {
          'content-type': 'application/json',
          'set-cookie': ['rs_session=abc; HttpOnly; Path=/', 'rs_hint=1; Path=/'],
          connection: 'close',
          'x-request-id': 'req_1',
        });
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.API_INTERNAL_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    process.env = saved;
    await new Promise((resolve) => server.close(resolve));
  });

  it('forwards method, path, query, body and headers, minus Host and the hop-by-hop ones', async () => {
    const request = new Request('http://localhost:3000/account/keys?limit=5&x=a%2Fb', {
      method: 'POST',
      headers: {
        cookie: 'rs_session=abc',
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'x-forwarded-host': 'localhost:3000',
        'x-forwarded-for': '203.0.113.9',
        'proxy-authorization': 'Basic c2VjcmV0',
        'accept-encoding': 'gzip, br',
      },
      body: '{"label":"ci"}',
    });
    const response = await proxyToApi(request, '/account/keys');
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/account/keys?limit=5&x=a%2Fb');
    expect(seen.body).toBe('{"label":"ci"}');
    expect(seen.headers.cookie).toBe('rs_session=abc');
    expect(seen.headers.origin).toBe('http://localhost:3000');
    expect(seen.headers['x-forwarded-host']).toBe('localhost:3000');
    expect(seen.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(seen.headers.host).toBe(new URL(process.env.API_INTERNAL_URL!).host);
    expect(seen.headers['proxy-authorization']).toBeUndefined();
    // No decoding in between: the body comes back byte for byte.
    expect(seen.headers['accept-encoding']).toBe('identity');

    expect(response.status).toBe(201);
    expect(await response.text()).toBe('{"ok":true}');
    expect(response.headers.getSetCookie()).toEqual([
      'rs_session=abc; HttpOnly; Path=/',
      'rs_hint=1; Path=/',
    ]);
    expect(response.headers.get('x-request-id')).toBe('req_1');
    expect(response.headers.get('connection')).toBeNull();
  });

  it('passes a ranged read through: 206, Content-Range and the bytes', async () => {
    const response = await proxyToApi(
      new Request('http://localhost:3000/account/media/video', { headers: { range: 'bytes=2-5' } }),
      '/account/media/video',
    );
    expect(seen.headers.range).toBe('bytes=2-5');
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(response.headers.get('content-length')).toBe('4');
    expect(await response.text()).toBe('2345');
  });

  it('answers HEAD and 204 without a body', async () => {
    const head = await proxyToApi(
      new Request('http://localhost:3000/account/keys', { method: 'HEAD' }),
      '/account/keys',
    );
    expect(seen.method).toBe('HEAD');
    expect(head.body).toBeNull();
    const none = await proxyToApi(new Request('http://localhost:3000/auth/none'), '/auth/none');
    expect(none.status).toBe(204);
    expect(none.body).toBeNull();
  });

  it('answers 502 with an error body when the API is not reachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const previous = process.env.API_INTERNAL_URL;
    process.env.API_INTERNAL_URL = `http://127.0.0.1:${port}`;
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const response = await proxyToApi(new Request('http://localhost:3000/api-health'), '/health');
      expect(response.status).toBe(502);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('internal_error');
      expect(body.error.message).toMatch(/not reachable/);
      expect(String(write.mock.calls[0]?.[0])).toMatch(/GET \/health: the API is not reachable/);
    } finally {
      write.mockRestore();
      process.env.API_INTERNAL_URL = previous;
    }
  });

  it('reads the API address at run time (API_INTERNAL_URL, else API_PORT)', async () => {
    const previous = process.env.API_INTERNAL_URL;
    delete process.env.API_INTERNAL_URL;
    process.env.API_PORT = String((server.address() as AddressInfo).port);
    try {
      const response = await proxyToApi(new Request('http://localhost:3000/auth/x'), '/auth/x');
      expect(response.status).toBe(201);
      expect(seen.url).toBe('/auth/x');
    } finally {
      process.env.API_INTERNAL_URL = previous;
    }
  });
});
