import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EgressGuard, type ResolveHost } from './egress-guard';
import { EgressPolicy } from './egress-policy';
import { EgressRefusedError } from './egress.errors';

/**
 * Loopback is the service's own host: closed like every other private range, on every port,
 * until `OUTBOUND_ALLOW_PRIVATE_HOSTS` names it. There is no per-caller widening (test-mode
 * webhooks once had one, and it let any account probe our own ports).
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

describe('EgressPolicy and loopback', () => {
  it.each([
    'http://127.0.0.1:2375/containers/json',
    'http://127.0.0.1/hook',
    'http://127.5.6.7:3000/hook',
    'http://[::1]:8080/hook',
    'http://[::ffff:127.0.0.1]/hook',
  ])('the strict policy refuses %s', (url) => {
    expect(() => EgressPolicy.strict().checkUrl(new URL(url))).toThrow(EgressRefusedError);
  });

  it('an allowance of 127.0.0.1 opens that address on any port, and no other loopback address', () => {
    const policy = EgressPolicy.fromSetting('127.0.0.1');
    expect(() => policy.checkUrl(new URL('http://127.0.0.1:3000/hook'))).not.toThrow();
    expect(() => policy.checkUrl(new URL('http://127.0.0.2:3000/hook'))).toThrow('loopback');
    expect(() => policy.checkUrl(new URL('http://[::1]:3000/hook'))).toThrow('loopback');
    expect(() => policy.checkUrl(new URL('http://10.0.0.1/hook'))).toThrow('private');
  });
});

describe('EgressGuard and loopback (real socket)', () => {
  let server: Server;
  let port: number;
  let requests = 0;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      requests += 1;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const table = resolveTo({
    localhost: ['127.0.0.1'],
    'intranet.example': ['10.1.2.3'],
    'metadata.example': ['169.254.169.254'],
  });

  it('the strict guard never connects to a loopback host name, whatever its port', async () => {
    const guard = new EgressGuard(EgressPolicy.strict(), { resolveHost: table });
    const before = requests;
    const error = await refusal(
      guard.request(`http://localhost:${port}/hook`, { method: 'POST', timeoutMs: 2_000 }),
    );
    expect(error.reason).toContain('loopback');
    await refusal(guard.checkDestination(`http://localhost:${port}/`, { timeoutMs: 1_000 }));
    expect(requests).toBe(before);
  });

  it('with the allowance it connects, and still refuses the rest of the private ranges', async () => {
    const guard = new EgressGuard(EgressPolicy.fromSetting('127.0.0.1'), { resolveHost: table });
    const response = await guard.request(`http://localhost:${port}/hook`, {
      method: 'POST',
      body: '{}',
      timeoutMs: 2_000,
    });
    response.discard();
    expect(response.status).toBe(200);
    for (const [host, range] of [
      ['intranet.example', 'private'],
      ['metadata.example', 'link-local'],
    ]) {
      const error = await refusal(
        guard.request(`http://${host}/hook`, { method: 'POST', timeoutMs: 2_000 }),
      );
      expect(error.reason).toContain(range);
    }
  });

  it('checkDestination refuses what a request would refuse, and passes what does not resolve', async () => {
    const guard = new EgressGuard(EgressPolicy.fromSetting('127.0.0.1'), { resolveHost: table });
    await refusal(guard.checkDestination('https://intranet.example/', { timeoutMs: 1_000 }));
    await refusal(guard.checkDestination('https://10.0.0.1/', { timeoutMs: 1_000 }));
    await expect(
      guard.checkDestination(`http://localhost:${port}/`, { timeoutMs: 1_000 }),
    ).resolves.toBeUndefined();
    await expect(
      guard.checkDestination('https://unknown.example/', { timeoutMs: 1_000 }),
    ).resolves.toBeUndefined();
  });
});
