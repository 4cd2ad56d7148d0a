import {
  createServer,
  request,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { requestIdMiddleware } from '../http/request-id';
import { loggablePath, REDACTED_PATHS, requestLogMiddleware } from './logger.options';

const INVITE_TOKEN = 'InviteTokenSECRET0123456789abcdefXYZ';
const RESET_TOKEN = 'ResetTokenSECRET0123456789abcdefXYZ';
const API_KEY = 'rs_live_SECRETSECRETSECRETSECRETSECRETSE123456';

describe('request logging', () => {
  const lines: Record<string, unknown>[] = [];
  const servers: Server[] = [];
  let raw: number;
  let viaExpress: number;
  let statuses: number;
  let warnOnly: number;

  const logMiddleware = (level = 'info') => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
    return requestLogMiddleware(logger);
  };

  const listen = async (handler: RequestListener): Promise<number> => {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };

  /** Sends one request and returns the log lines it produced. */
  const send = async (
    port: number,
    method: string,
    path: string,
    headers: Record<string, string> = {},
  ): Promise<Record<string, unknown>[]> => {
    const before = lines.length;
    await new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    return lines.slice(before);
  };

  beforeAll(async () => {
    const log = logMiddleware();
    raw = await listen((req, res) => {
      const expressLike = Object.assign(res, { locals: {} }) as never;
      requestIdMiddleware(req as never, expressLike, () => {
        log(req, res);
        res.statusCode = 204;
        res.end();
      });
    });

    // The app's shape: the logger first, routers mounted under a prefix (req.url is rewritten
    // inside them; originalUrl keeps the full target).
    const app = express();
    app.use(requestIdMiddleware);
    app.use(logMiddleware());
    const auth = express.Router();
    auth.get('/invites/:token', (_req, res) => {
      res.status(200).json({ state: 'unknown' });
    });
    app.use('/auth', auth);
    viaExpress = await listen(app);

    // Answers the status its path names; logs once through `req.log` while handling.
    const byStatus = (level: string) => {
      const logStatus = logMiddleware(level);
      return (req: IncomingMessage, res: ServerResponse) => {
        const expressLike = Object.assign(res, { locals: {} }) as never;
        requestIdMiddleware(req as never, expressLike, () => {
          logStatus(req, res);
          (req as IncomingMessage & { log: pino.Logger }).log.warn('while handling');
          res.statusCode = Number(req.url?.slice(1));
          res.end();
        });
      };
    };
    statuses = await listen(byStatus('info'));
    warnOnly = await listen(byStatus('warn'));
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it('writes one JSON line per request with id, method, path, status and duration, and no secrets', async () => {
    const logged = await send(raw, 'POST', '/v1/scan?x=1', {
      authorization: `Bearer ${API_KEY}`,
      cookie: 'rs_session=SESSIONSECRET',
      'x-request-id': 'client-req-0001',
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toEqual(
      expect.objectContaining({
        durationMs: expect.any(Number),
        msg: 'POST /v1/scan 204',
        req: expect.objectContaining({
          requestId: 'client-req-0001',
          method: 'POST',
          path: '/v1/scan',
        }),
        res: { statusCode: 204 },
      }),
    );
    const text = JSON.stringify(logged);
    expect(text).not.toContain('SECRETSECRET');
    expect(text).not.toContain('SESSIONSECRET');
    expect(text).not.toContain('x=1');
  });

  it('never logs the query string (a key sent as ?access_token=… stays out of the logs)', async () => {
    const logged = await send(raw, 'GET', `/v1/scan?access_token=${API_KEY}&x=1#frag`);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toEqual(
      expect.objectContaining({
        msg: 'GET /v1/scan 204',
        req: expect.objectContaining({ path: '/v1/scan' }),
      }),
    );
    expect(JSON.stringify(logged)).not.toContain('SECRETSECRET');
  });

  it('replaces invite and reset tokens in the path with a placeholder', async () => {
    const logged = [
      ...(await send(raw, 'GET', `/auth/invites/${INVITE_TOKEN}`)),
      ...(await send(raw, 'GET', `/AUTH/Invites/${INVITE_TOKEN}/?t=${RESET_TOKEN}`)),
      ...(await send(raw, 'GET', `/invite/${INVITE_TOKEN}`)),
      ...(await send(raw, 'GET', `/reset-password/${RESET_TOKEN}`)),
      ...(await send(raw, 'GET', `/auth/password-reset/${RESET_TOKEN}`)),
    ];
    expect(logged.map((line) => line.msg)).toEqual([
      'GET /auth/invites/:token 204',
      'GET /AUTH/Invites/:token/ 204',
      'GET /invite/:token 204',
      'GET /reset-password/:token 204',
      'GET /auth/password-reset/:token 204',
    ]);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('TokenSECRET');
  });

  it('masks the token of the real invite route behind a mounted router', async () => {
    const logged = await send(viaExpress, 'GET', `/auth/invites/${INVITE_TOKEN}?utm=1`);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toEqual(
      expect.objectContaining({
        msg: 'GET /auth/invites/:token 200',
        route: '/invites/:token',
        req: expect.objectContaining({ method: 'GET', path: '/auth/invites/:token' }),
        res: { statusCode: 200 },
      }),
    );
    expect(JSON.stringify(logged)).not.toContain('TokenSECRET');
  });

  it('loggablePath keeps ordinary paths and the reset routes without tokens', () => {
    expect(loggablePath('/auth/password-reset/request')).toBe('/auth/password-reset/request');
    expect(loggablePath('/auth/password-reset/confirm?token=abc')).toBe(
      '/auth/password-reset/confirm',
    );
    expect(loggablePath('/account/invites')).toBe('/account/invites');
    expect(loggablePath('/account/keys/0b1c')).toBe('/account/keys/0b1c');
    expect(loggablePath(`http://evil.example/auth/invites/${INVITE_TOKEN}?a=b`)).toBe(
      '/auth/invites/:token',
    );
    expect(loggablePath('http://user:pw@host')).toBe('/');
    expect(loggablePath(undefined)).toBe('/');
  });

  it('logs a 5xx at error, a 4xx at warn, a 2xx at info; once per request', async () => {
    const levels: Record<string, unknown>[] = [];
    for (const status of [200, 404, 503]) {
      const logged = await send(statuses, 'GET', `/${status}`, {
        'x-request-id': `req-level-${status}`,
      });
      expect(logged).toHaveLength(2);
      levels.push(logged[1]);
      expect(logged[1]).toEqual(
        expect.objectContaining({ msg: `GET /${status} ${status}`, res: { statusCode: status } }),
      );
    }
    expect(levels.map((line) => line.level)).toEqual([30, 40, 50]);
  });

  it('gives what is logged while handling a request its request id (req.log)', async () => {
    const logged = await send(statuses, 'GET', '/204', { 'x-request-id': 'req-inside-0001' });
    expect(logged[0]).toEqual(
      expect.objectContaining({ msg: 'while handling', requestId: 'req-inside-0001', level: 40 }),
    );
  });

  it('writes no line below the level', async () => {
    const logged = await send(warnOnly, 'GET', '/200');
    // Only the warning logged while handling: the 200's info line is below `warn`.
    expect(logged.map((line) => line.msg)).toEqual(['while handling']);
    const failed = await send(warnOnly, 'GET', '/500');
    expect(failed.map((line) => line.msg)).toEqual(['while handling', 'GET /500 500']);
  });
});
