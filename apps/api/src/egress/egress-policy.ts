import {
  cidrContains,
  isPublicAddress,
  looksLikeIpv4Host,
  normalHostName,
  parseOutboundAllowance,
  parseIpv6,
  specialAddressRange,
  type CidrRange,
} from '@reelscout/domain';
import { isIP } from 'node:net';
import { EgressRefusedError } from './egress.errors';

/** Ports a URL may name without an allowance: the schemes' defaults. */
const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * Where the service may connect when it fetches a URL it did not write itself (docs/architecture.md
 * §8, §14; OWASP API7:2023): http(s) only, no credentials in the URL, the scheme's default port,
 * and only public unicast addresses — unless `OUTBOUND_ALLOW_PRIVATE_HOSTS` names the host or a
 * range that holds its address. An allowed destination may use any port (test rigs, on-premise
 * mirrors). There is no per-caller widening: webhook deliveries of both modes, media downloads and
 * short links all follow this one policy, so loopback (the service's own host) is as closed as any
 * other private range until the operator names it.
 *
 * Pure rules: no DNS, no sockets. `EgressGuard` applies them to every hop it connects to.
 */
export class EgressPolicy {
  private constructor(
    /** Lower-case host names, without a trailing dot. */
    private readonly hosts: ReadonlySet<string>,
    private readonly ranges: readonly CidrRange[],
  ) {}

  /** The policy with no allowance: public unicast addresses on default ports only. */
  static strict(): EgressPolicy {
    return new EgressPolicy(new Set(), []);
  }

  /**
   * Parses `OUTBOUND_ALLOW_PRIVATE_HOSTS`: comma-separated host names (`localhost`,
   * `media.internal`) and addresses or CIDR ranges (`127.0.0.1`, `10.0.0.0/8`, `fd00::/8`).
   * Throws a readable error for an entry that is neither.
   */
  static fromSetting(value: string | undefined): EgressPolicy {
    const { hosts, ranges } = parseOutboundAllowance(value);
    return new EgressPolicy(new Set(hosts), ranges);
  }

  /** The allowance as written, for the start-up warning; empty when there is none. */
  get allowances(): string[] {
    return [...this.hosts, ...this.ranges.map((range) => range.text)];
  }

  /**
   * Checks what can be checked before any DNS lookup: scheme, credentials, the host's form and
   * an IP-literal host's address. Returns the host to resolve (brackets removed).
   */
  checkUrl(url: URL): string {
    if (DEFAULT_PORTS[url.protocol] === undefined) {
      throw new EgressRefusedError(url.host, `the scheme ${url.protocol} is not http or https`);
    }
    if (url.username !== '' || url.password !== '') {
      throw new EgressRefusedError(url.host, 'the URL carries credentials');
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (host === '') throw new EgressRefusedError(url.host, 'the URL has no host');
    if (isIP(host) !== 0) {
      this.checkAddress(url, host, host);
    } else if (looksLikeIpv4Host(host) || parseIpv6(host) !== null) {
      // A numeric form the WHATWG parser did not normalise (it normalises 2130706433 and
      // 0x7f.1 itself): never resolve it, since resolvers disagree on what it means.
      throw new EgressRefusedError(
        url.host,
        'the host is a numeric address in a non-standard form',
      );
    }
    return host;
  }

  /** Throws unless `address`, one that `host` resolved to, may be connected to on the URL's port. */
  checkAddress(url: URL, host: string, address: string): void {
    const allowed = this.allows(host, address);
    if (!allowed && !isPublicAddress(address)) {
      const range = specialAddressRange(address) ?? 'not public';
      throw new EgressRefusedError(
        url.host,
        host === address ? `${address} is ${range}` : `it resolves to ${address} (${range})`,
        address,
      );
    }
    const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
    if (!allowed && port !== DEFAULT_PORTS[url.protocol]) {
      throw new EgressRefusedError(
        url.host,
        `port ${port} is not the default port of ${url.protocol}`,
      );
    }
  }

  /** True when the allowance names `host` or holds `address`. */
  private allows(host: string, address: string): boolean {
    return (
      this.hosts.has(normalHostName(host)) ||
      this.ranges.some((range) => cidrContains(range, address))
    );
  }
}
