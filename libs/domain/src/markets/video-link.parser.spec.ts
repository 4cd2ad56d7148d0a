import { DomainError } from '../errors';
import {
  MAX_LINK_INPUT_LENGTH,
  parseVideoLink,
  type LinkParseResult,
  type NonVideoPostType,
} from './video-link.parser';
import { DY, IG, TT, YT } from '../../test/video-link-fixtures';

type Expectation =
  | { video: string; canonical: string; handle?: string }
  | { short: string }
  | { nonVideo: NonVideoPostType; namespacedId: string }
  | { refused: string };

const tiktok = (handle?: string): Expectation => ({
  video: TT,
  canonical: `https://www.tiktok.com/@${handle ?? ''}/video/${TT}`,
  ...(handle === undefined ? {} : { handle }),
});
const douyin: Expectation = {
  video: `network_b:${DY}`,
  canonical: `https://www.douyin.com/video/${DY}`,
};
const instagram = (code = IG): Expectation => ({
  video: `instagram:${code}`,
  canonical: `https://www.instagram.com/reel/${code}/`,
});
const youtube = (id = YT): Expectation => ({
  video: `youtube:${id}`,
  canonical: `https://www.youtube.com/shorts/${id}`,
});
const refused = (fragment: string): Expectation => ({ refused: fragment });

const NOT_A_VIDEO = 'does not point to a video';
const NOT_A_SITE = 'is not a supported video site';
const IP = 'IP address links are not accepted';
const USERINFO = 'user name or password';
const SCHEME = 'only http and https links are accepted';

/** [description, input, expected outcome] */
const CASES: ReadonlyArray<readonly [string, unknown, Expectation]> = [
  // network_a, full links
  ['tiktok permalink', `https://www.tiktok.com/@scout2015/video/${TT}`, tiktok('scout2015')],
  ['tiktok without www', `https://tiktok.com/@scout2015/video/${TT}`, tiktok('scout2015')],
  ['tiktok m. host', `https://m.tiktok.com/@scout2015/video/${TT}`, tiktok('scout2015')],
  ['tiktok over http', `http://www.tiktok.com/@scout2015/video/${TT}`, tiktok('scout2015')],
  ['tiktok trailing slash', `https://www.tiktok.com/@scout2015/video/${TT}/`, tiktok('scout2015')],
  [
    'tiktok with web query string',
    `https://www.tiktok.com/@scout2015/video/${TT}?is_from_webapp=1&sender_device=pc&web_id=7123`,
    tiktok('scout2015'),
  ],
  [
    'tiktok with fragment',
    `https://www.tiktok.com/@scout2015/video/${TT}#comments`,
    tiktok('scout2015'),
  ],
  [
    'tiktok upper-case scheme and host',
    `HTTPS://WWW.TIKTOK.COM/@scout2015/video/${TT}`,
    tiktok('scout2015'),
  ],
  ['tiktok without scheme', `www.tiktok.com/@scout2015/video/${TT}`, tiktok('scout2015')],
  [
    'tiktok handle with dot and underscore',
    `tiktok.com/@user.name_1/video/${TT}`,
    tiktok('user.name_1'),
  ],
  [
    'tiktok explicit default port',
    `https://www.tiktok.com:443/@scout2015/video/${TT}`,
    tiktok('scout2015'),
  ],
  [
    'tiktok percent-encoded @',
    `https://www.tiktok.com/%40scout2015/video/${TT}`,
    tiktok('scout2015'),
  ],
  [
    'tiktok empty handle (our fallback permalink)',
    `https://www.tiktok.com/@/video/${TT}`,
    tiktok(),
  ],
  ['tiktok m./v/ID.html', `https://m.tiktok.com/v/${TT}.html`, tiktok()],
  [
    'tiktok m./v/ID.html with tracking query',
    `https://m.tiktok.com/v/${TT}.html?_d=secCgYIASAHKAESPgo8&language=en&preview_pb=0`,
    tiktok(),
  ],
  ['tiktok embed v2', `https://www.tiktok.com/embed/v2/${TT}`, tiktok()],
  ['tiktok embed', `https://www.tiktok.com/embed/${TT}`, tiktok()],
  // network_a, short links
  [
    'tiktok vm. short link',
    'https://vm.tiktok.com/ZMeAbCd12/',
    { short: 'https://vm.tiktok.com/ZMeAbCd12/' },
  ],
  [
    'tiktok vt. short link with - and _',
    'https://vt.tiktok.com/ZSj-Xy_Z1/',
    { short: 'https://vt.tiktok.com/ZSj-Xy_Z1/' },
  ],
  [
    'tiktok vm. without scheme or slash',
    'vm.tiktok.com/ZMeAbCd12',
    { short: 'https://vm.tiktok.com/ZMeAbCd12/' },
  ],
  [
    'tiktok vm. over http is rebuilt as https',
    'http://VM.TIKTOK.COM/ZMeAbCd12/',
    { short: 'https://vm.tiktok.com/ZMeAbCd12/' },
  ],
  [
    'tiktok /t/ short link',
    'https://www.tiktok.com/t/ZTRvK8Fq2/',
    { short: 'https://www.tiktok.com/t/ZTRvK8Fq2/' },
  ],
  [
    'tiktok /t/ without www or slash',
    'https://tiktok.com/t/ZTRvK8Fq2',
    { short: 'https://www.tiktok.com/t/ZTRvK8Fq2/' },
  ],
  [
    'tiktok app share text',
    'Check out this video on TikTok! https://vm.tiktok.com/ZMeAbCd12/ #fyp',
    { short: 'https://vm.tiktok.com/ZMeAbCd12/' },
  ],
  [
    'tiktok photo post',
    `https://www.tiktok.com/@scout2015/photo/${TT}`,
    { nonVideo: 'photo', namespacedId: TT },
  ],
  // network_b
  ['douyin video', `https://www.douyin.com/video/${DY}`, douyin],
  ['douyin without www', `https://douyin.com/video/${DY}`, douyin],
  ['douyin with query', `https://www.douyin.com/video/${DY}?previous_page=app_code_link`, douyin],
  [
    'iesdouyin share page with app query',
    `https://www.iesdouyin.com/share/video/${DY}/?region=CN&mid=7301&u_code=abc&did=1&iid=2&with_sec_did=1`,
    douyin,
  ],
  ['iesdouyin without www', `https://iesdouyin.com/share/video/${DY}`, douyin],
  ['douyin m. share page', `https://m.douyin.com/share/video/${DY}/`, douyin],
  ['douyin discover modal', `https://www.douyin.com/discover?modal_id=${DY}`, douyin],
  [
    'douyin user page modal',
    `https://www.douyin.com/user/MS4wLjABAAAA-abc_def?from_tab_name=main&modal_id=${DY}&vid=1`,
    douyin,
  ],
  [
    'douyin search modal',
    `https://www.douyin.com/search/%E7%BE%8E%E9%A3%9F?aid=1&modal_id=${DY}&type=general`,
    douyin,
  ],
  ['douyin jingxuan modal', `https://www.douyin.com/jingxuan?modal_id=${DY}`, douyin],
  ['douyin root modal', `https://www.douyin.com/?modal_id=${DY}`, douyin],
  [
    'douyin short link',
    'https://v.douyin.com/LTwVOJ1S-mE/',
    { short: 'https://v.douyin.com/LTwVOJ1S-mE/' },
  ],
  [
    'douyin short link without scheme',
    'v.douyin.com/iRNBho6u/',
    { short: 'https://v.douyin.com/iRNBho6u/' },
  ],
  [
    'douyin app share text',
    '7.43 pda:/ 标题 https://v.douyin.com/LTwVOJ1S-mE/ 复制此链接，打开Dou音搜索，直接观看视频！',
    { short: 'https://v.douyin.com/LTwVOJ1S-mE/' },
  ],
  [
    'douyin share text with trailing codes',
    '8.94 复制打开抖音，看看【小明的作品】今天吃什么 # 美食 https://v.douyin.com/iRNBho6u/ aAG:/ 08/12 G@v.Fh',
    { short: 'https://v.douyin.com/iRNBho6u/' },
  ],
  [
    'douyin share text with the link glued to Chinese',
    '看看这个视频https://v.douyin.com/iRNBho6u/复制此链接',
    { short: 'https://v.douyin.com/iRNBho6u/' },
  ],
  [
    'douyin note',
    `https://www.douyin.com/note/${DY}`,
    { nonVideo: 'note', namespacedId: `network_b:${DY}` },
  ],
  [
    'iesdouyin shared note',
    `https://www.iesdouyin.com/share/note/${DY}/?region=CN`,
    { nonVideo: 'note', namespacedId: `network_b:${DY}` },
  ],
  [
    'douyin slides',
    `https://www.douyin.com/slides/${DY}`,
    { nonVideo: 'slides', namespacedId: `network_b:${DY}` },
  ],
  // Instagram
  ['instagram reel', `https://www.instagram.com/reel/${IG}/`, instagram()],
  ['instagram reel without www or slash', `https://instagram.com/reel/${IG}`, instagram()],
  [
    'instagram reel with igsh',
    `https://www.instagram.com/reel/${IG}/?igsh=MWQ1ZGUxMzBkMA==`,
    instagram(),
  ],
  ['instagram reels', `https://www.instagram.com/reels/${IG}/`, instagram()],
  ['instagram post', `https://www.instagram.com/p/${IG}/`, instagram()],
  ['instagram tv', 'https://www.instagram.com/tv/B_abc-12345/', instagram('B_abc-12345')],
  ['instagram reel under a username', `https://www.instagram.com/natgeo/reel/${IG}/`, instagram()],
  [
    'instagram post with copy-link query',
    `https://www.instagram.com/p/${IG}/?utm_source=ig_web_copy_link&igshid=MzRlODBiNWFlZA==`,
    instagram(),
  ],
  ['instagram m. host', `https://m.instagram.com/reel/${IG}/`, instagram()],
  [
    'instagram share/reel is a short link',
    'https://www.instagram.com/share/reel/BAF1bX2abc/',
    { short: 'https://www.instagram.com/share/reel/BAF1bX2abc/' },
  ],
  [
    'instagram share/p is a short link',
    'https://instagram.com/share/p/BAF1bX2abc',
    { short: 'https://www.instagram.com/share/p/BAF1bX2abc/' },
  ],
  // YouTube
  ['youtube short', `https://www.youtube.com/shorts/${YT}`, youtube()],
  ['youtube short with si', `https://youtube.com/shorts/${YT}?si=abcDEF123`, youtube()],
  ['youtube m. short', `https://m.youtube.com/shorts/${YT}`, youtube()],
  ['youtube short trailing slash', `https://www.youtube.com/shorts/${YT}/`, youtube()],
  ['youtu.be', `https://youtu.be/${YT}`, youtube()],
  ['youtu.be with query', `https://youtu.be/${YT}?si=xyz&t=10`, youtube()],
  ['youtu.be without scheme, id with - and _', 'youtu.be/a-B_c1D2e3F', youtube('a-B_c1D2e3F')],
  // Wrapping and repetition
  ['link in brackets with full stop', `(https://www.youtube.com/shorts/${YT}).`, youtube()],
  ['link in angle brackets', `<https://www.tiktok.com/@a/video/${TT}>`, tiktok('a')],
  ['link on its own line', `\n  https://youtu.be/${YT}\n`, youtube()],
  ['the same link twice', `https://youtu.be/${YT} https://youtu.be/${YT}`, youtube()],
  [
    'the same video through two shapes',
    `youtu.be/${YT} https://www.youtube.com/shorts/${YT}`,
    youtube(),
  ],

  // Refused: supported sites, but not a video
  ['tiktok profile', 'https://www.tiktok.com/@scout2015', refused(NOT_A_VIDEO)],
  ['tiktok home', 'https://www.tiktok.com/', refused(NOT_A_VIDEO)],
  ['tiktok id too short', 'https://www.tiktok.com/@scout2015/video/123', refused(NOT_A_VIDEO)],
  ['tiktok id too long', `https://www.tiktok.com/@scout2015/video/${TT}1`, refused(NOT_A_VIDEO)],
  ['tiktok tag page', 'https://www.tiktok.com/tag/dance', refused(NOT_A_VIDEO)],
  ['tiktok sound page', `https://www.tiktok.com/music/original-sound-${TT}`, refused(NOT_A_VIDEO)],
  ['tiktok short host without code', 'https://vm.tiktok.com/', refused(NOT_A_VIDEO)],
  [
    'tiktok dot-segment path',
    `https://www.tiktok.com/@a/video/${TT}/../../evil`,
    refused(NOT_A_VIDEO),
  ],
  [
    'tiktok encoded CRLF after id',
    `https://www.tiktok.com/@a/video/${TT}%0d%0aSet-Cookie:x`,
    refused(NOT_A_VIDEO),
  ],
  [
    'douyin user page without modal',
    'https://www.douyin.com/user/MS4wLjABAAAA',
    refused(NOT_A_VIDEO),
  ],
  [
    'douyin modal id too short',
    'https://www.douyin.com/discover?modal_id=123',
    refused(NOT_A_VIDEO),
  ],
  ['douyin short host without code', 'https://v.douyin.com/', refused(NOT_A_VIDEO)],
  ['instagram profile', 'https://www.instagram.com/natgeo/', refused(NOT_A_VIDEO)],
  [
    'instagram story',
    'https://www.instagram.com/stories/natgeo/3123456789012345678/',
    refused(NOT_A_VIDEO),
  ],
  ['instagram explore', 'https://www.instagram.com/explore/tags/food/', refused(NOT_A_VIDEO)],
  ['youtube watch page', `https://www.youtube.com/watch?v=${YT}`, refused(NOT_A_VIDEO)],
  [
    'youtube id of 10 characters',
    'https://www.youtube.com/shorts/dQw4w9WgXc',
    refused(NOT_A_VIDEO),
  ],
  ['youtube id of 12 characters', `https://www.youtube.com/shorts/${YT}Q`, refused(NOT_A_VIDEO)],
  ['youtu.be without id', 'https://youtu.be/', refused(NOT_A_VIDEO)],
  ['youtube channel', 'https://www.youtube.com/@channel', refused(NOT_A_VIDEO)],
  // Refused: other sites and look-alike hosts
  ['another video site', 'https://vimeo.com/123456', refused(NOT_A_SITE)],
  ['network_b sister site', `https://www.ixigua.com/${DY}`, refused(NOT_A_SITE)],
  ['look-alike suffix host', `https://tiktok.com.evil.example/@a/video/${TT}`, refused(NOT_A_SITE)],
  ['look-alike prefix host', `https://evil-tiktok.com/@a/video/${TT}`, refused(NOT_A_SITE)],
  ['look-alike douyin suffix', `https://www.douyin.com.cn/video/${DY}`, refused(NOT_A_SITE)],
  [
    'look-alike youtube suffix',
    `https://youtube.com.evil.example/shorts/${YT}`,
    refused(NOT_A_SITE),
  ],
  ['look-alike youtu.be', `https://notyoutu.be/${YT}`, refused(NOT_A_SITE)],
  ['unlisted tiktok subdomain', `https://evil.tiktok.com/@a/video/${TT}`, refused(NOT_A_SITE)],
  ['Cyrillic look-alike letter', `https://www.tiktoк.com/@a/video/${TT}`, refused(NOT_A_SITE)],
  ['punycode host', `https://xn--tiktk-rta.com/@a/video/${TT}`, refused(NOT_A_SITE)],
  [
    'cloud metadata name',
    'http://metadata.google.internal/computeMetadata/v1/',
    refused(NOT_A_SITE),
  ],
  ['localhost', `http://localhost/@a/video/${TT}`, refused('its host name is not valid')],
  // Refused: userinfo and parser-differential tricks
  ['userinfo host trick', `https://tiktok.com@evil.example/@a/video/${TT}`, refused(USERINFO)],
  [
    'userinfo on an allowlisted host',
    `https://user:pass@www.tiktok.com/@a/video/${TT}`,
    refused(USERINFO),
  ],
  ['userinfo towards loopback', 'https://www.tiktok.com@127.0.0.1/', refused(USERINFO)],
  [
    'fragment hiding a host',
    `https://evil.example#@www.tiktok.com/@a/video/${TT}`,
    refused(NOT_A_SITE),
  ],
  [
    'backslash authority trick',
    'https://www.tiktok.com\\@evil.example/',
    refused('characters a link cannot have'),
  ],
  [
    'backslash before allowlisted host',
    `https://evil.example\\@www.tiktok.com/@a/video/${TT}`,
    refused('characters a link cannot have'),
  ],
  ['percent-encoded host', 'https://www.tiktok.com%2F@evil.example/', refused(USERINFO)],
  [
    'percent-encoded host without @',
    'https://www.tiktok.com%2Eevil.example/',
    refused('its host name is not valid'),
  ],
  [
    'trailing-dot host',
    `https://www.tiktok.com./@a/video/${TT}`,
    refused('its host name is not valid'),
  ],
  ['non-default port', `https://www.tiktok.com:8443/@a/video/${TT}`, refused('non-default port')],
  ['http port on https', `https://www.tiktok.com:80/@a/video/${TT}`, refused('non-default port')],
  ['empty port', `https://www.tiktok.com:/@a/video/${TT}`, refused('non-default port')],
  ['protocol-relative link', `//www.tiktok.com/@a/video/${TT}`, refused('no link found')],
  ['scheme without slashes', `https:www.tiktok.com/@a/video/${TT}`, refused(SCHEME)],
  // Refused: IP literals in every notation
  ['IPv4 loopback', `http://127.0.0.1/@a/video/${TT}`, refused(IP)],
  ['IPv4 loopback https', 'https://127.0.0.1/', refused(IP)],
  ['decimal loopback', 'http://2130706433/', refused(IP)],
  ['octal loopback', 'http://0177.0.0.1/', refused(IP)],
  ['hex loopback', 'http://0x7f.0.0.1/', refused(IP)],
  ['single hex number', 'http://0x7f000001/', refused(IP)],
  ['short-form loopback', 'http://127.1/', refused(IP)],
  ['IPv6 loopback', 'http://[::1]/', refused(IP)],
  ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/', refused(IP)],
  ['IPv4-mapped IPv6 loopback in hex', 'http://[::ffff:7f00:1]/', refused(IP)],
  ['private 10/8', 'http://10.0.0.1/', refused(IP)],
  ['private 192.168/16', 'https://192.168.1.1/', refused(IP)],
  ['link-local metadata address', 'http://169.254.169.254/latest/meta-data/', refused(IP)],
  ['IPv6 link-local', 'http://[fe80::1]/', refused(IP)],
  ['IPv6 unique local', 'http://[fd00::1]/', refused(IP)],
  ['unspecified address', 'http://0.0.0.0/', refused(IP)],
  ['public IP literal', 'https://8.8.8.8/', refused(IP)],
  // Refused: other schemes
  ['javascript:', 'javascript:alert(1)', refused(SCHEME)],
  ['javascript: with slashes', 'JavaScript://www.tiktok.com/%0aalert(1)', refused(SCHEME)],
  ['data:', 'data:text/html,<script>alert(1)</script>', refused(SCHEME)],
  ['file:', 'file:///etc/passwd', refused(SCHEME)],
  ['ftp:', `ftp://www.tiktok.com/@a/video/${TT}`, refused(SCHEME)],
  ['gopher:', 'gopher://127.0.0.1:6379/_INFO', refused(SCHEME)],
  ['app deep link', `snssdk1128://aweme/detail/${DY}`, refused(SCHEME)],
  // Refused: shape of the input
  [
    'over-long link',
    `https://www.tiktok.com/@a/video/${TT}?x=${'a'.repeat(MAX_LINK_INPUT_LENGTH)}`,
    refused('longer than 2048'),
  ],
  ['empty string', '', refused('empty')],
  ['blank string', '   \n\t ', refused('empty')],
  ['prose without a link', 'my favourite dance video', refused('no link found')],
  ['not a string: number', 42, refused('must be a string')],
  ['not a string: null', null, refused('must be a string')],
  ['not a string: object', { url: `https://youtu.be/${YT}` }, refused('must be a string')],
  [
    'two different links',
    `https://youtu.be/${YT} https://vm.tiktok.com/ZMeAbCd12/`,
    refused('more than one link'),
  ],
  [
    'a video link and another link',
    `https://www.tiktok.com/@a/video/${TT} https://evil.example/`,
    refused('more than one link'),
  ],
  ['newline splitting a host', `https://www.tik\ntok.com/@a/video/${TT}`, refused(NOT_A_SITE)],
];

function describeOutcome(result: LinkParseResult): Expectation {
  switch (result.kind) {
    case 'video': {
      const { ref } = result;
      return {
        video: ref.namespacedId,
        canonical: ref.canonicalUrl,
        ...(ref.handle === undefined ? {} : { handle: ref.handle }),
      };
    }
    case 'short_link':
      return { short: result.shortUrl };
    case 'non_video':
      return { nonVideo: result.postType, namespacedId: result.namespacedId };
  }
}

describe('parseVideoLink: real-world link shapes', () => {
  it('covers at least 80 shapes', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(80);
  });

  it.each(CASES)('%s', (_description, input, expected) => {
    if ('refused' in expected) {
      let thrown: unknown;
      try {
        parseVideoLink(input);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      const error = thrown as DomainError;
      expect(error.code).toBe('invalid_request');
      expect(error.param).toBe('url');
      expect(error.message).toContain(expected.refused);
      expect(error.message).toContain('Accepted:');
      return;
    }
    expect(describeOutcome(parseVideoLink(input))).toEqual(expected);
  });
});
