import { rewriteForwarded, trustedHopsFrom } from './forwarded-headers';

/**
 * The client address the dashboard vouches for to the API: never one the client wrote itself,
 * so the API's per-IP ceilings (sign-in attempts) count the real client.
 */
describe('rewriteForwarded', () => {
  const rewritten = (
    headers: Record<string, string | string[] | undefined>,
    peer: string,
    hops: number,
  ) => {
    const copy = { ...headers };
    rewriteForwarded(copy, peer, hops);
    return copy;
  };

  it('with no proxy in front, replaces a client-sent X-Forwarded-For with the peer it saw', () => {
    expect(
      rewritten(
        {
          'x-forwarded-for': '1.2.3.4, 5.6.7.8',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
          host: 'localhost:3000',
        },
        '192.0.2.10',
        0,
      ),
    ).toEqual({ 'x-forwarded-for': '192.0.2.10', host: 'localhost:3000' });
    expect(rewritten({}, '::1', 0)).toEqual({ 'x-forwarded-for': '::1' });
  });

  it('behind trusted proxies, takes the address the nearest one recorded, and no further back', () => {
    // nginx replaced the header with the client it saw; the peer is nginx.
    expect(rewritten({ 'x-forwarded-for': '198.51.100.7' }, '10.0.0.5', 1)).toMatchObject({
      'x-forwarded-for': '198.51.100.7',
    });
    // A forged entry before it is ignored: only one hop is trusted.
    expect(
      rewritten({ 'x-forwarded-for': ['6.6.6.6', '198.51.100.7'] }, '10.0.0.5', 1),
    ).toMatchObject({ 'x-forwarded-for': '198.51.100.7' });
    // Trusted proxies set these; they are kept.
    expect(
      rewritten({ 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' }, '10.0.0.5', 1),
    ).toMatchObject({ 'x-forwarded-proto': 'https' });
    // Fewer hops than trusted: the farthest address there is.
    expect(rewritten({}, '10.0.0.5', 2)).toMatchObject({ 'x-forwarded-for': '10.0.0.5' });
  });

  it('reads WEB_TRUST_PROXY_HOPS', () => {
    expect(trustedHopsFrom(undefined)).toBe(0);
    expect(trustedHopsFrom('')).toBe(0);
    expect(trustedHopsFrom('1')).toBe(1);
    for (const bad of ['-1', '1.5', 'two', '11']) {
      expect(() => trustedHopsFrom(bad)).toThrow(/WEB_TRUST_PROXY_HOPS/);
    }
  });
});
