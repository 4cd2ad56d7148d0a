import { readFileSync } from 'node:fs';
import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { EgressGuard, readBody, type ResolveHost } from './egress-guard';
import { EgressPolicy } from './egress-policy';
import {
  EgressAbortedError,
  EgressBodyTooLargeError,
  EgressRedirectError,
  EgressRefusedError,
  EgressTimeoutError,
} from './egress.errors';
import { failure as failureOf } from '../../test/support/failures';

/** A real HTTP listener that records every connection and request it gets. */
interface Listener {
  port: number;
  host: string;
  connections: number;
  requests: { url: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

async function listen(
  host: string,
  handler: Handler,
  port = 0,
  server?: Server,
): Promise<Listener> {
  const sockets = new Set<Socket>();
  const target = server ?? createServer();
  const listener: Listener = {
    port: 0,
    host,
    connections: 0,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        target.close(() => resolve());
      }),
  };
  target.on('connection', (socket: Socket) => {
    listener.connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  target.on('secureConnection', () => undefined);
  target.on('request', (request: IncomingMessage, response: ServerResponse) => {
    listener.requests.push({ url: request.url ?? '', headers: request.headers });
    handler(request, response);
  });
  await new Promise<void>((resolve) => target.listen(port, host, resolve));
  listener.port = (target.address() as AddressInfo).port;
  return listener;
}

const ok: Handler = (_request, response) => response.end('hello');

/** A resolver that answers from a table, and counts its lookups. */
function resolver(table: Record<string, string[] | (() => string[])>) {
  const lookups: string[] = [];
  const resolve: ResolveHost = async (hostname) => {
    lookups.push(hostname);
    const entry = table[hostname];
    if (entry === undefined) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    const addresses = typeof entry === 'function' ? entry() : entry;
    return addresses.map((address): LookupAddress => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
  };
  return { resolve, lookups };
}

const failure = (promise: Promise<unknown>) => failureOf<Error>(promise, { type: null });

describe('EgressGuard (real sockets)', () => {
  let listeners: Listener[] = [];
  const track = (listener: Listener) => {
    listeners.push(listener);
    return listener;
  };
  afterEach(async () => {
    await Promise.all(listeners.map((listener) => listener.close()));
    listeners = [];
  });

  describe('refuses a host name that resolves to a non-public address, without connecting', () => {
    it.each([
      ['127.0.0.1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['169.254.169.254', 'link-local'],
      ['::1', 'loopback'],
      ['::ffff:127.0.0.1', 'ipv4-mapped:loopback'],
      ['100.64.0.1', 'shared-address-space'],
      ['64:ff9b::a00:1', 'nat64:private'],
      ['2002:7f00:1::', '6to4'],
      ['224.0.0.1', 'multicast'],
      ['192.0.2.10', 'documentation'],
    ])('%s (%s)', async (address, range) => {
      const listener = track(await listen('127.0.0.1', ok));
      const dns = resolver({ 'cdn.example': [address] });
      const guard = new EgressGuard(EgressPolicy.strict(), { resolveHost: dns.resolve });
      const error = await failure(
        guard.request(`https://cdn.example/video.mp4`, { timeoutMs: 2_000 }),
      );
      expect(error).toBeInstanceOf(EgressRefusedError);
      expect((error as EgressRefusedError).reason).toContain(range);
      expect((error as EgressRefusedError).host).toBe('cdn.example');
      expect(listener.connections).toBe(0);
    });

    it('a host with one public and one private address', async () => {
      const dns = resolver({ 'cdn.example': ['8.8.8.8', '127.0.0.1'] });
      const guard = new EgressGuard(EgressPolicy.strict(), { resolveHost: dns.resolve });
      const error = await failure(guard.request('https://cdn.example/', { timeoutMs: 2_000 }));
      expect((error as EgressRefusedError).address).toBe('127.0.0.1');
    });

    it('localhost through the system resolver', async () => {
      const listener = track(await listen('127.0.0.1', ok));
      const guard = new EgressGuard();
      const error = await failure(
        guard.request(`http://localhost:${listener.port}/`, { timeoutMs: 2_000 }),
      );
      expect(error).toBeInstanceOf(EgressRefusedError);
      expect(listener.connections).toBe(0);
    });
  });

  it.each([
    ['decimal', (port: number) => `http://2130706433:${port}/`],
    ['octal', (port: number) => `http://0177.0.0.1:${port}/`],
    ['hex', (port: number) => `http://0x7f000001:${port}/`],
    ['dotted hex', (port: number) => `http://0x7f.0x0.0x0.0x1:${port}/`],
    ['short', (port: number) => `http://127.1:${port}/`],
    ['IPv4-mapped IPv6 literal', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ['IPv6 loopback literal', (port: number) => `http://[::1]:${port}/`],
  ])('refuses the %s form of a loopback address without a lookup', async (_form, url) => {
    const listener = track(await listen('127.0.0.1', ok));
    const dns = resolver({});
    const guard = new EgressGuard(EgressPolicy.strict(), { resolveHost: dns.resolve });
    const error = await failure(guard.request(url(listener.port), { timeoutMs: 2_000 }));
    expect(error).toBeInstanceOf(EgressRefusedError);
    expect(dns.lookups).toEqual([]);
    expect(listener.connections).toBe(0);
  });

  it.each([
    ['ftp://cdn.example/file', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['https://user:secret@cdn.example/', 'credentials'],
    ['https://cdn.example:8443/', 'port 8443'],
  ])('refuses %s before any lookup', async (url, reason) => {
    const dns = resolver({ 'cdn.example': ['8.8.8.8'] });
    const guard = new EgressGuard(EgressPolicy.strict(), { resolveHost: dns.resolve });
    const error = await failure(guard.request(url, { timeoutMs: 1_000 }));
    expect(error).toBeInstanceOf(EgressRefusedError);
    expect((error as EgressRefusedError).reason).toContain(reason);
    // The port rule needs the address (an allowed private host may use any port).
    if (reason !== 'port 8443') expect(dns.lookups).toEqual([]);
  });

  it('refuses a redirect to a private host at the hop, and never requests it', async () => {
    const inside = track(await listen('127.0.0.1', ok));
    const outside = track(
      await listen('127.0.0.1', (_request, response) => {
        response.writeHead(302, { location: `http://internal.test:${inside.port}/secret` });
        response.end();
      }),
    );
    // cdn.test stands for a public host: the allowance lets the guard reach it on loopback.
    const dns = resolver({ 'cdn.test': ['127.0.0.1'], 'internal.test': ['127.0.0.1'] });
    const guard = new EgressGuard(EgressPolicy.fromSetting('cdn.test'), {
      resolveHost: dns.resolve,
    });
    const error = await failure(
      guard.request(`http://cdn.test:${outside.port}/start`, { timeoutMs: 2_000, maxRedirects: 3 }),
    );
    expect(error).toBeInstanceOf(EgressRefusedError);
    expect((error as EgressRefusedError).host).toBe(`internal.test:${inside.port}`);
    expect(outside.requests.map((request) => request.url)).toEqual(['/start']);
    expect(inside.connections).toBe(0);
  });

  it('refuses a redirect to an IP literal in the metadata range', async () => {
    const outside = track(
      await listen('127.0.0.1', (_request, response) => {
        response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
      }),
    );
    const dns = resolver({ 'cdn.test': ['127.0.0.1'] });
    const guard = new EgressGuard(EgressPolicy.fromSetting('cdn.test'), {
      resolveHost: dns.resolve,
    });
    const error = await failure(
      guard.request(`http://cdn.test:${outside.port}/`, { timeoutMs: 2_000, maxRedirects: 3 }),
    );
    expect((error as EgressRefusedError).reason).toContain('link-local');
  });

  it('follows allowed redirects, checking and resolving each hop', async () => {
    const final = track(await listen('127.0.0.1', ok));
    const first = track(
      await listen('127.0.0.1', (_request, response) => {
        response.writeHead(307, { location: `http://cdn2.test:${final.port}/file` });
        response.end();
      }),
    );
    const dns = resolver({ 'cdn1.test': ['127.0.0.1'], 'cdn2.test': ['127.0.0.1'] });
    const guard = new EgressGuard(EgressPolicy.fromSetting('cdn1.test,cdn2.test'), {
      resolveHost: dns.resolve,
    });
    const response = await guard.request(`http://cdn1.test:${first.port}/`, {
      timeoutMs: 2_000,
      maxRedirects: 2,
      originHeaders: { cookie: 'tt_chain_token=abc' },
    });
    expect(response.status).toBe(200);
    expect(response.url.host).toBe(`cdn2.test:${final.port}`);
    expect((await readBody(response, 100)).toString()).toBe('hello');
    expect(dns.lookups).toEqual(['cdn1.test', 'cdn2.test']);
    // The cookie went to its own host only.
    expect(first.requests[0].headers.cookie).toBe('tt_chain_token=abc');
    expect(final.requests[0].headers.cookie).toBeUndefined();
    expect(final.requests[0].headers.host).toBe(`cdn2.test:${final.port}`);
  });

  it('stops after maxRedirects', async () => {
    const loop = track(
      await listen('127.0.0.1', (_request, response) => {
        response.writeHead(302, { location: '/again' });
        response.end();
      }),
    );
    const guard = new EgressGuard(EgressPolicy.fromSetting('127.0.0.1'));
    const error = await failure(
      guard.request(`http://127.0.0.1:${loop.port}/`, { timeoutMs: 2_000, maxRedirects: 2 }),
    );
    expect(error).toBeInstanceOf(EgressRedirectError);
    expect(error.message).toContain('more than 2 redirects');
    expect(loop.requests).toHaveLength(3);
  });

  it('connects to the address it checked when DNS answers differently the second time (rebinding)', async () => {
    // The same port on two loopback addresses: 127.0.0.2 is allowed, 127.0.0.1 is not.
    const forbidden = track(
      await listen('127.0.0.1', (_request, response) => response.end('inside')),
    );
    const checked = track(
      await listen('127.0.0.2', (_request, response) => response.end('checked'), forbidden.port),
    );
    let answers = 0;
    const dns = resolver({
      'rebind.test': () => (answers++ === 0 ? ['127.0.0.2'] : ['127.0.0.1']),
    });
    const guard = new EgressGuard(EgressPolicy.fromSetting('127.0.0.2/32'), {
      resolveHost: dns.resolve,
    });
    const response = await guard.request(`http://rebind.test:${checked.port}/`, {
      timeoutMs: 2_000,
    });
    expect((await readBody(response, 100)).toString()).toBe('checked');
    expect(response.address).toBe('127.0.0.2');
    expect(dns.lookups).toEqual(['rebind.test']);
    expect(forbidden.connections).toBe(0);

    // The next request resolves again, gets the private answer, and is refused.
    const error = await failure(
      guard.request(`http://rebind.test:${checked.port}/`, { timeoutMs: 2_000 }),
    );
    expect((error as EgressRefusedError).address).toBe('127.0.0.1');
    expect(forbidden.connections).toBe(0);
  });

  it('falls back to the next checked address when the first cannot be reached, never to another', async () => {
    const listener = track(await listen('127.0.0.1', ok));
    // Nothing listens on 127.0.0.3 at that port: the connect is refused and the next one is tried.
    const dns = resolver({ 'dual.test': ['127.0.0.3', '127.0.0.1'] });
    const guard = new EgressGuard(EgressPolicy.fromSetting('127.0.0.0/8'), {
      resolveHost: dns.resolve,
    });
    const response = await guard.request(`http://dual.test:${listener.port}/`, {
      timeoutMs: 5_000,
    });
    expect((await readBody(response, 100)).toString()).toBe('hello');
    expect(response.address).toBe('127.0.0.1');
    expect(dns.lookups).toEqual(['dual.test']);
  });

  it('allows a host named in the allowance and a range that holds its address', async () => {
    const listener = track(await listen('127.0.0.1', ok));
    const byName = new EgressGuard(EgressPolicy.fromSetting('media.internal'), {
      resolveHost: resolver({ 'media.internal': ['127.0.0.1'] }).resolve,
    });
    const byRange = new EgressGuard(EgressPolicy.fromSetting('10.0.0.0/8, 127.0.0.0/8'), {
      resolveHost: resolver({ 'other.internal': ['127.0.0.1'] }).resolve,
    });
    for (const [guard, host] of [
      [byName, 'media.internal'],
      [byRange, 'other.internal'],
    ] as const) {
      const response = await guard.request(`http://${host}:${listener.port}/`, {
        timeoutMs: 2_000,
      });
      expect(response.status).toBe(200);
      response.discard();
    }
    expect(listener.requests).toHaveLength(2);
  });

  it('verifies TLS against the host name while connecting to the pinned address', async () => {
    const dir = join(__dirname, '../../test/fakes/tls');
    const cert = readFileSync(join(dir, 'media-test.crt'));
    const server = createTlsServer({ cert, key: readFileSync(join(dir, 'media-test.key')) });
    const listener = track(await listen('127.0.0.1', ok, 0, server as unknown as Server));
    const dns = resolver({ 'media.test': ['127.0.0.1'], 'wrong.test': ['127.0.0.1'] });
    const guard = new EgressGuard(EgressPolicy.fromSetting('127.0.0.1'), {
      resolveHost: dns.resolve,
      ca: cert,
    });
    const response = await guard.request(`https://media.test:${listener.port}/`, {
      timeoutMs: 2_000,
    });
    expect((await readBody(response, 100)).toString()).toBe('hello');
    const error = await failure(
      guard.request(`https://wrong.test:${listener.port}/`, { timeoutMs: 2_000 }),
    );
    expect((error as NodeJS.ErrnoException).code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(listener.requests).toHaveLength(1);
  });

  describe('bounded', () => {
    it('times out a server that never answers', async () => {
      const listener = track(await listen('127.0.0.1', () => undefined));
      const guard = new EgressGuard(EgressPolicy.fromSetting('127.0.0.1'));
      const error = await failure(
        guard.request(`http://127.0.0.1:${listener.port}/`, { timeoutMs: 200 }),
      );
      expect(error).toBeInstanceOf(EgressTimeoutError);
    });

    it("ends when the caller's signal fires", async () => {
      const listener = track(await listen('127.0.0.1', () => undefined));
      const guard = new EgressGuard(EgressPolicy.fromSetting('127.0.0.1'));
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const error = await failure(
        guard.request(`http://127.0.0.1:${listener.port}/`, {
          timeoutMs: 30_000,
          signal: controller.signal,
        }),
      );
      expect(error).toBeInstanceOf(EgressAbortedError);
    });

    it('caps what readBody reads, declared or not', async () => {
      const listener = track(
        await listen('127.0.0.1', (request, response) => {
          if (request.url === '/declared') response.setHeader('content-length', '5000');
          response.end('x'.repeat(5000));
        }),
      );
      const guard = new EgressGuard(EgressPolicy.fromSetting('127.0.0.1'));
      for (const path of ['/declared', '/chunked']) {
        const response = await guard.request(`http://127.0.0.1:${listener.port}${path}`, {
          timeoutMs: 2_000,
        });
        expect(await failure(readBody(response, 1000))).toBeInstanceOf(EgressBodyTooLargeError);
      }
    });

    it('sends a POST body and never follows its redirect', async () => {
      const listener = track(
        await listen('127.0.0.1', (request, response) => {
          let body = '';
          request.on('data', (chunk: Buffer) => (body += chunk.toString()));
          request.on('end', () => {
            response.writeHead(302, { location: '/elsewhere', 'x-echo': body });
            response.end();
          });
        }),
      );
      const guard = new EgressGuard(EgressPolicy.fromSetting('127.0.0.1'));
      const response = await guard.request(`http://127.0.0.1:${listener.port}/hook`, {
        method: 'POST',
        body: '{"type":"job.succeeded"}',
        headers: { 'content-type': 'application/json' },
        timeoutMs: 2_000,
        maxRedirects: 3,
      });
      expect(response.status).toBe(302);
      expect(response.header('x-echo')).toBe('{"type":"job.succeeded"}');
      response.discard();
      expect(listener.requests).toHaveLength(1);
    });
  });
});

describe('EgressPolicy', () => {
  it('refuses a setting entry that is neither a host nor a range', () => {
    expect(() => EgressPolicy.fromSetting('ok.test, 10.0.0.0/33')).toThrow(
      /"10.0.0.0\/33" is neither/,
    );
    expect(() => EgressPolicy.fromSetting('http://x.test')).toThrow(/neither/);
  });

  it('lists its allowances (for the start-up warning)', () => {
    expect(EgressPolicy.fromSetting(' Media.Internal., 10.0.0.0/8 ,').allowances).toEqual([
      'media.internal',
      '10.0.0.0/8',
    ]);
    expect(EgressPolicy.fromSetting('').allowances).toEqual([]);
  });

  it('lets an allowed destination use any port, a public one only the default', () => {
    const policy = EgressPolicy.fromSetting('10.0.0.0/8');
    expect(() =>
      policy.checkAddress(new URL('http://a.test:5432/'), 'a.test', '10.1.1.1'),
    ).not.toThrow();
    expect(() => policy.checkAddress(new URL('http://a.test:5432/'), 'a.test', '8.8.8.8')).toThrow(
      /port 5432/,
    );
    expect(() =>
      policy.checkAddress(new URL('https://a.test/'), 'a.test', '8.8.8.8'),
    ).not.toThrow();
    expect(() =>
      policy.checkAddress(new URL('https://a.test:443/'), 'a.test', '8.8.8.8'),
    ).not.toThrow();
  });
});
