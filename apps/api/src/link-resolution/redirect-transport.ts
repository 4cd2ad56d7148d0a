import type { EgressGuard } from '../egress';

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

const USER_AGENT = 'Mozilla/5.0 (compatible; Reelscout/1.0; +short-link resolver)';

/** Default deadline of one probe: DNS, connect, TLS and headers. */
export const PROBE_TIMEOUT_MS = 5_000;

/**
 * One GET through the egress guard with no redirect following: the guard resolves the host,
 * refuses any non-public address (`EgressRefusedError`), pins the connection to the address it
 * checked and times the request out (`EgressTimeoutError`). The body is never read.
 */
export class EgressRedirectTransport implements RedirectTransport {
  constructor(
    private readonly egress: EgressGuard,
    private readonly timeoutMs: number = PROBE_TIMEOUT_MS,
  ) {}

  async probe(url: URL, options: { signal?: AbortSignal } = {}): Promise<RedirectProbe> {
    const response = await this.egress.request(url, {
      signal: options.signal,
      timeoutMs: this.timeoutMs,
      maxRedirects: 0,
      headers: { 'user-agent': USER_AGENT, accept: 'text/html,*/*;q=0.8' },
    });
    response.discard();
    return { status: response.status, location: response.header('location') };
  }
}
