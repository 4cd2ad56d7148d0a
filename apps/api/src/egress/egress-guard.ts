import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { cidrContains, parseCidr } from '@reelscout/domain';
import { EgressPolicy } from './egress-policy';
import {
  EgressAbortedError,
  EgressBodyTooLargeError,
  EgressRedirectError,
  EgressRefusedError,
  EgressTimeoutError,
} from './egress.errors';

/** Resolves a host name to every address it has (the default is the system resolver). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export interface EgressGuardOptions {
  /** The DNS edge. Tests answer with chosen addresses; production uses `dns.lookup`. */
  resolveHost?: ResolveHost;
  /** Sent when the caller gives none. */
  userAgent?: string;
  /** Certificate authorities to trust instead of Node's roots (tests: a self-signed one). */
  ca?: string | Buffer;
}

export interface EgressRequest {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  /** Headers sent only to the first URL's own host and port (a cookie): never to a redirect's. */
  originHeaders?: Record<string, string>;
  body?: string | Buffer;
  /** Deadline of each hop until its response headers: DNS, connect, TLS, headers. */
  timeoutMs: number;
  /** Ends the request, and the body stream once it is flowing. */
  signal?: AbortSignal;
  /**
   * Redirects to follow (GET and HEAD only), each hop checked like the first. 0 returns the 3xx
   * itself. A redirect past the limit fails.
   */
  maxRedirects?: number;
}

export interface EgressResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The URL that answered (after redirects). */
  url: URL;
  /** The address the connection went to: one the policy allowed. */
  address: string;
  /** The body, unread. Read it with `readBody`, pipe it, or `discard()` it. */
  body: http.IncomingMessage;
  header(name: string): string | undefined;
  discard(): void;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_USER_AGENT = 'Reelscout/1.0';

const systemResolver: ResolveHost = (hostname) =>
  dns.lookup(hostname, { all: true, verbatim: true });

/**
 * The one way the service fetches a URL it did not write itself (short links, media, captions,
 * webhooks). For every hop it checks the URL against the `EgressPolicy`, resolves the host once,
 * refuses the host when any of its addresses is not allowed, and then connects to the address it
 * checked: the socket's lookup is pinned to them, so a second DNS answer (rebinding) cannot move
 * the connection, and the connected socket's remote address is checked again. TLS still verifies
 * the certificate against the URL's host name. Redirects are followed by hand, hop by hop.
 *
 * Bounded: each hop has a deadline until its headers, the caller's signal ends the request and
 * the body stream, and `readBody` caps what is read.
 */
export class EgressGuard {
  private readonly resolveHost: ResolveHost;
  private readonly userAgent: string;
  private readonly ca?: string | Buffer;

  constructor(
    readonly policy: EgressPolicy = EgressPolicy.strict(),
    options: EgressGuardOptions = {},
  ) {
    this.resolveHost = options.resolveHost ?? systemResolver;
    this.userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.ca = options.ca;
  }

  async request(url: string | URL, request: EgressRequest): Promise<EgressResponse> {
    const origin = toUrl(url);
    const method = request.method ?? 'GET';
    const maxRedirects = method === 'POST' ? 0 : (request.maxRedirects ?? 0);
    let target = origin;
    for (let hop = 0; ; hop += 1) {
      const sameOrigin = target.host === origin.host && target.protocol === origin.protocol;
      const response = await this.once(target, request, sameOrigin);
      const location = response.header('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === undefined || maxRedirects === 0) {
        return response;
      }
      response.discard();
      if (hop >= maxRedirects) {
        throw new EgressRedirectError(target.host, `more than ${maxRedirects} redirects`);
      }
      try {
        target = new URL(location, target);
      } catch {
        throw new EgressRedirectError(target.host, 'a redirect without a valid location');
      }
    }
  }

  /**
   * Checks a destination the way a request to it would be checked (URL, then every address its
   * host resolves to), without connecting: for URLs stored now and fetched later (webhook
   * endpoints), so an obviously refused one is turned away when it is typed in. A host that does
   * not resolve (or not within `timeoutMs`) passes: the request checks it again when it is made.
   */
  async checkDestination(url: string | URL, options: { timeoutMs: number }): Promise<void> {
    const target = toUrl(url);
    const host = this.policy.checkUrl(target);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), options.timeoutMs);
    });
    try {
      await Promise.race([
        this.checkedAddresses(target, host).catch((error: unknown) => {
          if (error instanceof EgressRefusedError) throw error;
          return null;
        }),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** One request to `url`, checked, resolved once and pinned. */
  private async once(
    url: URL,
    request: EgressRequest,
    sameOrigin: boolean,
  ): Promise<EgressResponse> {
    const { signal, timeoutMs } = request;
    if (signal?.aborted) throw new EgressAbortedError(signal.reason);
    const host = this.policy.checkUrl(url);

    // Fires on this hop's deadline or the caller's signal, whichever comes first.
    const giveUp = new AbortController();
    const timer = setTimeout(() => giveUp.abort(new EgressTimeoutError(timeoutMs)), timeoutMs);
    const onAbort = () => giveUp.abort(new EgressAbortedError(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    const given = new Promise<never>((_, reject) => {
      giveUp.signal.addEventListener('abort', () => reject(giveUp.signal.reason as Error), {
        once: true,
      });
    });
    given.catch(() => undefined);
    try {
      const addresses = await Promise.race([this.checkedAddresses(url, host), given]);
      return await Promise.race([
        this.connect(url, host, addresses, request, sameOrigin, giveUp.signal),
        given,
      ]);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Resolves `host` once and returns its addresses, every one checked; refuses the host if any
   * address is not allowed. The connection is pinned to this list: Node's happy-eyeballs connect
   * may try each of them (an IPv6 route that is down falls back to IPv4), never another.
   */
  private async checkedAddresses(url: URL, host: string): Promise<LookupAddress[]> {
    if (isIP(host) !== 0) return [{ address: host, family: isIP(host) }];
    let addresses: LookupAddress[];
    try {
      addresses = await this.resolveHost(host);
    } catch (error) {
      throw Object.assign(new Error(`could not resolve ${host}`, { cause: error }), {
        code: (error as NodeJS.ErrnoException).code ?? 'ENOTFOUND',
      });
    }
    if (addresses.length === 0) {
      throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
    }
    for (const entry of addresses) this.policy.checkAddress(url, host, entry.address);
    return addresses;
  }

  private connect(
    url: URL,
    host: string,
    pinned: LookupAddress[],
    request: EgressRequest,
    sameOrigin: boolean,
    givenUp: AbortSignal,
  ): Promise<EgressResponse> {
    const { signal } = request;
    const transport = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = {
      'user-agent': this.userAgent,
      ...request.headers,
      ...(sameOrigin ? request.originHeaders : {}),
    };
    if (request.body !== undefined) {
      headers['content-length'] = String(Buffer.byteLength(request.body));
    }

    return new Promise<EgressResponse>((resolve, reject) => {
      const outgoing = transport.request(
        {
          protocol: url.protocol,
          // The name, not the address: Host header, SNI and the certificate check use it.
          hostname: host,
          port: url.port === '' ? undefined : Number(url.port),
          path: `${url.pathname}${url.search}`,
          method: request.method ?? 'GET',
          headers,
          lookup: pinnedLookup(pinned),
          agent: false,
          ...(this.ca === undefined ? {} : { ca: this.ca }),
        },
        (incoming) => {
          if (givenUp.aborted) {
            incoming.destroy();
            return;
          }
          // Once flowing, the body still ends with the caller's signal.
          const abortBody = () => incoming.destroy(new EgressAbortedError(signal?.reason));
          signal?.addEventListener('abort', abortBody, { once: true });
          incoming.once('close', () => signal?.removeEventListener('abort', abortBody));
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            url,
            address: incoming.socket?.remoteAddress ?? pinned[0].address,
            body: incoming,
            header: (name) => headerValue(incoming.headers[name.toLowerCase()]),
            discard: () => {
              incoming.resume();
              incoming.destroy();
            },
          });
        },
      );
      outgoing.on('socket', (socket) => {
        socket.once('connect', () => {
          const remote = socket.remoteAddress;
          if (remote !== undefined && !pinned.some((entry) => sameAddress(remote, entry.address))) {
            outgoing.destroy(
              new EgressRefusedError(
                url.host,
                `connected to ${remote}, not an address that was checked`,
                remote,
              ),
            );
          }
        });
      });
      outgoing.on('error', reject);
      const end = () => outgoing.destroy(givenUp.reason as Error);
      givenUp.addEventListener('abort', end, { once: true });
      outgoing.once('close', () => givenUp.removeEventListener('abort', end));
      outgoing.end(request.body);
    });
  }
}

/**
 * Reads a response body into memory, up to `maxBytes` (a larger declared or actual body fails
 * with `EgressBodyTooLargeError` and the connection is closed).
 */
export async function readBody(response: EgressResponse, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.discard();
    throw new EgressBodyTooLargeError(maxBytes);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > maxBytes) {
      response.discard();
      throw new EgressBodyTooLargeError(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A `net` lookup that always answers the addresses the guard checked (of the family asked). */
function pinnedLookup(pinned: LookupAddress[]): LookupFunction {
  return (_hostname: string, options: LookupOptions, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = pinned.filter((entry) => family === 0 || entry.family === family);
    if (usable.length === 0) {
      const error: NodeJS.ErrnoException = new Error('no checked address of the family asked');
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
    } else if (options.all) {
      (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, usable);
    } else {
      callback(null, usable[0].address, usable[0].family);
    }
  };
}

/**
 * Equal addresses in any spelling: each as a one-address range of the other, so an IPv4-mapped
 * IPv6 form (`::ffff:7f00:1`) equals the IPv4 address it carries.
 */
function sameAddress(a: string, b: string): boolean {
  const contains = (range: string, ip: string) => {
    const parsed = parseCidr(range);
    return parsed !== null && cidrContains(parsed, ip);
  };
  return contains(a, b) || contains(b, a);
}

function toUrl(url: string | URL): URL {
  if (url instanceof URL) return url;
  try {
    return new URL(url);
  } catch {
    throw new EgressRefusedError('(none)', 'not a URL');
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
