import { createServer, type Server, type Socket } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { SafeRedirectFollower } from './safe-redirect-follower';
import {
  BlockedAddressError,
  GuardedHttpsTransport,
  RedirectTimeoutError,
} from './redirect-transport';
import { DomainError } from '@reelscout/domain';

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

describe('GuardedHttpsTransport', () => {
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
      const transport = new GuardedHttpsTransport({
        resolveHost: resolvingTo(...(addresses as LookupAddress[])),
      });
      await expect(
        transport.probe(new URL(`https://vm.tiktok.com:${listener.port}/ZMeAbCd12/`)),
      ).rejects.toBeInstanceOf(BlockedAddressError);
      expect(listener.connections()).toBe(0);
    });

    it('refuses an IP-literal loopback host before connecting', async () => {
      const transport = new GuardedHttpsTransport();
      await expect(
        transport.probe(new URL(`https://127.0.0.1:${listener.port}/`)),
      ).rejects.toBeInstanceOf(BlockedAddressError);
      expect(listener.connections()).toBe(0);
    });

    it('refuses localhost, resolved by the real DNS resolver, before connecting', async () => {
      const transport = new GuardedHttpsTransport();
      await expect(
        transport.probe(new URL(`https://localhost:${listener.port}/`)),
      ).rejects.toBeInstanceOf(BlockedAddressError);
      expect(listener.connections()).toBe(0);
    });

    it('refuses plain http without connecting', async () => {
      const transport = new GuardedHttpsTransport({
        resolveHost: resolvingTo({ address: '127.0.0.1', family: 4 }),
      });
      await expect(
        transport.probe(new URL(`http://vm.tiktok.com:${listener.port}/`)),
      ).rejects.toThrow('only https');
      expect(listener.connections()).toBe(0);
    });

    it('does connect when the address policy allows it (control for the tests above)', async () => {
      const transport = new GuardedHttpsTransport({
        resolveHost: resolvingTo({ address: '127.0.0.1', family: 4 }),
        isAllowedAddress: () => true,
      });
      await expect(
        transport.probe(new URL(`https://vm.tiktok.com:${listener.port}/ZMeAbCd12/`)),
      ).rejects.toBeDefined();
      expect(listener.connections()).toBe(1);
    });
  });

  it('gives up on a server that never answers', async () => {
    listener = await listen('silent');
    const transport = new GuardedHttpsTransport({
      timeoutMs: 200,
      resolveHost: resolvingTo({ address: '127.0.0.1', family: 4 }),
      isAllowedAddress: () => true,
    });
    await expect(
      transport.probe(new URL(`https://vm.tiktok.com:${listener.port}/`)),
    ).rejects.toBeInstanceOf(RedirectTimeoutError);
  });

  it("gives up as soon as the caller's signal fires (the operation's deadline)", async () => {
    listener = await listen('silent');
    const transport = new GuardedHttpsTransport({
      timeoutMs: 30_000,
      resolveHost: resolvingTo({ address: '127.0.0.1', family: 4 }),
      isAllowedAddress: () => true,
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
  it('refuses a short link whose host resolves to loopback, as provider_error', async () => {
    const follower = new SafeRedirectFollower(
      new GuardedHttpsTransport({ resolveHost: resolvingTo({ address: '127.0.0.1', family: 4 }) }),
    );
    let thrown: unknown;
    try {
      await follower.resolve('https://vm.tiktok.com/ZMeAbCd12/');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe('provider_error');
    expect((thrown as DomainError).cause).toBeInstanceOf(BlockedAddressError);
  });
});
