import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EgressGuard, type ResolveHost } from './egress-guard';
import { EgressPolicy } from './egress-policy';
import { EgressRefusedError } from './egress.errors';

/**
 * `allowLoopback`: the one per-request widening (test-mode webhooks on a developer's machine).
 * It lets loopback through on any port, and nothing else that the strict policy refuses.
 */
const resolveTo =
  (table: Record<string, string[]>): ResolveHost =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
  };

async function refusal(promise: Promise<unknown>): Promise<EgressRefusedError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(EgressRefusedError);
    return error as EgressRefusedError;
  }
  throw new Error('expected a refusal');
}

describe('EgressPolicy allowLoopback', () => {
  const policy = EgressPolicy.strict();

  it.each(['http://127.0.0.1:3000/hook', 'http://127.5.6.7/hook', 'http://[::1]:8080/hook'])(
    'allows the loopback address in %s on any port',
    (url) => {
      expect(() => policy.checkUrl(new URL(url), { allowLoopback: true })).not.toThrow();
    },
  );

  it.each([
    ['http://10.0.0.1/hook', 'private'],
    ['http://192.168.1.10:3000/hook', 'private'],
    ['http://169.254.169.254/latest/meta-data', 'link-local'],
    ['http://[fe80::1]/hook', 'link-local'],
    ['http://[::ffff:127.0.0.1]/hook', 'ipv4-mapped'],
    ['http://0.0.0.0:3000/hook', 'this-network'],
  ])('still refuses %s (%s)', (url, range) => {
    expect(() => policy.checkUrl(new URL(url), { allowLoopback: true })).toThrow(range);
  });

  it('refuses loopback without the option', () => {
    expect(() => policy.checkUrl(new URL('http://127.0.0.1:3000/hook'))).toThrow('loopback');
  });
});

describe('EgressGuard allowLoopback (real socket)', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const guard = new EgressGuard(EgressPolicy.strict(), {
    resolveHost: resolveTo({
      localhost: ['127.0.0.1'],
      'intranet.example': ['10.1.2.3'],
      'metadata.example': ['169.254.169.254'],
    }),
  });

  it('connects to a loopback host name when asked to, on a non-default port', async () => {
    const response = await guard.request(`http://localhost:${port}/hook`, {
      method: 'POST',
      body: '{}',
      timeoutMs: 2_000,
      allowLoopback: true,
    });
    response.discard();
    expect(response.status).toBe(200);
  });

  it('refuses the same request without the option', async () => {
    const error = await refusal(
      guard.request(`http://localhost:${port}/hook`, { method: 'POST', timeoutMs: 2_000 }),
    );
    expect(error.reason).toContain('loopback');
  });

  it.each([
    ['intranet.example', 'private'],
    ['metadata.example', 'link-local'],
  ])('still refuses %s (%s) with the option', async (host, range) => {
    const error = await refusal(
      guard.request(`http://${host}/hook`, {
        method: 'POST',
        timeoutMs: 2_000,
        allowLoopback: true,
      }),
    );
    expect(error.reason).toContain(range);
  });

  it('checkDestination refuses what a request would refuse, and passes what does not resolve', async () => {
    await refusal(guard.checkDestination('https://intranet.example/', { timeoutMs: 1_000 }));
    await refusal(guard.checkDestination('https://10.0.0.1/', { timeoutMs: 1_000 }));
    await expect(
      guard.checkDestination(`http://localhost:${port}/`, {
        timeoutMs: 1_000,
        allowLoopback: true,
      }),
    ).resolves.toBeUndefined();
    await expect(
      guard.checkDestination('https://unknown.example/', { timeoutMs: 1_000 }),
    ).resolves.toBeUndefined();
  });
});
