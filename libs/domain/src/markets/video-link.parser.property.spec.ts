import fc from 'fast-check';
import { DomainError } from '../errors';
import type { VideoPlatform } from './market';
import { ALLOWED_VIDEO_HOSTS, isAllowedVideoHost, videoHostInfo } from './video-hosts';
import { parseVideoLink, safeParseVideoLink, type LinkParseResult } from './video-link.parser';
import { videoRef, withHandle } from './video-ref';

const postId = fc.stringMatching(/^[1-9][0-9]{18}$/);
const handle = fc.stringMatching(/^[0-9A-Za-z._-]{1,24}$/);
const instagramCode = fc.stringMatching(/^[0-9A-Za-z_-]{5,40}$/);
const youtubeId = fc.stringMatching(/^[0-9A-Za-z_-]{11}$/);
const shortCode = fc.stringMatching(/^[0-9A-Za-z_-]{4,32}$/);

const refs = fc.oneof(
  fc
    .tuple(postId, fc.option(handle, { nil: undefined }))
    .map(([id, h]) => videoRef('network_a', id, h)),
  postId.map((id) => videoRef('network_b', id)),
  instagramCode.map((code) => videoRef('instagram', code)),
  youtubeId.map((id) => videoRef('youtube', id)),
);

/** A host of a platform and a path of an accepted shape on it. */
const hostAndPath = fc.oneof(
  fc
    .tuple(fc.constantFrom('tiktok.com', 'www.tiktok.com', 'm.tiktok.com'), handle, postId)
    .map(([host, h, id]) => [host, `/@${h}/video/${id}`] as const),
  fc
    .tuple(fc.constantFrom('www.tiktok.com', 'm.tiktok.com'), postId)
    .map(([host, id]) => [host, `/v/${id}.html`] as const),
  fc
    .tuple(fc.constantFrom('vm.tiktok.com', 'vt.tiktok.com', 'v.douyin.com'), shortCode)
    .map(([host, code]) => [host, `/${code}/`] as const),
  fc
    .tuple(fc.constantFrom('www.douyin.com', 'www.iesdouyin.com', 'm.douyin.com'), postId)
    .map(([host, id]) => [host, `/share/video/${id}/`] as const),
  fc
    .tuple(fc.constantFrom('douyin.com', 'www.douyin.com'), postId)
    .map(([host, id]) => [host, `/discover?modal_id=${id}`] as const),
  fc
    .tuple(fc.constantFrom('instagram.com', 'www.instagram.com'), instagramCode)
    .map(([host, code]) => [host, `/reel/${code}/`] as const),
  fc
    .tuple(fc.constantFrom('www.youtube.com', 'm.youtube.com'), youtubeId)
    .map(([host, id]) => [host, `/shorts/${id}`] as const),
  youtubeId.map((id) => ['youtu.be', `/${id}`] as const),
  fc
    .tuple(fc.constantFrom(...ALLOWED_VIDEO_HOSTS), fc.webPath())
    .map(([host, path]) => [host, path] as const),
);

const label = fc.stringMatching(/^[a-z0-9-]{1,12}$/);

/** The genuine host, or a look-alike, userinfo trick, port, IP literal or unrelated domain. */
function hostVariant(host: string): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constant(host), weight: 6 },
    { arbitrary: fc.mixedCase(fc.constant(host)), weight: 2 },
    { arbitrary: label.map((l) => `${l}.${host}`), weight: 1 },
    { arbitrary: fc.domain().map((d) => `${host}.${d}`), weight: 1 },
    { arbitrary: label.map((l) => `${l}-${host}`), weight: 1 },
    { arbitrary: fc.domain().map((d) => `${host}@${d}`), weight: 1 },
    { arbitrary: fc.domain().map((d) => `${d}@${host}`), weight: 1 },
    { arbitrary: fc.domain().map((d) => `${host}\\@${d}`), weight: 1 },
    {
      arbitrary: fc.constantFrom(':443', ':80', ':8080', ':', '.', '%2e').map((x) => `${host}${x}`),
      weight: 1,
    },
    { arbitrary: fc.domain(), weight: 1 },
    { arbitrary: fc.ipV4(), weight: 1 },
    { arbitrary: fc.ipV6().map((ip) => `[${ip}]`), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        'localhost',
        '2130706433',
        '0177.0.0.1',
        '0x7f.1',
        '127.1',
        '[::ffff:127.0.0.1]',
      ),
      weight: 1,
    },
  );
}

const schemes = fc.oneof(
  { arbitrary: fc.constantFrom('https://', 'http://', 'HTTPS://', ''), weight: 4 },
  { arbitrary: fc.constantFrom('ftp://', 'javascript://', '//', 'https:/', 'file://'), weight: 1 },
);

const urlLike = fc
  .tuple(
    schemes,
    hostAndPath.chain(([host, path]) => fc.tuple(hostVariant(host), fc.constant(path))),
    fc.option(fc.webQueryParameters(), { nil: undefined }),
    fc.option(fc.webFragments(), { nil: undefined }),
  )
  .map(
    ([scheme, [host, path], query, fragment]) =>
      `${scheme}${host}${path}${query === undefined ? '' : `${path.includes('?') ? '&' : '?'}${query}`}` +
      (fragment === undefined ? '' : `#${fragment}`),
  );

const validLinks = [
  'https://www.tiktok.com/@scout2015/video/6718335390845095173',
  'https://v.douyin.com/LTwVOJ1S-mE/',
  'https://www.douyin.com/discover?modal_id=7301234567890123456',
  'https://www.instagram.com/reel/C1a2B3c4D5e/',
  'https://youtu.be/dQw4w9WgXcQ',
];

/** Valid links with arbitrary text inserted, prepended or appended. */
const mutatedLinks = fc
  .tuple(
    fc.constantFrom(...validLinks),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.nat(),
    fc.string({ maxLength: 20 }),
  )
  .map(([link, insert, at, around]) => {
    const position = at % (link.length + 1);
    return `${around}${link.slice(0, position)}${insert}${link.slice(position)}${around}`;
  });

const anyInput = fc.oneof(
  fc.anything(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary-ascii', maxLength: 300 }),
  fc.string({ unit: 'binary', minLength: 2040, maxLength: 2100 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  urlLike,
  mutatedLinks,
);

function resultUrl(result: LinkParseResult): string | undefined {
  if (result.kind === 'video') return result.ref.canonicalUrl;
  if (result.kind === 'short_link') return result.shortUrl;
  return undefined;
}

describe('parseVideoLink properties', () => {
  it('parsing a canonical URL gives back the same reference', () => {
    fc.assert(
      fc.property(refs, (ref) => {
        expect(parseVideoLink(ref.canonicalUrl)).toEqual({ kind: 'video', ref });
      }),
      { numRuns: 1000 },
    );
  });

  it('parsing the canonical URL of a reference completed with a handle gives it back', () => {
    fc.assert(
      fc.property(postId, handle, (id, h) => {
        const ref = withHandle(videoRef('network_a', id), h);
        expect(ref.handle).toBe(h);
        expect(parseVideoLink(ref.canonicalUrl)).toEqual({ kind: 'video', ref });
      }),
      { numRuns: 300 },
    );
  });

  it('never throws anything but an invalid_request DomainError on param url', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        let thrown: unknown;
        try {
          parseVideoLink(input);
        } catch (error) {
          thrown = error;
        }
        if (thrown !== undefined) {
          expect(thrown).toBeInstanceOf(DomainError);
          expect((thrown as DomainError).code).toBe('invalid_request');
          expect((thrown as DomainError).param).toBe('url');
        }
        // The non-throwing variant agrees and never throws.
        expect(safeParseVideoLink(input).ok).toBe(thrown === undefined);
      }),
      { numRuns: 1000 },
    );
  });

  it('never accepts a link whose host is outside the allowlist', () => {
    // Sanity check on the generator: a good share of its links are accepted, so the property
    // below is not vacuous.
    const sample = fc.sample(urlLike, { numRuns: 1000, seed: 42 });
    const accepted = sample.filter((input) => safeParseVideoLink(input).ok).length;
    expect(accepted).toBeGreaterThan(200);

    fc.assert(
      fc.property(urlLike, (input) => {
        const outcome = safeParseVideoLink(input);
        if (!outcome.ok) return;
        // What a WHATWG parser (browser, fetch, Node) would connect to agrees with our reading.
        const absolute = /^[a-z]+:\/\//i.test(input) ? input : `https://${input}`;
        const whatwg = new URL(absolute);
        expect(isAllowedVideoHost(whatwg.hostname)).toBe(true);
        expect(whatwg.username).toBe('');
        expect(whatwg.password).toBe('');
        expect(whatwg.port).toBe('');
        // And what we hand on is https on an allowlisted host.
        const url = resultUrl(outcome.result);
        if (url !== undefined) {
          const parsed = new URL(url);
          expect(parsed.protocol).toBe('https:');
          expect(isAllowedVideoHost(parsed.hostname)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every allowlisted host with a path of its platform, in any letter case', () => {
    const pathFor: Record<VideoPlatform, string> = {
      network_a: '/@a/video/6718335390845095173',
      network_b: '/video/7301234567890123456',
      instagram: '/reel/C1a2B3c4D5e/',
      youtube: '/shorts/dQw4w9WgXcQ',
    };
    fc.assert(
      fc.property(fc.mixedCase(fc.constantFrom(...ALLOWED_VIDEO_HOSTS)), (host) => {
        const info = videoHostInfo(host);
        expect(info).toBeDefined();
        if (!info) return;
        const shortPath = info.platform === 'youtube' ? '/dQw4w9WgXcQ' : '/ZMeAbCd12/';
        const path = info.kind === 'web' ? pathFor[info.platform] : shortPath;
        expect(safeParseVideoLink(`https://${host}${path}`).ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
