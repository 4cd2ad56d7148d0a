/**
 * Textual IP address parsing and classification, without Node's `net` module so the rule can
 * be shared and unit-tested as plain data. Used for SSRF protection: the service only ever
 * connects to public unicast addresses.
 *
 * Parsing is deliberately strict. Only canonical forms are understood (dotted decimal without
 * leading zeros; RFC 4291 IPv6 text, optionally bracketed, optionally ending in dotted decimal).
 * Anything else (decimal `2130706433`, octal `0177.0.0.1`, hex `0x7f.1`, zone ids `fe80::1%eth0`)
 * is "not an address we understand", and so never public.
 */

/** Four octets, or `null` when `text` is not strict dotted decimal. */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const part of parts) {
    // No leading zeros: `010` means 8 to some parsers and 10 to others.
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    octets.push(value);
  }
  return octets;
}

/** Eight 16-bit groups, or `null` when `text` is not a valid IPv6 address. */
export function parseIpv6(text: string): number[] | null {
  let body = text;
  if (body.startsWith('[') && body.endsWith(']')) body = body.slice(1, -1);
  // Rejects zone ids (`%eth0`) and anything else that is not hex, colons or a dotted tail.
  if (!/^[0-9A-Fa-f:.]+$/.test(body) || !body.includes(':')) return null;

  if (body.includes('.')) {
    const lastColon = body.lastIndexOf(':');
    const v4 = parseIpv4(body.slice(lastColon + 1));
    if (!v4) return null;
    const high = ((v4[0] << 8) | v4[1]).toString(16);
    const low = ((v4[2] << 8) | v4[3]).toString(16);
    body = `${body.slice(0, lastColon + 1)}${high}:${low}`;
  }

  const halves = body.split('::');
  if (halves.length > 2) return null;
  const parseGroups = (part: string): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const group of part.split(':')) {
      if (!/^[0-9A-Fa-f]{1,4}$/.test(group)) return null;
      groups.push(parseInt(group, 16));
    }
    return groups;
  };

  if (halves.length === 1) {
    const groups = parseGroups(body);
    return groups && groups.length === 8 ? groups : null;
  }
  const head = parseGroups(halves[0]);
  const tail = parseGroups(halves[1]);
  if (!head || !tail || head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** True when `text` is an IPv4 or IPv6 address in any form this module understands. */
export function isIpAddress(text: string): boolean {
  return parseIpv4(text) !== null || parseIpv6(text) !== null;
}

/**
 * True when a URL host would be read as an IPv4 address by a WHATWG URL parser or by
 * `inet_aton`: its last label is a number in decimal, octal or hex (`2130706433`, `0177.0.0.1`,
 * `0x7f.1`, `127.1`). Such hosts are refused before any DNS or connection happens.
 */
export function looksLikeIpv4Host(host: string): boolean {
  const labels = host.replace(/\.$/, '').split('.');
  const last = labels[labels.length - 1] ?? '';
  return /^(0x[0-9a-f]*|[0-9]+)$/i.test(last);
}

interface Ipv4Range {
  base: [number, number, number, number];
  prefix: number;
  name: string;
}

/** IANA IPv4 special-purpose ranges that must never be connected to. */
const IPV4_SPECIAL: readonly Ipv4Range[] = [
  { base: [0, 0, 0, 0], prefix: 8, name: 'this-network' },
  { base: [10, 0, 0, 0], prefix: 8, name: 'private' },
  { base: [100, 64, 0, 0], prefix: 10, name: 'shared-address-space' },
  { base: [127, 0, 0, 0], prefix: 8, name: 'loopback' },
  { base: [169, 254, 0, 0], prefix: 16, name: 'link-local' },
  { base: [172, 16, 0, 0], prefix: 12, name: 'private' },
  { base: [192, 0, 0, 0], prefix: 24, name: 'ietf-protocol-assignments' },
  { base: [192, 0, 2, 0], prefix: 24, name: 'documentation' },
  { base: [192, 88, 99, 0], prefix: 24, name: '6to4-relay-anycast' },
  { base: [192, 168, 0, 0], prefix: 16, name: 'private' },
  { base: [198, 18, 0, 0], prefix: 15, name: 'benchmarking' },
  { base: [198, 51, 100, 0], prefix: 24, name: 'documentation' },
  { base: [203, 0, 113, 0], prefix: 24, name: 'documentation' },
  { base: [224, 0, 0, 0], prefix: 4, name: 'multicast' },
  { base: [240, 0, 0, 0], prefix: 4, name: 'reserved' }, // includes 255.255.255.255
];

function toUint32(octets: readonly number[]): number {
  return ((octets[0] << 24) | (octets[1] << 16) | (octets[2] << 8) | octets[3]) >>> 0;
}

function ipv4SpecialRange(octets: readonly number[]): string | undefined {
  const value = toUint32(octets);
  for (const range of IPV4_SPECIAL) {
    const mask = range.prefix === 0 ? 0 : (0xffffffff << (32 - range.prefix)) >>> 0;
    if ((value & mask) >>> 0 === (toUint32(range.base) & mask) >>> 0) return range.name;
  }
  return undefined;
}

function embeddedIpv4(groups: readonly number[]): number[] {
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff];
}

function ipv6SpecialRange(groups: readonly number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5] = groups;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;

  // ::ffff:a.b.c.d (IPv4-mapped): judged by the IPv4 address it carries.
  if (firstFiveZero && g5 === 0xffff) {
    const inner = ipv4SpecialRange(embeddedIpv4(groups));
    return inner === undefined ? undefined : `ipv4-mapped:${inner}`;
  }
  // ::/96 holds :: (unspecified), ::1 (loopback) and the deprecated IPv4-compatible form.
  if (firstFiveZero && g5 === 0) {
    if (groups[6] === 0 && groups[7] === 0) return 'unspecified';
    if (groups[6] === 0 && groups[7] === 1) return 'loopback';
    return 'ipv4-compatible';
  }
  // 64:ff9b::/96 (well-known NAT64 prefix): judged by the IPv4 address it carries.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    const inner = ipv4SpecialRange(embeddedIpv4(groups));
    return inner === undefined ? undefined : `nat64:${inner}`;
  }
  // Only 2000::/3 is global unicast; everything else (fc00::/7 unique local, fe80::/10
  // link-local, fec0::/10 site-local, ff00::/8 multicast, 100::/64 discard, …) is refused.
  if ((g0 & 0xe000) !== 0x2000) {
    if ((g0 & 0xfe00) === 0xfc00) return 'unique-local';
    if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
    if ((g0 & 0xff00) === 0xff00) return 'multicast';
    return 'reserved';
  }
  if (g0 === 0x2001 && g1 < 0x0200) return 'ietf-protocol-assignments'; // 2001::/23 (Teredo, ORCHID, …)
  if (g0 === 0x2001 && g1 === 0x0db8) return 'documentation'; // 2001:db8::/32
  if (g0 === 0x2002) return '6to4'; // 2002::/16 tunnels to an arbitrary IPv4 address
  if (g0 === 0x3fff && g1 < 0x1000) return 'documentation'; // 3fff::/20
  return undefined;
}

/**
 * The special-purpose range `ip` falls in (`loopback`, `private`, `link-local`, …), `invalid` when
 * it is not an address in canonical form, or `undefined` when it is a public unicast address.
 */
export function specialAddressRange(ip: string): string | undefined {
  const v4 = parseIpv4(ip);
  if (v4) return ipv4SpecialRange(v4);
  const v6 = parseIpv6(ip);
  if (v6) return ipv6SpecialRange(v6);
  return 'invalid';
}

/**
 * True only for a public unicast address: not private, loopback, link-local, multicast,
 * unspecified, documentation, benchmarking or otherwise reserved; IPv4-mapped and NAT64 IPv6
 * forms are judged by the IPv4 address they carry. Unparsable text is never public.
 */
export function isPublicAddress(ip: string): boolean {
  return typeof ip === 'string' && specialAddressRange(ip) === undefined;
}

/** An address range in CIDR notation, parsed: `10.0.0.0/8`, `fd00::/8`, or one address. */
export interface CidrRange {
  version: 4 | 6;
  /** The address as 16-bit groups (IPv6) or octets (IPv4). */
  parts: number[];
  prefix: number;
  text: string;
}

/**
 * `text` as a CIDR range (`127.0.0.0/8`, `::1/128`, or a bare address meaning /32 or /128), or
 * `null` when it is not one in the strict forms `parseIpv4`/`parseIpv6` understand.
 */
export function parseCidr(text: string): CidrRange | null {
  const [address, prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return null;
  const v4 = parseIpv4(address);
  const v6 = v4 ? null : parseIpv6(address);
  if (!v4 && !v6) return null;
  const bits = v4 ? 32 : 128;
  let prefix = bits;
  if (prefixText !== undefined) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    if (prefix > bits) return null;
  }
  return { version: v4 ? 4 : 6, parts: (v4 ?? v6) as number[], prefix, text: text.trim() };
}

/**
 * True when `ip` lies in `range`. An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is judged as
 * the IPv4 address it carries, so one IPv4 range covers both spellings.
 */
export function cidrContains(range: CidrRange, ip: string): boolean {
  let v4 = parseIpv4(ip);
  let v6 = v4 ? null : parseIpv6(ip);
  if (
    v6 &&
    v6.slice(0, 5).every((group) => group === 0) &&
    v6[5] === 0xffff &&
    range.version === 4
  ) {
    v4 = [v6[6] >> 8, v6[6] & 0xff, v6[7] >> 8, v6[7] & 0xff];
    v6 = null;
  }
  const parts = range.version === 4 ? v4 : v6;
  if (!parts) return false;
  const width = range.version === 4 ? 8 : 16;
  let remaining = range.prefix;
  for (let index = 0; remaining > 0; index += 1) {
    const take = Math.min(width, remaining);
    const shift = width - take;
    if (parts[index] >> shift !== range.parts[index] >> shift) return false;
    remaining -= take;
  }
  return true;
}
