import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { expressMessageClasses } from './express-adapter';

/** An Express app on a server built with (or without) its message classes; closed afterwards. */
async function serve(
  withClasses: boolean,
  routes: (app: express.Express) => void,
): Promise<{ app: express.Express; server: http.Server; url: string }> {
  const app = express();
  routes(app);
  const server = withClasses
    ? http.createServer(expressMessageClasses(app), app)
    : http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { app, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe('expressMessageClasses', () => {
  it.each([
    [true, true],
    [false, false],
  ])(
    'with the classes (%s), requests and responses are born with the app prototypes: %s',
    async (withClasses, born) => {
      const seen: boolean[] = [];
      const { app, server, url } = await serve(withClasses, (a) => {
        a.get('/x', (_req, res) => res.json({ ok: true }));
      });
      // Before Express sees them (its own `request` listener comes after this one).
      server.prependListener('request', (req, res) => {
        seen.push(
          Object.getPrototypeOf(req) === app.request,
          Object.getPrototypeOf(res) === app.response,
        );
      });
      try {
        expect((await fetch(`${url}/x`)).status).toBe(200);
        expect(seen).toEqual([born, born]);
      } finally {
        await close(server);
      }
    },
  );

  it('keeps every Express request and response feature', async () => {
    const { app, server, url } = await serve(true, (a) => {
      a.set('trust proxy', 1);
      a.use(express.json());
      a.post('/echo/:id', (req, res) => {
        res
          .status(201)
          .set('x-id', req.params.id)
          .json({
            body: req.body as unknown,
            query: req.query,
            header: req.get('x-custom'),
            ip: req.ip,
            sameApp: req.app === a && res.app === a,
            isHttp: req instanceof http.IncomingMessage && res instanceof http.ServerResponse,
          });
      });
    });
    try {
      const res = await fetch(`${url}/echo/7?q=1`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-custom': 'yes',
          'x-forwarded-for': '203.0.113.9',
        },
        body: JSON.stringify({ a: 1 }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('x-id')).toBe('7');
      expect(await res.json()).toEqual({
        body: { a: 1 },
        query: { q: '1' },
        header: 'yes',
        ip: '203.0.113.9',
        sameApp: true,
        isHttp: true,
      });
      expect(Object.getPrototypeOf(Object.getPrototypeOf(app.request))).toBe(express.request);
    } finally {
      await close(server);
    }
  });
});
