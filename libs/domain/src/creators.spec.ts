import type { DomainError } from './errors';
import { median, parseCreatorRef, postAgainstMedian } from './creators';

const refusal = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a refusal');
};

describe('parseCreatorRef', () => {
  it('reads an @handle or a bare handle with its market', () => {
    expect(parseCreatorRef('@brewwithmaya', 'network_a')).toEqual({
      market: 'network_a',
      handle: 'brewwithmaya',
      secUid: null,
    });
    expect(parseCreatorRef(' kafei_xiaoli ', 'network_b')).toMatchObject({
      market: 'network_b',
      handle: 'kafei_xiaoli',
    });
  });

  it('a handle without a market is a 400 on market', () => {
    expect(refusal(() => parseCreatorRef('@maya'))).toMatchObject({
      code: 'invalid_request',
      param: 'market',
    });
  });

  it('reads profile links of both networks; the link decides the market', () => {
    expect(parseCreatorRef('https://www.tiktok.com/@maya.brews')).toEqual({
      market: 'network_a',
      handle: 'maya.brews',
      secUid: null,
    });
    expect(parseCreatorRef('https://www.douyin.com/user/MS4wLjABAAAAabc_DEF-123')).toEqual({
      market: 'network_b',
      handle: null,
      secUid: 'MS4wLjABAAAAabc_DEF-123',
    });
    expect(
      refusal(() => parseCreatorRef('https://www.tiktok.com/@maya', 'network_b')),
    ).toMatchObject({ param: 'market' });
  });

  it.each([
    'https://www.tiktok.com/@maya/video/7400000443622845792',
    'https://evil.example/@maya',
    'https://www.douyin.com/video/7500000375268684554',
    'http://user@www.tiktok.com/@maya',
    '@has space',
    '',
  ])('refuses %j on creator', (input) => {
    expect(refusal(() => parseCreatorRef(input, 'network_a'))).toMatchObject({
      code: 'invalid_request',
      param: 'creator',
    });
  });
});

describe('the median rule', () => {
  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('no verdict until 5 posts are known, or without plays', () => {
    expect(postAgainstMedian(500, [100, 100, 100, 100], 2)).toEqual({
      multipleOfMedian: null,
      outlier: null,
    });
    expect(postAgainstMedian(null, [100, 100, 100, 100, 100], 2)).toEqual({
      multipleOfMedian: null,
      outlier: null,
    });
    expect(postAgainstMedian(100, [0, 0, 0, 0, 0], 2).multipleOfMedian).toBeNull();
  });

  it('plays over the median of the newest 30 known; outlier at the multiple', () => {
    expect(postAgainstMedian(200, [100, 90, 110, 100, 120], 2)).toEqual({
      multipleOfMedian: 2,
      outlier: true,
    });
    expect(postAgainstMedian(199, [100, 90, 110, 100, 120], 2)).toEqual({
      multipleOfMedian: 1.99,
      outlier: false,
    });
    // Only the newest 30 count: 30 posts of 100, then older ones of 1000.
    const known = [...Array(30).fill(100), ...Array(40).fill(1000)];
    expect(postAgainstMedian(300, known, 2.5)).toEqual({ multipleOfMedian: 3, outlier: true });
  });
});
