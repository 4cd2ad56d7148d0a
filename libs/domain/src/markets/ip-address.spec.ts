import fc from 'fast-check';
import {
  cidrContains,
  isIpAddress,
  isPublicAddress,
  looksLikeIpv4Host,
  parseIpv4,
  parseCidr,
  parseIpv6,
  specialAddressRange,
} from './ip-address';

describe('isPublicAddress', () => {
  const notPublic: ReadonlyArray<readonly [string, string]> = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'this-network'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['100.64.0.1', 'shared-address-space'],
    ['169.254.169.254', 'link-local'],
    ['192.0.0.8', 'ietf-protocol-assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'ipv4-mapped:loopback'],
    ['::FFFF:7f00:1', 'ipv4-mapped:loopback'],
    ['::ffff:10.0.0.1', 'ipv4-mapped:private'],
    ['::ffff:169.254.169.254', 'ipv4-mapped:link-local'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'ipv4-mapped:private'],
    ['::127.0.0.1', 'ipv4-compatible'],
    ['64:ff9b::7f00:1', 'nat64:loopback'],
    ['64:ff9b::a9fe:a9fe', 'nat64:link-local'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'reserved'],
    ['100::1', 'reserved'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'ietf-protocol-assignments'],
    ['2002:7f00:1::1', '6to4'],
    ['3fff::1', 'documentation'],
  ];

  it.each(notPublic)('%s is not public (%s)', (ip, range) => {
    expect(specialAddressRange(ip)).toBe(range);
    expect(isPublicAddress(ip)).toBe(false);
  });

  const publicAddresses = [
    '8.8.8.8',
    '1.1.1.1',
    '23.192.228.80',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.0',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '2a03:2880:f12f:83:face:b00c:0:25de',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2001:4860:4860::8888',
  ];

  it.each(publicAddresses)('%s is public', (ip) => {
    expect(specialAddressRange(ip)).toBeUndefined();
    expect(isPublicAddress(ip)).toBe(true);
  });

  const notAddresses = [
    '2130706433',
    '0177.0.0.1',
    '0x7f.0.0.1',
    '127.1',
    '127.0.0.01',
    '256.1.1.1',
    '1.2.3.4.5',
    '',
    'localhost',
    'fe80::1%eth0',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    '12345::1',
    '::ffff:127.0.0.256',
    ' 8.8.8.8',
  ];

  it.each(notAddresses)('%j is not understood, so never public', (text) => {
    expect(specialAddressRange(text)).toBe('invalid');
    expect(isPublicAddress(text)).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(isPublicAddress(undefined as unknown as string)).toBe(false);
    expect(isPublicAddress(2130706433 as unknown as string)).toBe(false);
  });

  it('agrees with the range tables on every IPv4-mapped IPv6 form', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(isPublicAddress(`::ffff:${ip}`)).toBe(isPublicAddress(ip));
      }),
      { numRuns: 500 },
    );
  });

  it('classifies every generated address without throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6(), fc.ipV4Extended(), fc.string()), (text) => {
        expect(typeof isPublicAddress(text)).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });
});

describe('address parsing', () => {
  it('parses IPv4 and IPv6 text', () => {
    expect(parseIpv4('192.168.1.20')).toEqual([192, 168, 1, 20]);
    expect(parseIpv6('2001:db8::8a2e:370:7334')).toEqual([
      0x2001, 0xdb8, 0, 0, 0, 0x8a2e, 0x370, 0x7334,
    ]);
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIpv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIpv6('1:2:3:4:5:6:7::')).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
  });

  it('round-trips generated IPv6 addresses', () => {
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        expect(parseIpv6(ip)).not.toBeNull();
        expect(isIpAddress(ip)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('spots hosts that a URL parser would read as IPv4 in any notation', () => {
    for (const host of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1', '127.0.0.1', '1.2.3.4.']) {
      expect(looksLikeIpv4Host(host)).toBe(true);
    }
    for (const host of ['www.tiktok.com', 'youtu.be', '1.2.3.example', '0x7f.example']) {
      expect(looksLikeIpv4Host(host)).toBe(false);
    }
  });
});

describe('parseCidr and cidrContains', () => {
  it.each([
    ['127.0.0.0/8', '127.9.8.7', true],
    ['127.0.0.0/8', '128.0.0.1', false],
    ['10.0.0.0/8', '::ffff:10.1.2.3', true],
    ['10.0.0.0/8', '::ffff:11.1.2.3', false],
    ['192.168.1.7', '192.168.1.7', true],
    ['192.168.1.7', '192.168.1.8', false],
    ['172.16.0.0/12', '172.31.255.255', true],
    ['172.16.0.0/12', '172.32.0.0', false],
    ['0.0.0.0/0', '8.8.8.8', true],
    ['fd00::/8', 'fd12:3456::1', true],
    ['fd00::/8', 'fe80::1', false],
    ['::1', '::1', true],
    ['::1', '::2', false],
    ['2001:db8::/33', '2001:db8:7fff::1', true],
    ['2001:db8::/33', '2001:db8:8000::1', false],
    ['fd00::/8', '10.0.0.1', false],
  ])('%s contains %s: %s', (range, ip, expected) => {
    const parsed = parseCidr(range);
    expect(parsed).not.toBeNull();
    expect(cidrContains(parsed!, ip)).toBe(expected);
  });

  it.each(['10.0.0.0/33', '::/129', '10.0.0/8', 'example.com', '10.0.0.0/08', '10.0.0.0/8/1', ''])(
    'refuses %j',
    (text) => expect(parseCidr(text)).toBeNull(),
  );
});
