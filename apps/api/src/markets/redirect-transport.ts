import { isPublicAddress, specialAddressRange } from '@reelscout/domain';
import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import * as https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

/** What one request of a redirect chain answered. */
export interface RedirectProbe {
  status: number;
  /** The raw `Location` header, if any. */
  location?: string;
}

/** Makes one request without following redirects. Injected so the hop logic can be tested. */
export interface RedirectTransport {
  /** `options.signal` aborts the request (the operation's deadline). */
  probe(url: URL, options?: { signal?: AbortSignal }): Promise<RedirectProbe>;
}

export const REDIRECT_TRANSPORT = Symbol('REDIRECT_TRANSPORT');

/** A host resolved (or was written as) an address the service must never connect to. */
export class BlockedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address} (${specialAddressRange(address) ?? 'blocked'})`);
    this.name = 'BlockedAddressError';
  }
}

export class RedirectTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = 'RedirectTimeoutError';
  }
}

export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export interface GuardedHttpsTransportOptions {
  /** Whole-request deadline (DNS, connect, TLS, headers). Default 5 000 ms. */
  timeoutMs?: number;
  /** DNS resolution; default `dns.lookup` with all addresses. Tests inject a fake resolver. */
  resolveHost?: ResolveHost;
  /** Address policy; default `isPublicAddress`. Only tests loosen it, to prove the guard works. */
  isAllowedAddress?: (address: string) => boolean;
}

const USER_AGENT = 'Mozilla/5.0 (compatible; Reelscout/1.0; +short-link resolver)';

const defaultResolveHost: ResolveHost = (hostname) =>
  dns.lookup(hostname, { all: true, verbatim: true });

/**
 * One GET over https with no redirect following, and SSRF protection on the address actually
 * connected to: the connection's DNS lookup is replaced by one that refuses a host when any of
 * its addresses is not public (so a DNS answer cannot smuggle in 127.0.0.1, ::ffff:10.0.0.1 or
 * 169.254.169.254, and a rebinding answer is checked at connect time, not earlier). IP-literal
 * hosts skip DNS in Node, so they are checked before the request; the socket's remote address
 * is checked again once connected. The body is never read.
 */
export class GuardedHttpsTransport implements RedirectTransport {
  private readonly timeoutMs: number;
  private readonly resolveHost: ResolveHost;
  private readonly isAllowedAddress: (address: string) => boolean;

  constructor(options: GuardedHttpsTransportOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.resolveHost = options.resolveHost ?? defaultResolveHost;
    this.isAllowedAddress = options.isAllowedAddress ?? isPublicAddress;
  }

  probe(url: URL, options: { signal?: AbortSignal } = {}): Promise<RedirectProbe> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (url.protocol !== 'https:') {
      return Promise.reject(new Error(`refusing ${url.protocol} request: only https is followed`));
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) !== 0 && !this.isAllowedAddress(host)) {
      return Promise.reject(new BlockedAddressError(host, host));
    }

    return new Promise<RedirectProbe>((resolve, reject) => {
      let settled = false;
      const finish = (error: Error | null, probe?: RedirectProbe): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else resolve(probe as RedirectProbe);
      };

      const request = https.request(
        {
          protocol: 'https:',
          hostname: host,
          port: url.port === '' ? 443 : Number(url.port),
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers: { 'user-agent': USER_AGENT, accept: 'text/html,*/*;q=0.8' },
          lookup: this.guardedLookup,
          agent: false,
        },
        (response) => {
          const location = response.headers.location;
          finish(null, { status: response.statusCode ?? 0, location: location ?? undefined });
          response.destroy();
        },
      );
      const timer = setTimeout(() => {
        const error = new RedirectTimeoutError(this.timeoutMs);
        finish(error);
        request.destroy(error);
      }, this.timeoutMs);
      const onAbort = () => {
        const error = abortError(signal!);
        finish(error);
        request.destroy(error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });

      request.on('socket', (socket) => {
        socket.once('connect', () => {
          const remote = socket.remoteAddress;
          if (remote !== undefined && !this.isAllowedAddress(remote)) {
            const error = new BlockedAddressError(host, remote);
            finish(error);
            request.destroy(error);
          }
        });
      });
      request.on('error', (error) => finish(error));
      request.end();
    });
  }

  /** A `net` lookup that fails unless every address of the host passes the address policy. */
  private readonly guardedLookup: LookupFunction = (hostname, options: LookupOptions, callback) => {
    this.resolveHost(hostname).then(
      (addresses) => {
        const blocked = addresses.find((entry) => !this.isAllowedAddress(entry.address));
        if (blocked) {
          callback(new BlockedAddressError(hostname, blocked.address), '', 0);
          return;
        }
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((entry) => family === 0 || entry.family === family);
        if (usable.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`no usable address for ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, '', 0);
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function abortError(signal: AbortSignal): Error {
  return new Error('the request was aborted', { cause: signal.reason });
}
