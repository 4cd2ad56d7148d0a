import { isIP } from 'node:net';

/**
 * The guard refused a destination before connecting (or, for a redirect, before following it):
 * a scheme, credentials, port or address the egress policy does not allow. `host` is the URL's
 * host as written (safe to log); `reason` says why, in words.
 */
export class EgressRefusedError extends Error {
  /**
   * The reason as an account may read it: a refused address is never named (for a host name it
   * is what our DNS answered, which would make endpoint URLs a lookup of our own network).
   */
  get publicReason(): string {
    if (this.address === undefined) return this.reason;
    // An address written in the URL is the caller's own: its reason may say what it is.
    const name = this.host.replace(/^\[(.*)\](:\d+)?$/, '$1').replace(/^([^:]*):\d+$/, '$1');
    return isIP(name) !== 0 ? this.reason : `${this.host} is not a public address`;
  }

  constructor(
    readonly host: string,
    readonly reason: string,
    /** The refused address, when the refusal is about one. */
    readonly address?: string,
  ) {
    super(`refused ${host}: ${reason}`);
    this.name = 'EgressRefusedError';
  }
}

/** A redirect chain the guard will not walk: too long, or a `Location` that is not a URL. */
export class EgressRedirectError extends Error {
  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(`${host}: ${reason}`);
    this.name = 'EgressRedirectError';
  }
}

/** No response headers within the request's timeout (DNS, connect, TLS and headers). */
export class EgressTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = 'EgressTimeoutError';
  }
}

/** The caller's signal fired (the operation's deadline or a cancelled download). */
export class EgressAbortedError extends Error {
  constructor(cause?: unknown) {
    super('the request was aborted', { cause });
    this.name = 'EgressAbortedError';
  }
}

/** The body was larger than the caller allows. */
export class EgressBodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes`);
    this.name = 'EgressBodyTooLargeError';
  }
}
