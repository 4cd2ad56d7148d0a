import { createServer, type Server, type Socket } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { DomainError } from '@reelscout/domain';
import {
  EgressGuard,
  EgressPolicy,
  EgressRefusedError,
  EgressTimeoutError,
  type ResolveHost,
} from '../egress';
import { SafeRedirectFollower } from './safe-redirect-follower';
import { EgressRedirectTransport } from './redirect-transport';

/** A TCP listener on 127.0.0.1 that counts connections and can hang up or stay silent. */
async function listen(
  behaviour: 'hang-up' | 'silent',
): Promise<{ server: Server; port: number; connections: () => number; sockets: Socket[] }> {
  let count = 0;
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    count += 1;
    sockets.push(socket);
    if (behaviour === 'hang-up') socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port, connections: () => count, sockets };
}

const resolvingTo =
  (...addresses: LookupAddress[]) =>
  async (): Promise<LookupAddress[]> =>
    addresses;

/** The transport over a guard with `allowance` (OUTBOUND_ALLOW_PRIVATE_HOSTS) and a DNS answer. */
function transportWith(
  options: { resolveHost?: ResolveHost; allowance?: string; timeoutMs?: number } = {},
): EgressRedirectTransport {
  const guard = new EgressGuard(EgressPolicy.fromSetting(options.allowance ?? ''), {
    resolveHost: options.resolveHost,
  });
  return new EgressRedirectTransport(guard, options.timeoutMs);
}

describe('EgressRedirectTransport', () => {
  let listener: Awaited<ReturnType<typeof listen>>;

  afterEach(async () => {
    listener.sockets.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => listener.server.close(() => resolve()));
  });

  describe('with a listener on 127.0.0.1', () => {
    beforeEach(async () => {
      listener = await listen('hang-up');
    });

    it.each([
      [
        'an allowlisted name resolving to loopback (DNS rebinding)',
        [{ address: '127.0.0.1', family: 4 }],
      ],
      ['a name resolving to an IPv4-mapped loopback', [{ address: '::ffff:127.0.0.1', family: 6 }]],
      [
        'a name with one public and one loopback address',
        [
          { address: '8.8.8.8', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ],
      ],
      ['a name resolving to the IPv6 loopback', [{ address: '::1', family: 6 }]],
    ])('refuses %s before connecting', async (_case, addresses) => {
      const transport = transportWith({
        resolveHost: resolvingTo(...(addresses as LookupAddress[])),
      });
      await expect(
        transport.probe(new URL(`https://vm.tiktok.com:${listener.port}/ZMeAbCd12/`)),
      ).rejects.toBeInstanceOf(EgressRefusedError);
      expect(listener.connections()).toBe(0);
    });

    it('refuses an IP-literal loopback host before connecting', async () => {
      const transport = transportWith();
      await expect(
        transport.probe(new URL(`https://127.0.0.1:${listener.port}/`)),
      ).rejects.toBeInstanceOf(EgressRefusedError);
      expect(listener.connections()).toBe(0);
    });

    it('refuses localhost, resolved by the real DNS resolver, before connecting', async () => {
      const transport = transportWith();
      await expect(
        transport.probe(new URL(`https://localhost:${listener.port}/`)),
      ).rejects.toBeInstanceOf(EgressRefusedError);
      expect(listener.connections()).toBe(0);
    });

    it('does connect when OUTBOUND_ALLOW_PRIVATE_HOSTS allows it (control for the tests above)', async () => {
      const transport = transportWith({
        resolveHost: resolvingTo({ address: '127.0.0.1', family: 4 }),
        allowance: '127.0.0.1',
      });
      await expect(
        transport.probe(new URL(`https://vm.tiktok.com:${listener.port}/ZMeAbCd12/`)),
      ).rejects.toBeDefined();
      expect(listener.connections()).toBe(1);
    });
  });

  it('gives up on a server that never answers', async () => {
    listener = await listen('silent');
    const transport = transportWith({
      timeoutMs: 200,
      resolveHost: resolvingTo({ address: '127.0.0.1', family: 4 }),
      allowance: '127.0.0.1',
    });
    await expect(
      transport.probe(new URL(`https://vm.tiktok.com:${listener.port}/`)),
    ).rejects.toBeInstanceOf(EgressTimeoutError);
  });

  it("gives up as soon as the caller's signal fires (the operation's deadline)", async () => {
    listener = await listen('silent');
    const transport = transportWith({
      timeoutMs: 30_000,
      resolveHost: resolvingTo({ address: '127.0.0.1', family: 4 }),
      allowance: '127.0.0.1',
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(
      transport.probe(new URL(`https://vm.tiktok.com:${listener.port}/`), {
        signal: controller.signal,
      }),
    ).rejects.toThrow('aborted');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('SafeRedirectFollower over the guarded transport', () => {
  it('refuses a short link whose host resolves to loopback, as 400 on url', async () => {
    const follower = new SafeRedirectFollower(
      transportWith({ resolveHost: resolvingTo({ address: '127.0.0.1', family: 4 }) }),
    );
    let thrown: unknown;
    try {
      await follower.resolve('https://vm.tiktok.com/ZMeAbCd12/');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe('invalid_request');
    expect((thrown as DomainError).param).toBe('url');
    expect((thrown as DomainError).cause).toBeInstanceOf(EgressRefusedError);
  });
});
