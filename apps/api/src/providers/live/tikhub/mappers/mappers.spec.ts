import {
  appAweme,
  appMusic,
  chartSound,
  instagramMedia,
  webItemFromAweme,
  youtubeVideo,
} from '../../../../../test/fakes/provider-payloads';
import { count } from '../../json-read';
import {
  extractPosts,
  extractSounds,
  isRiskControl,
  mapAppAweme,
  mapChartSound,
  mapInstagramMedia,
  mapWebItem,
  mapYoutubeVideo,
  parseCaptionFile,
  readPlayCounts,
  unavailableReason,
} from '.';

const ID_A = '7301234567890123456';
const ID_B = '7409876543210987654';

describe('provider mapping', () => {
  it('maps a network_a app-format post: counts, seconds, ISO time, hashtags, author, sound', () => {
    const post = mapAppAweme(
      appAweme({
        id: ID_A,
        desc: 'Latte art for beginners #latteart',
        handle: 'brewwithmaya',
        nickname: 'Maya',
        followers: 5000,
        plays: 120_000,
        likes: 9_000,
        comments: 300,
        shares: 120,
        durationMs: 23_450,
        createTime: 1_767_225_600,
        hashtags: ['latteart'],
        playUrl: 'https://cdn.example/v.mp4',
        music: appMusic({
          id: '7000000000000000001',
          title: 'Golden Groove',
          durationSec: 30,
          commercial: true,
        }),
      }),
      'network_a',
    )!;
    expect(post).toMatchObject({
      platform: 'network_a',
      market: 'network_a',
      id: ID_A,
      namespacedId: ID_A,
      url: `https://www.tiktok.com/@brewwithmaya/video/${ID_A}`,
      kind: 'video',
      authorHandle: 'brewwithmaya',
      authorName: 'Maya',
      authorFollowers: 5000,
      durationSec: 23.45,
      postedAt: '2026-01-01T00:00:00.000Z',
      hashtags: ['latteart'],
      mediaUrl: 'https://cdn.example/v.mp4',
      stats: { playCount: 120_000, likeCount: 9_000, commentCount: 300, shareCount: 120 },
    });
    expect(post.sound).toMatchObject({
      id: '7000000000000000001',
      namespacedId: '7000000000000000001',
      commercial: true,
    });
  });

  it('parses string counts and leaves missing counts null, never 0', () => {
    const post = mapAppAweme(
      appAweme({ id: ID_A, plays: 12_345, likes: 678, stringCounts: true }),
      'network_a',
    )!;
    expect(post.stats.playCount).toBe(12_345);
    expect(post.stats.likeCount).toBe(678);
    expect(post.stats.commentCount).toBeNull();
    expect(post.stats.shareCount).toBeNull();
    expect(post.authorFollowers).toBeNull();
  });

  it('treats network_b feed play counts as unknown (the feeds send 0 placeholders)', () => {
    const post = mapAppAweme(appAweme({ id: ID_B, plays: 0, likes: 50 }), 'network_b')!;
    expect(post.stats.playCount).toBeNull();
    expect(post.stats.likeCount).toBe(50);
    expect(post.namespacedId).toBe(`network_b:${ID_B}`);
    expect(post.url).toBe(`https://www.douyin.com/video/${ID_B}`);
  });

  it('recognises photo posts and gives them no media URL', () => {
    const post = mapAppAweme(appAweme({ id: ID_A, handle: 'h', photo: true }), 'network_a')!;
    expect(post.kind).toBe('photo');
    expect(post.mediaUrl).toBeNull();
    expect(post.url).toBe(`https://www.tiktok.com/@h/photo/${ID_A}`);
  });

  it('maps the web format, preferring statsV2 strings (which survive values past 2^53)', () => {
    const item = webItemFromAweme(
      appAweme({ id: ID_A, handle: 'web.user', plays: 10, likes: 2, durationMs: 31_000 }),
    );
    (item.statsV2 as Record<string, string>).playCount = '9007199254740993';
    const post = mapWebItem(item)!;
    expect(post.stats.playCount).toBe(Number('9007199254740993'));
    expect(post.stats.likeCount).toBe(2);
    expect(post.durationSec).toBe(31);
    expect(post.authorHandle).toBe('web.user');
  });

  it('reads a web item with only numeric stats and missing fields', () => {
    const post = mapWebItem({ id: ID_A, desc: 'x', stats: { playCount: 5 } })!;
    expect(post.stats).toEqual({
      playCount: 5,
      likeCount: null,
      commentCount: null,
      shareCount: null,
      collectCount: null,
    });
    expect(post.durationSec).toBeNull();
    expect(post.postedAt).toBeNull();
    expect(post.authorHandle).toBeNull();
  });

  it('extracts posts from every known list shape and skips non-posts and deleted posts', () => {
    const a = appAweme({ id: ID_A });
    const deleted = appAweme({ id: '7301234567890123457', deleted: true });
    expect(
      extractPosts(
        { business_data: [{ data: { aweme_info: a } }, { type: 999, data: { user: {} } }] },
        'network_b',
      ).map((p) => p.id),
    ).toEqual([ID_A]);
    expect(
      extractPosts({ search_item_list: [{ aweme_info: a }, { aweme_info: deleted }] }, 'network_a'),
    ).toHaveLength(1);
    expect(extractPosts({ data: [{ item: webItemFromAweme(a) }] }, 'network_a')[0].id).toBe(ID_A);
    expect(extractPosts({ aweme_list: [a] }, 'network_a')).toHaveLength(1);
    expect(extractPosts({}, 'network_a')).toEqual([]);
  });

  it('reads both batch-statistics shapes; absent ids stay absent; a 0 next to likes is a placeholder', () => {
    expect(
      readPlayCounts({
        statistics_list: [
          { aweme_id: ID_B, play_count: 42 },
          { aweme_id: 'x1', play_count: '7' },
        ],
      }),
    ).toEqual(
      new Map([
        [ID_B, 42],
        ['x1', 7],
      ]),
    );
    expect(
      readPlayCounts({
        aweme_details: [{ aweme_id: ID_B, statistics: { play_count: 99, digg_count: 1 } }],
      }),
    ).toEqual(new Map([[ID_B, 99]]));
    expect(
      readPlayCounts({ statistics_list: [{ aweme_id: ID_B, play_count: 0, digg_count: 5 }] }).size,
    ).toBe(0);
    expect(readPlayCounts({ statistics_list: [{ aweme_id: ID_B }] }).size).toBe(0);
  });

  it('maps chart items, app sounds with tags, and sound lists of any shape', () => {
    const chart = mapChartSound(
      chartSound({
        clipId: '7111111111111111111',
        title: 'Up',
        author: 'A',
        durationSec: 60,
        commercial: true,
        rank: 3,
        rankDiff: -2,
        trend: [{ time: 1_767_225_600, value: 0.5 }],
      }),
      0,
    )!;
    expect(chart).toMatchObject({
      id: '7111111111111111111',
      commercial: true,
      rank: 3,
      rankDiff: -2,
    });
    expect(chart.trend).toEqual([{ at: '2026-01-01T00:00:00.000Z', value: 0.5 }]);

    const [sound] = extractSounds(
      {
        music_list: [
          {
            music_info: appMusic({
              id: '7222222222222222222',
              title: '夏日',
              moods: ['Happy'],
              genres: ['Pop'],
              userCount: 10,
            }),
          },
        ],
      },
      'network_b',
    );
    expect(sound).toMatchObject({
      namespacedId: 'network_b:7222222222222222222',
      moods: ['Happy'],
      genres: ['Pop'],
      usageCount: 10,
      url: 'https://www.douyin.com/music/7222222222222222222',
    });
    expect(sound.commercial).toBeNull();
  });

  it('maps Instagram reels and photos, and YouTube shorts', () => {
    const reel = mapInstagramMedia(
      instagramMedia({
        code: 'Cabc123',
        caption: 'Hi #coffee',
        username: 'ig.user',
        videoUrl: 'https://cdn.example/ig.mp4',
        durationSec: 12.5,
        plays: 100,
      }),
      'Cabc123',
    )!;
    expect(reel).toMatchObject({
      platform: 'instagram',
      market: 'network_a',
      namespacedId: 'instagram:Cabc123',
      kind: 'video',
      durationSec: 12.5,
      hashtags: ['coffee'],
    });
    expect(reel.stats.playCount).toBe(100);
    expect(
      mapInstagramMedia(
        instagramMedia({ code: 'Cphoto1', caption: '', username: 'u', photo: true }),
        'Cphoto1',
      )!.kind,
    ).toBe('photo');

    const short = mapYoutubeVideo(
      youtubeVideo({
        id: 'abcdefghijk',
        title: 'T',
        channel: 'Chan',
        lengthSeconds: 45,
        views: 1000,
      }),
      'abcdefghijk',
    )!;
    expect(short).toMatchObject({
      namespacedId: 'youtube:abcdefghijk',
      durationSec: 45,
      postedAt: '2025-11-20T10:00:00.000Z',
    });
    expect(short.stats.playCount).toBe(1000);
  });

  it('detects risk-control status codes per network and unavailable posts', () => {
    expect(isRiskControl('network_b', { status_code: 2154 })).toBe(true);
    expect(isRiskControl('network_b', { status_code: 0 })).toBe(false);
    expect(isRiskControl('network_a', { statusCode: 10101 })).toBe(true);
    expect(unavailableReason(appAweme({ id: ID_A, deleted: true }))).toBe('deleted');
    expect(unavailableReason(appAweme({ id: ID_A }))).toBeNull();
  });

  it('parses WebVTT and JSON utterance caption files', () => {
    expect(
      parseCaptionFile(
        'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello <b>there</b>\n\n00:01:02.000 --> 00:01:03.250\nBye',
      ),
    ).toEqual([
      { start: 0.5, end: 2, text: 'Hello there' },
      { start: 62, end: 63.25, text: 'Bye' },
    ]);
    expect(
      parseCaptionFile(
        JSON.stringify({ utterances: [{ start_time: 0, end_time: 1500, text: '你好' }] }),
      ),
    ).toEqual([{ start: 0, end: 1.5, text: '你好' }]);
    expect(parseCaptionFile('garbage')).toBeNull();
  });

  it('reads counts tolerantly', () => {
    expect(count('1,234')).toBe(1234);
    expect(count('1.5M')).toBe(1_500_000);
    expect(count(-1)).toBeNull();
    expect(count('n/a')).toBeNull();
    expect(count(undefined)).toBeNull();
  });
});
