import { parseCidr, type CidrRange } from './ip-address';

/** `OUTBOUND_ALLOW_PRIVATE_HOSTS`, parsed: host names (lower case, no trailing dot) and ranges. */
export interface OutboundAllowance {
  hosts: string[];
  ranges: CidrRange[];
}

/**
 * Parses a comma-separated list of host names (`localhost`, `media.internal`) and addresses or
 * CIDR ranges (`127.0.0.1`, `10.0.0.0/8`, `fd00::/8`). Throws a readable error naming an entry
 * that is neither.
 */
export function parseOutboundAllowance(value: string | undefined): OutboundAllowance {
  const hosts = new Set<string>();
  const ranges: CidrRange[] = [];
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const range = parseCidr(entry);
    if (range) {
      ranges.push(range);
      continue;
    }
    if (!isHostName(entry)) {
      throw new Error(
        `OUTBOUND_ALLOW_PRIVATE_HOSTS: "${entry}" is neither a host name nor an address or CIDR range`,
      );
    }
    hosts.add(normalHostName(entry));
  }
  return { hosts: [...hosts], ranges };
}

/** A host name as compared by the allowance: lower case, without a trailing dot. */
export function normalHostName(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

function isHostName(text: string): boolean {
  return /^(?=.{1,253}\.?$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i.test(
    text,
  );
}
