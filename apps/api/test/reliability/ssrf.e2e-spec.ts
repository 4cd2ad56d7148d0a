import net from 'node:net';
import { DomainError, parseVideoLink, safeParseVideoLink } from '@reelscout/domain';
import request from 'supertest';
import { BillingService } from '../../src/money/billing.service';
import { EgressGuard, EgressPolicy, EgressRefusedError, type ResolveHost } from '../../src/egress';
import { MarketsService, type ShortLinkResolver } from '../../src/link-resolution';
import { ProvidersService } from '../../src/providers/providers.service';
import { VideoSourceModule } from '../../src/video-source/video-source.module';
import { VideoSourceService } from '../../src/video-source/video-source.service';
import { startFakeOpenAI, startFakeProvider, type FakeOpenAI, type FakeProvider } from '../fakes';
import { createFundedKey } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { ENABLED_OPERATIONS, V1_OPERATIONS } from './v1-operations';

/**
 * SSRF (OWASP API7:2023): the `url` of playbook and music never makes the service connect to
 * an internal address. Every hostile link is refused with 400 `invalid_request`, `param: "url"`,
 * in test and in live mode, and nothing connects to the listener the links point at.
 */

const VIDEO = '@sandbox/video/7000000000000000001';

/** At least 30 hostile links; `port` is a listener on 127.0.0.1 that must see no connection. */
function hostileLinks(port: number): { label: string; url: string }[] {
  const p = port;
  return [
    // Loopback, in every notation.
    { label: 'loopback dotted', url: `http://127.0.0.1:${p}/${VIDEO}` },
    { label: 'loopback https', url: `https://127.0.0.1:${p}/` },
    { label: 'loopback short form', url: `http://127.1:${p}/${VIDEO}` },
    { label: 'loopback decimal', url: `http://2130706433:${p}/` },
    { label: 'loopback hex', url: `http://0x7f000001:${p}/` },
    { label: 'loopback dotted hex', url: `http://0x7f.0x0.0x0.0x1:${p}/` },
    { label: 'loopback octal', url: `http://0177.0.0.1:${p}/` },
    { label: 'loopback zero-padded', url: `http://127.000.000.001:${p}/` },
    { label: 'loopback 127.x', url: `http://127.254.1.9:${p}/` },
    { label: 'IPv6 loopback', url: `http://[::1]:${p}/${VIDEO}` },
    { label: 'IPv6 loopback long form', url: `http://[0:0:0:0:0:0:0:1]:${p}/` },
    { label: 'IPv4-mapped loopback', url: `http://[::ffff:127.0.0.1]:${p}/` },
    { label: 'IPv4-mapped loopback hex', url: `http://[::ffff:7f00:1]:${p}/` },
    { label: 'unspecified v4', url: `http://0.0.0.0:${p}/` },
    { label: 'unspecified v6', url: `http://[::]:${p}/` },
    { label: 'localhost', url: `http://localhost:${p}/${VIDEO}` },
    { label: 'a .localhost name', url: `http://www.tiktok.com.localhost:${p}/${VIDEO}` },
    { label: 'tiktok.localhost', url: `https://tiktok.localhost:${p}/${VIDEO}` },
    { label: 'ideographic dots', url: `http://127\u30020\u30020\u30021:${p}/` },
    {
      label: 'enclosed letters',
      url: `http://\u24db\u24de\u24d2\u24d0\u24db\u24d7\u24de\u24e2\u24e3:${p}/`,
    },
    { label: 'percent-encoded host', url: `http://%31%32%37.0.0.1:${p}/` },
    // Private ranges and shared address space.
    { label: '10/8', url: 'http://10.0.0.1/' },
    { label: '10/8 with port', url: `http://10.255.255.254:${p}/${VIDEO}` },
    { label: '172.16/12 low', url: 'http://172.16.0.1/' },
    { label: '172.16/12 high', url: 'https://172.31.255.255/' },
    { label: '192.168/16', url: 'http://192.168.0.1/' },
    { label: '192.168/16 with port', url: 'http://192.168.1.1:8080/admin' },
    { label: '100.64/10 (CGNAT)', url: 'http://100.64.0.1/' },
    { label: 'IPv6 unique local', url: 'http://[fd00::1]/' },
    // Link-local and metadata.
    { label: 'metadata IPv4', url: 'http://169.254.169.254/latest/meta-data/iam/' },
    { label: 'metadata IPv4-mapped', url: 'http://[::ffff:169.254.169.254]/latest/meta-data/' },
    { label: 'metadata IPv4-mapped hex', url: 'http://[::ffff:a9fe:a9fe]/' },
    { label: 'metadata decimal', url: 'http://2852039166/latest/meta-data/' },
    { label: 'IPv6 link-local', url: 'http://[fe80::1]/' },
    { label: 'IPv6 link-local with zone', url: 'http://[fe80::1%25eth0]/' },
    { label: 'GCP metadata host', url: 'http://metadata.google.internal/computeMetadata/v1/' },
    { label: 'AWS IPv6 metadata', url: 'http://[fd00:ec2::254]/latest/meta-data/' },
    { label: 'DNS name for a private address', url: 'https://169.254.169.254.nip.io/' },
    // Look-alike hosts and userinfo tricks.
    { label: 'allowed host as a prefix', url: `https://tiktok.com.evil.example/${VIDEO}` },
    { label: 'allowed host as a suffix', url: `https://evil-tiktok.com/${VIDEO}` },
    {
      label: 'allowed host as a subdomain',
      url: `https://www.tiktok.com.127.0.0.1.nip.io/${VIDEO}`,
    },
    { label: 'userinfo to loopback', url: `https://tiktok.com@127.0.0.1:${p}/${VIDEO}` },
    { label: 'userinfo with port', url: `https://www.tiktok.com:443@127.0.0.1:${p}/${VIDEO}` },
    { label: 'userinfo on an allowed host', url: `https://user:pass@www.tiktok.com/${VIDEO}` },
    {
      label: 'fragment before the allowed host',
      url: `https://127.0.0.1:${p}#@www.tiktok.com/${VIDEO}`,
    },
    { label: 'backslash userinfo', url: `https://www.tiktok.com\\@127.0.0.1:${p}/${VIDEO}` },
    { label: 'backslash path', url: `https://127.0.0.1:${p}\\@www.tiktok.com/${VIDEO}` },
    { label: 'allowed host, other port', url: `https://www.tiktok.com:${p}/${VIDEO}` },
    { label: 'short-link host, other port', url: `https://vm.tiktok.com:${p}/ZMsandbox1/` },
    { label: 'allowed host, trailing dot', url: `https://www.tiktok.com./${VIDEO}` },
    // Other schemes.
    { label: 'file', url: 'file:///etc/passwd' },
    { label: 'gopher', url: `gopher://127.0.0.1:${p}/_GET%20/%20HTTP/1.1` },
    { label: 'ftp', url: `ftp://127.0.0.1:${p}/` },
    { label: 'dict', url: `dict://127.0.0.1:${p}/info` },
    { label: 'ws', url: `ws://127.0.0.1:${p}/` },
    { label: 'data', url: 'data:text/html,<script>fetch("http://127.0.0.1/")</script>' },
    { label: 'javascript', url: `javascript:fetch('http://127.0.0.1:${p}/')` },
    { label: 'scheme-relative', url: `//127.0.0.1:${p}/${VIDEO}` },
    // Share texts that wrap an internal link.
    {
      label: 'share text around a loopback link',
      url: `look at this http://127.0.0.1:${p}/${VIDEO} wow`,
    },
    {
      label: 'share text with a video and an internal link',
      url: `https://www.tiktok.com/${VIDEO} and http://127.0.0.1:${p}/`,
    },
  ];
}

/** A listener nothing may connect to. */
async function startSentinel(): Promise<{
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}> {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A resolver that records every call and answers with `target` (a provider gone rogue). */
function recordingResolver(
  target?: (shortUrl: string) => string,
): ShortLinkResolver & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    resolve: async (shortUrl: string) => {
      calls.push(shortUrl);
      if (!target) throw new Error(`unexpected resolution of ${shortUrl}`);
      return target(shortUrl);
    },
  };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; param?: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, param: error.param };
    return { code: `not a DomainError: ${String(error)}` };
  }
  return { code: 'accepted' };
}

describe('SSRF: hostile links as the url of playbook and music (e2e)', () => {
  let t: TestApp;
  let provider: FakeProvider;
  let openai: FakeOpenAI;
  let sentinel: Awaited<ReturnType<typeof startSentinel>>;
  let links: { label: string; url: string }[];
  let paths: string[];

  beforeAll(async () => {
    sentinel = await startSentinel();
    links = hostileLinks(sentinel.port);
    provider = await startFakeProvider();
    openai = await startFakeOpenAI();
    t = await createTestApp({
      // The front half of playbook and music (link → post), whether or not their routes exist yet.
      extraImports: [VideoSourceModule],
      env: {
        VIDEO_PROVIDER_BASE_URL: provider.url,
        VIDEO_PROVIDER_API_KEY: provider.apiKey,
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_API_KEY: openai.apiKey,
        RATE_LIMIT_PER_KEY_PER_MIN: '1000000',
        RATE_LIMIT_PER_SUBJECT_PER_MIN: '1000000',
        RATE_LIMIT_IN_FLIGHT_PER_KEY: '1000',
      },
    });
    paths = Object.keys((await request(t.app.getHttpServer()).get('/openapi.json')).body.paths);
  });

  afterAll(async () => {
    await t?.close();
    await Promise.all([provider?.close(), openai?.close(), sentinel?.close()]);
  });

  afterEach(() => {
    expect(sentinel.connections()).toBe(0);
  });

  it('the table has at least 30 hostile links, and the link parser refuses every one', () => {
    expect(links.length).toBeGreaterThanOrEqual(30);
    expect(new Set(links.map((l) => l.url)).size).toBe(links.length);
    const outcomes = links.map(({ label, url }) => {
      const safe = safeParseVideoLink(url);
      let thrown: { code: string; param?: string } | string = 'no throw';
      try {
        parseVideoLink(url);
      } catch (error) {
        thrown =
          error instanceof DomainError ? { code: error.code, param: error.param } : String(error);
      }
      return { label, safeOk: safe.ok, thrown };
    });
    expect(outcomes).toEqual(
      links.map(({ label }) => ({
        label,
        safeOk: false,
        thrown: { code: 'invalid_request', param: 'url' },
      })),
    );
  });

  it.each(['test', 'live'] as const)(
    'MarketsService.resolveVideo refuses every link in %s mode without asking the resolver',
    async (mode) => {
      const markets = t.app.get(MarketsService);
      const real = t.app.get(ProvidersService).for(mode).shortLinks;
      const calls: string[] = [];
      const resolver: ShortLinkResolver = {
        resolve: (url) => {
          calls.push(url);
          return real.resolve(url);
        },
      };
      for (const { label, url } of links) {
        expect({ label, ...(await refusal(markets.resolveVideo(url, resolver))) }).toEqual({
          label,
          code: 'invalid_request',
          param: 'url',
        });
      }
      expect(calls).toEqual([]);
      expect(provider.connections).toBe(0);
    },
  );

  it.each(['test', 'live'] as const)(
    'VideoSourceService.find (the front half of playbook and music) refuses every link in %s mode',
    async (mode) => {
      const source = t.app.get(VideoSourceService);
      const before = provider.connections;
      for (const { label, url } of links) {
        expect({
          label,
          ...(await refusal(source.find(mode, url, new AbortController().signal))),
        }).toEqual({ label, code: 'invalid_request', param: 'url' });
      }
      expect(provider.connections).toBe(before);
    },
  );

  it('a short link whose resolution leads to an internal address is refused, and that address is not requested', async () => {
    const markets = t.app.get(MarketsService);
    // The resolver (provider or sandbox) answers with an internal URL.
    for (const { label, url } of links) {
      const resolver = recordingResolver(() => url);
      expect({
        label,
        ...(await refusal(markets.resolveVideo('https://vm.tiktok.com/ZMsandbox1/', resolver))),
      }).toEqual({ label, code: 'invalid_request', param: 'url' });
      expect(resolver.calls).toEqual(['https://vm.tiktok.com/ZMsandbox1/']);
    }
  });

  /** One GET without redirects through an egress guard with this DNS answer and allowance. */
  const guarded = (resolveHost?: ResolveHost, allowance = '') => {
    const guard = new EgressGuard(EgressPolicy.fromSetting(allowance), { resolveHost });
    return {
      probe: async (url: URL) =>
        (await guard.request(url, { timeoutMs: 2_000, maxRedirects: 0 })).discard(),
    };
  };

  it('control: the listener does see a connection when OUTBOUND_ALLOW_PRIVATE_HOSTS allows it', async () => {
    const control = await startSentinel();
    try {
      const loosened = guarded(async () => [{ address: '127.0.0.1', family: 4 }], '127.0.0.1');
      await expect(
        loosened.probe(new URL(`https://vm.tiktok.com:${control.port}/ZMsandbox1/`)),
      ).rejects.toThrow();
      expect(control.connections()).toBe(1);
    } finally {
      await control.close();
    }
  });

  it('a guarded request never connects to an internal address, whatever DNS says', async () => {
    const internal = [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.0.0.7',
      '169.254.169.254',
      'fe80::1',
    ];
    for (const address of internal) {
      // DNS rebinding: an allowlisted name that resolves inside.
      const transport = guarded(async () => [{ address, family: address.includes(':') ? 6 : 4 }]);
      await expect(
        transport.probe(new URL(`https://vm.tiktok.com:${sentinel.port}/ZMsandbox1/`)),
      ).rejects.toBeInstanceOf(EgressRefusedError);
    }
    // One public and one internal answer: refused too (no "first address wins").
    const mixed = guarded(async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
    await expect(
      mixed.probe(new URL(`https://vm.tiktok.com:${sentinel.port}/x/`)),
    ).rejects.toBeInstanceOf(EgressRefusedError);
    // IP literals skip DNS: refused before any connection.
    for (const host of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '169.254.169.254']) {
      await expect(
        guarded().probe(new URL(`https://${host}:${sentinel.port}/`)),
      ).rejects.toBeInstanceOf(EgressRefusedError);
    }
    await expect(
      guarded().probe(new URL(`http://127.0.0.1:${sentinel.port}/`)),
    ).rejects.toBeInstanceOf(EgressRefusedError);
  });

  it.each(['test', 'live'] as const)(
    'POST every hostile link as the url of playbook and music in %s mode → 400 url, nothing charged, nothing requested',
    async (mode) => {
      const urlOperations = ENABLED_OPERATIONS.filter((op) => op.urlBody);
      if (urlOperations.length === 0) {
        // Until playbook and music are served: nothing takes a url unchecked.
        for (const op of V1_OPERATIONS.filter((o) => o.urlBody))
          expect(paths).not.toContain(op.path);
        return;
      }
      const { account, key } = await createFundedKey(t.app, { micros: 50_000_000, mode });
      const party = { accountId: account.id, mode };
      const providerCallsBefore = provider.connections;
      for (const op of urlOperations) {
        for (const { label, url } of links) {
          const res = await request(t.app.getHttpServer())
            .post(op.path)
            .set('Authorization', `Bearer ${key}`)
            .send(op.urlBody!(url));
          expect({
            op: op.name,
            label,
            status: res.status,
            code: res.body.error?.code,
            param: res.body.error?.param,
          }).toEqual({
            op: op.name,
            label,
            status: 400,
            code: 'invalid_request',
            param: 'url',
          });
        }
      }
      expect(await t.app.get(BillingService).balance(party)).toEqual({
        balance: 50_000_000,
        held: 0,
        available: 50_000_000,
      });
      expect(provider.connections).toBe(providerCallsBefore);
      expect(openai.chatRequests()).toEqual([]);
    },
  );
});
