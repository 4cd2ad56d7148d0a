import { compareTrends, judgeTrend, trendDays, type Rankable } from './trends';

const week = (values: (number | null)[]) => values;

describe('judgeTrend', () => {
  it('sums each window and rounds growth to 2 decimals', () => {
    const judged = judgeTrend([...week([1, 1, 1, 0, 0, 0, 0]), ...week([1, 1, 1, 1, 1, 0, 0])], 7);
    expect(judged).toEqual({ current: 5, previous: 3, growth: 1.67, stage: 'rising' });
  });

  it('counts null points as 0, and a previous window of nothing is new with null growth', () => {
    const judged = judgeTrend([...Array(7).fill(null), null, 2, null, 3, 0, 0, 0], 7);
    expect(judged).toEqual({ current: 5, previous: 0, growth: null, stage: 'new' });
  });

  it('an empty history is new at 0 (the rule reads previous alone)', () => {
    expect(judgeTrend(Array(14).fill(null), 7)).toEqual({
      current: 0,
      previous: 0,
      growth: null,
      stage: 'new',
    });
  });

  it('reads the rounded growth at the edges: 1.5 rising, 0.67 fading, in between steady', () => {
    const of = (previous: number, current: number) =>
      judgeTrend([previous, ...Array(6).fill(0), current, ...Array(6).fill(0)], 7);
    expect(of(200, 300).stage).toBe('rising'); // 1.5
    expect(of(1000, 1496)).toMatchObject({ growth: 1.5, stage: 'rising' }); // 1.496 → 1.5
    expect(of(1000, 1494)).toMatchObject({ growth: 1.49, stage: 'steady' });
    expect(of(1000, 674)).toMatchObject({ growth: 0.67, stage: 'fading' }); // 0.674 → 0.67
    expect(of(1000, 676)).toMatchObject({ growth: 0.68, stage: 'steady' });
    expect(of(1000, 0)).toMatchObject({ growth: 0, stage: 'fading' });
  });

  it('sums fractions of a curve without float noise', () => {
    const judged = judgeTrend([0.1, 0.2, 0.1, 0.2], 2);
    expect(judged).toEqual({ current: 0.3, previous: 0.3, growth: 1, stage: 'steady' });
  });

  it('refuses a history of the wrong length', () => {
    expect(() => judgeTrend([1, 2, 3], 2)).toThrow('history must hold 4 points');
  });
});

describe('compareTrends', () => {
  const item = (id: string, stage: Rankable['stage'], current: number, growth: number | null) =>
    ({ id, stage, current, previous: 0, growth }) as Rankable;
  const items = [
    item('a', 'steady', 100, 1),
    item('b', 'new', 5, null),
    item('c', 'rising', 10, 3),
    item('d', 'new', 50, null),
    item('e', 'fading', 500, 0.2),
  ];

  it('growth: new first by current, then by growth', () => {
    expect([...items].sort(compareTrends('growth')).map((i) => i.id)).toEqual([
      'd',
      'b',
      'c',
      'a',
      'e',
    ]);
  });

  it('volume: by current', () => {
    expect([...items].sort(compareTrends('volume')).map((i) => i.id)).toEqual([
      'e',
      'a',
      'd',
      'c',
      'b',
    ]);
  });
});

describe('trendDays', () => {
  it('lists 2 × window UTC dates ending at asOf, across a month end', () => {
    expect(trendDays('2026-03-02', 2)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
