import type { Post } from '../providers/provider.types';
import {
  byTraction,
  dedupeVideos,
  hasAllCounts,
  rankReels,
  RELEVANCE_THRESHOLD,
  toScanReel,
  validatePlan,
  validateRelevance,
  type Relevance,
} from './scan.ranking';

function post(id: string, overrides: Partial<Post> = {}, stats: Partial<Post['stats']> = {}): Post {
  return {
    platform: 'network_a',
    market: 'network_a',
    id,
    namespacedId: id,
    url: `https://www.tiktok.com/@h${id}/video/${id}`,
    kind: 'video',
    caption: `caption ${id}`,
    hashtags: [],
    authorHandle: `h${id}`,
    authorName: `Author ${id}`,
    authorFollowers: null,
    postedAt: '2025-11-24T16:00:00.000Z',
    durationSec: 15,
    coverUrl: `https://cdn.example/${id}.jpg`,
    mediaUrl: `https://cdn.example/${id}.mp4`,
    stats: {
      playCount: 100,
      likeCount: 10,
      commentCount: 1,
      shareCount: 1,
      collectCount: null,
      ...stats,
    },
    captions: null,
    sound: null,
    ...overrides,
  };
}

const scored = (entries: [string, number][]): Map<string, Relevance> =>
  new Map(entries.map(([id, score]) => [id, { score, reason: `reason ${id}` }]));

describe('byTraction', () => {
  it('orders by play count, ties by likes, then by id', () => {
    const posts = [
      post('c', {}, { playCount: 100, likeCount: 5 }),
      post('b', {}, { playCount: 100, likeCount: 5 }),
      post('a', {}, { playCount: 100, likeCount: 9 }),
      post('d', {}, { playCount: 500, likeCount: 0 }),
    ];
    expect([...posts].sort(byTraction).map((p) => p.id)).toEqual(['d', 'a', 'b', 'c']);
  });
});

describe('rankReels', () => {
  it('keeps scores at or above the threshold, comparing the raw score (5.95 is out)', () => {
    const posts = [post('a'), post('b'), post('c'), post('d')];
    const reels = rankReels(
      posts,
      scored([
        ['a', 5.95],
        ['b', RELEVANCE_THRESHOLD],
        ['c', 9.96],
        ['d', 5.99999],
      ]),
      20,
    );
    expect(reels.map((r) => r.id)).toEqual(['b', 'c']);
  });

  it('rounds the score to 0.1 for output only', () => {
    const [reel] = rankReels([post('a')], scored([['a', 6.04]]), 20);
    expect(reel.relevance).toEqual({ score: 6, reason: 'reason a' });
    const [high] = rankReels([post('b')], scored([['b', 9.96]]), 20);
    expect(high.relevance?.score).toBe(10);
  });

  it('drops a reel the relevance map does not know', () => {
    expect(rankReels([post('a'), post('b')], scored([['a', 8]]), 20).map((r) => r.id)).toEqual([
      'a',
    ]);
  });

  it('degraded (no map): every candidate in traction order, relevance null, then the limit', () => {
    const posts = [
      post('a', {}, { playCount: 10 }),
      post('b', {}, { playCount: 30, likeCount: 1 }),
      post('c', {}, { playCount: 30, likeCount: 2 }),
      post('d', {}, { playCount: 20 }),
    ];
    const reels = rankReels(posts, null, 3);
    expect(reels.map((r) => r.id)).toEqual(['c', 'b', 'd']);
    expect(reels.every((r) => r.relevance === null)).toBe(true);
    // The caller's array is left alone.
    expect(posts.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('sorts the kept reels by plays, ties by likes then id, and cuts at the limit', () => {
    const posts = [
      post('z', {}, { playCount: 50, likeCount: 3 }),
      post('y', {}, { playCount: 50, likeCount: 3 }),
      post('x', {}, { playCount: 50, likeCount: 4 }),
      post('w', {}, { playCount: 70, likeCount: 0 }),
    ];
    const relevance = scored([
      ['w', 7],
      ['x', 7],
      ['y', 7],
      ['z', 7],
    ]);
    expect(rankReels(posts, relevance, 3).map((r) => r.id)).toEqual(['w', 'x', 'y']);
  });
});

describe('toScanReel', () => {
  it('maps every field of a scan reel', () => {
    expect(toScanReel(post('7'), { score: 7.26, reason: 'fits' })).toEqual({
      id: '7',
      url: 'https://www.tiktok.com/@h7/video/7',
      coverUrl: 'https://cdn.example/7.jpg',
      authorHandle: 'h7',
      authorName: 'Author 7',
      authorFollowers: null,
      caption: 'caption 7',
      playCount: 100,
      likeCount: 10,
      commentCount: 1,
      shareCount: 1,
      durationSec: 15,
      postedAt: '2025-11-24T16:00:00.000Z',
      relevance: { score: 7.3, reason: 'fits' },
      outlier: null,
    });
  });

  it('carries the follower count and the outlier score it gives; null without a usable count', () => {
    const known = toScanReel(post('8', { authorFollowers: 3_000 }, { playCount: 400_000 }), null);
    expect(known.authorFollowers).toBe(3_000);
    expect(known.outlier).toEqual({ score: 39.17, multiple: 133.33, band: 'exceptional' });
    const zero = toScanReel(post('9', { authorFollowers: 0 }), null);
    expect(zero.authorFollowers).toBe(0);
    expect(zero.outlier).toBeNull();
  });
});

describe('rankReels with a sort', () => {
  // Scores: o1 39.17 (exceptional), o2 19.15 (strong), o3 -0.48 (ordinary); u1 and u2 unknown.
  const posts = [
    post('u1', {}, { playCount: 9_000_000 }),
    post('o3', { authorFollowers: 2 }, { playCount: 1 }),
    post('o2', { authorFollowers: 10_000 }, { playCount: 80_000 }),
    post('u2', { authorFollowers: 0 }, { playCount: 5_000_000 }),
    post('o1', { authorFollowers: 3_000 }, { playCount: 400_000 }),
  ];
  const relevance = scored([
    ['u1', 6],
    ['o3', 9.5],
    ['o2', 7],
    ['u2', 8],
    ['o1', 6.5],
  ]);

  it('traction (the default) orders by plays whatever the outlier scores', () => {
    const ids = rankReels(posts, relevance, 5).map((r) => r.id);
    expect(ids).toEqual(['u1', 'u2', 'o1', 'o2', 'o3']);
    expect(rankReels(posts, relevance, 5, 'traction').map((r) => r.id)).toEqual(ids);
  });

  it('outlier orders by score, highest first, unknown last in traction order', () => {
    expect(rankReels(posts, relevance, 5, 'outlier').map((r) => r.id)).toEqual([
      'o1',
      'o2',
      'o3',
      'u1',
      'u2',
    ]);
  });

  it('outlier applies before the limit: a small breakout beats a big ordinary reel', () => {
    expect(rankReels(posts, relevance, 1, 'outlier').map((r) => r.id)).toEqual(['o1']);
    expect(rankReels(posts, relevance, 1, 'traction').map((r) => r.id)).toEqual(['u1']);
  });

  it('outlier ties on the delivered score fall back to traction order, then the id', () => {
    const tied = [
      post('b', { authorFollowers: 1_000 }, { playCount: 10_000, likeCount: 1 }),
      post('c', { authorFollowers: 1_000 }, { playCount: 10_000, likeCount: 1 }),
      post('a', { authorFollowers: 100 }, { playCount: 1_000, likeCount: 1 }),
      post('d', { authorFollowers: 1_000 }, { playCount: 10_000, likeCount: 2 }),
    ];
    // a: ln 10 × ln 100 = 10.6; b, c, d: ln 10 × ln 1000 = 15.91.
    expect(rankReels(tied, null, 4, 'outlier').map((r) => r.id)).toEqual(['d', 'b', 'c', 'a']);
  });

  it('relevance orders by the raw relevance score; degraded (no scores) falls back to traction', () => {
    expect(rankReels(posts, relevance, 5, 'relevance').map((r) => r.id)).toEqual([
      'o3',
      'u2',
      'o2',
      'o1',
      'u1',
    ]);
    expect(rankReels(posts, null, 5, 'relevance').map((r) => r.id)).toEqual([
      'u1',
      'u2',
      'o1',
      'o2',
      'o3',
    ]);
  });
});

describe('validateRelevance', () => {
  const validate = validateRelevance(new Set(['a', 'b']));

  it('keeps the raw score and a trimmed reason for every asked id; ignores ids not asked', () => {
    const out = validate({
      scores: [
        { id: 'a', score: 5.95, reason: ' close ' },
        { id: 'b', score: 8, reason: 'fits' },
        { id: 'zzz', score: 9, reason: 'not asked' },
      ],
    });
    expect(out).toEqual(
      new Map([
        ['a', { score: 5.95, reason: 'close' }],
        ['b', { score: 8, reason: 'fits' }],
      ]),
    );
  });

  it('rejects an answer that skips an asked id (so the adapter asks again)', () => {
    expect(() => validate({ scores: [{ id: 'a', score: 8, reason: 'fits' }] })).toThrow(
      /1 of 2 reels not scored/,
    );
    expect(() => validate({ scores: [] })).toThrow(/2 of 2 reels not scored/);
  });

  it('rejects scores out of range and missing reasons', () => {
    expect(() =>
      validate({
        scores: [
          { id: 'a', score: 11, reason: 'x' },
          { id: 'b', score: 5, reason: 'x' },
        ],
      }),
    ).toThrow(/bad score/);
    expect(() =>
      validate({
        scores: [
          { id: 'a', score: 5, reason: ' ' },
          { id: 'b', score: 5, reason: 'x' },
        ],
      }),
    ).toThrow(/reason missing/);
    expect(() => validate({})).toThrow(/scores missing/);
  });
});

describe('dedupeVideos and hasAllCounts', () => {
  it('drops non-video posts and repeats (first occurrence wins)', () => {
    const first = post('a', { caption: 'first' });
    const out = dedupeVideos([
      first,
      post('p', { kind: 'photo', mediaUrl: null }),
      post('a', { caption: 'second' }),
      post('s', { kind: 'slides' }),
      post('b'),
    ]);
    expect(out.map((p) => [p.id, p.caption])).toEqual([
      ['a', 'first'],
      ['b', 'caption b'],
    ]);
  });

  it('leaves out reels with a withheld count', () => {
    expect(hasAllCounts(post('a'))).toBe(true);
    expect(hasAllCounts(post('a', {}, { playCount: null }))).toBe(false);
    expect(hasAllCounts(post('a', {}, { shareCount: null }))).toBe(false);
  });
});

describe('validatePlan', () => {
  it('keeps 3 to 6 distinct trimmed phrases', () => {
    expect(
      validatePlan({ niche: ' Coffee ', phrases: ['a', ' a ', 'b', 'c', 'd', 'e', 'f', 'g'] }),
    ).toEqual({ niche: 'Coffee', phrases: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(() => validatePlan({ niche: 'x', phrases: ['a', 'a', 'b'] })).toThrow(/fewer than 3/);
  });
});
