import type { Post, SoundSummary } from '../providers/provider.types';
import {
  assemblePool,
  fromSummary,
  mergeSound,
  needsDetails,
  nichePhrases,
  searchPhrases,
  soundsOfSimilarVideos,
  type PoolEntry,
  type PoolLists,
  type PoolSound,
} from './music.pool';

const sound = (id: string, overrides: Partial<PoolSound> = {}): PoolSound => ({
  market: 'network_a',
  id,
  namespacedId: id,
  title: `t${id}`,
  author: 'a',
  durationSec: 60,
  coverUrl: null,
  playUrl: `https://cdn.example/${id}.m4a`,
  isOriginal: false,
  commercial: true,
  shootDurationSec: 30,
  usageCount: 1_000,
  trend: null,
  url: `https://www.tiktok.com/music/x-${id}`,
  moods: [],
  genres: [],
  ...overrides,
});
const entries = (...ids: string[]): PoolEntry[] => ids.map((id) => ({ sound: sound(id) }));
const lists = (overrides: Partial<PoolLists>): PoolLists => ({
  video: [],
  similar_videos: [],
  sound_search: [],
  chart_rising: [],
  chart_popular: [],
  ...overrides,
});

describe('assemblePool', () => {
  it("puts the video's own sound first, then lets the sources take turns, up to max", () => {
    const pool = assemblePool(
      lists({
        video: entries('v'),
        similar_videos: entries('s1', 's2', 's3'),
        sound_search: entries('q1', 'q2'),
        chart_rising: entries('r1', 'r2'),
        chart_popular: entries('p1', 'p2', 'p3'),
      }),
      { market: 'network_a', max: 8, requireCommercial: false },
    );
    expect(pool.map((c) => c.id)).toEqual(['v', 's1', 'q1', 'r1', 'p1', 's2', 'q2', 'r2']);
  });

  it('merges a sound found twice: richer data, every source, every chart placement', () => {
    const pool = assemblePool(
      lists({
        similar_videos: [{ sound: fromSummary({ ...sound('x'), playUrl: null }) }],
        chart_rising: [
          {
            sound: sound('x', {
              usageCount: 9_000,
              trend: [{ at: '2026-01-01T00:00:00Z', value: 3 }],
            }),
            chart: { kind: 'rising', rank: 4, rankDiff: 12 },
          },
        ],
        chart_popular: [{ sound: sound('x'), chart: { kind: 'popular', rank: 9, rankDiff: null } }],
      }),
      { market: 'network_a', max: 50, requireCommercial: false },
    );
    expect(pool).toHaveLength(1);
    expect(pool[0].sources).toEqual(['similar_videos', 'chart_rising', 'chart_popular']);
    expect(pool[0].charts.map((c) => c.kind)).toEqual(['rising', 'popular']);
    expect(pool[0].playUrl).toBe('https://cdn.example/x.m4a');
    expect(pool[0].usageCount).toBe(9_000);
    expect(pool[0].trend).toHaveLength(1);
  });

  it('keeps to one market and, with requireCommercial, skips sounds known not to be commercial', () => {
    const pool = assemblePool(
      lists({
        video: [{ sound: sound('own', { commercial: false }) }],
        chart_popular: [
          { sound: sound('c') },
          { sound: sound('n', { commercial: false }) },
          { sound: sound('u', { commercial: null }) },
          { sound: sound('b', { market: 'network_b', namespacedId: 'network_b:b' }) },
        ],
      }),
      { market: 'network_a', max: 50, requireCommercial: true },
    );
    // Unknown status stays until the sound's details are read.
    expect(pool.map((c) => c.id)).toEqual(['c', 'u']);
  });

  it('is empty when every source is', () => {
    expect(
      assemblePool(lists({}), { market: 'network_b', max: 50, requireCommercial: false }),
    ).toEqual([]);
  });
});

describe('mergeSound and needsDetails', () => {
  it('fills only what the first answer left out', () => {
    const merged = mergeSound(
      sound('a', { title: 'Chart title', playUrl: null, shootDurationSec: null }),
      sound('a', {
        title: 'Detail title',
        playUrl: 'https://cdn.example/p.m4a',
        shootDurationSec: 12,
      }),
    );
    expect(merged).toMatchObject({
      title: 'Chart title',
      playUrl: 'https://cdn.example/p.m4a',
      shootDurationSec: 12,
    });
  });

  it('asks for details only when the audio or the library status is missing', () => {
    expect(needsDetails(sound('a'))).toBe(false);
    for (const missing of ['playUrl', 'commercial'] as const) {
      expect(needsDetails(sound('a', { [missing]: null }))).toBe(true);
    }
    for (const missing of ['shootDurationSec', 'usageCount', 'url'] as const) {
      expect(needsDetails(sound('a', { [missing]: null }))).toBe(false);
    }
  });
});

describe('soundsOfSimilarVideos', () => {
  const summary = (id: string): SoundSummary => ({
    market: 'network_a',
    id,
    namespacedId: id,
    title: null,
    author: null,
    durationSec: null,
    coverUrl: null,
    playUrl: null,
    isOriginal: null,
    commercial: null,
  });
  const post = (id: string, soundId: string | null, kind: Post['kind'] = 'video') =>
    ({ namespacedId: id, kind, sound: soundId ? summary(soundId) : null }) as Post;

  it('most used first (ties by first seen), skipping the video itself, photos and silent posts', () => {
    const found = soundsOfSimilarVideos(
      [
        post('self', 'mine'),
        post('1', 'a'),
        post('2', 'b'),
        post('3', 'b'),
        post('4', null),
        post('5', 'c', 'photo'),
        post('6', 'd'),
      ],
      'self',
    );
    expect(found.map((e) => e.sound.id)).toEqual(['b', 'a', 'd']);
    expect(found[0].sound.playUrl).toBeNull();
  });
});

describe('searchPhrases', () => {
  it('takes the caption opening and the niche hashtags, not the generic ones', () => {
    expect(
      searchPhrases(
        '3 latte art mistakes beginners make! @barista https://x.co/a #latteart #fyp #coffee',
        ['latteart', 'fyp', 'coffee'],
      ),
    ).toEqual(['3 latte art mistakes beginners make', 'latteart', 'coffee']);
  });

  it('keeps Chinese captions whole (no spaces between words) and dedupes', () => {
    expect(
      searchPhrases('新手也能做的手冲咖啡 #手冲咖啡 #抖音', ['手冲咖啡', '抖音', '手冲咖啡']),
    ).toEqual(['新手也能做的手冲咖啡', '手冲咖啡']);
  });

  it('works without a caption', () => {
    expect(searchPhrases(null, [])).toEqual([]);
    expect(searchPhrases(null, ['#skincare'])).toEqual(['skincare']);
  });
});

describe('nichePhrases', () => {
  const tagged = (id: string, hashtags: string[], kind: Post['kind'] = 'video') =>
    ({ namespacedId: id, kind, hashtags }) as unknown as Post;

  it('takes the hashtags the similar videos share, most shared first, not those searched', () => {
    const posts = [
      tagged('self', ['mine', 'mine', 'mine']),
      tagged('1', ['coffeetok', 'latteart', 'fyp']),
      tagged('2', ['#CoffeeTok', 'espresso', 'FYP']),
      tagged('3', ['coffeetok', 'espresso']),
      tagged('3', ['coffeetok', 'espresso']), // found by two phrases: counted once
      tagged('4', ['latteart', 'espresso', 'espresso']),
      tagged('5', ['oneoff']),
    ];
    expect(nichePhrases(posts, 'self', ['Latte art at home', 'LatteArt'])).toEqual([
      'coffeetok',
      'espresso',
    ]);
    expect(nichePhrases(posts, 'self', [], 1)).toEqual(['coffeetok']);
  });

  it('needs a tag on at least two similar videos and a fifth of them; photos do not count', () => {
    const many = Array.from({ length: 20 }, (_, i) => tagged(`p${i}`, [`own${i}`]));
    expect(nichePhrases([...many, tagged('a', ['rare']), tagged('b', ['rare'])], 'x', [])).toEqual(
      [],
    );
    expect(nichePhrases([tagged('a', ['solo'])], 'x', [])).toEqual([]);
    expect(
      nichePhrases([tagged('a', ['pic'], 'photo'), tagged('b', ['pic'], 'photo')], 'x', []),
    ).toEqual([]);
    expect(nichePhrases([], 'x', [])).toEqual([]);
  });

  it('works on Chinese hashtags', () => {
    expect(
      nichePhrases([tagged('1', ['手冲咖啡', '抖音']), tagged('2', ['手冲咖啡', '热门'])], 'self', [
        '新手也能做的手冲',
      ]),
    ).toEqual(['手冲咖啡']);
  });
});
