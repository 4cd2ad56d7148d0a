import { progressPercent } from './server';
import { toJsonSchema } from './schemas';
import { summarize } from './summaries';

describe('toJsonSchema', () => {
  const components = {
    Reel: {
      type: 'object',
      properties: { url: { type: 'string', example: 'https://x' } },
      required: ['url'],
    },
  };

  it('dereferences, merges a lone allOf, turns nullable and example into JSON Schema', () => {
    expect(
      toJsonSchema(
        {
          type: 'object',
          properties: {
            reel: { description: 'The reel.', allOf: [{ $ref: '#/components/schemas/Reel' }] },
            reels: { type: 'array', items: { $ref: '#/components/schemas/Reel' } },
            cover: { type: 'string', nullable: true },
            status: { type: 'string', enum: ['a', 'b'], nullable: true },
            example: { type: 'string' },
          },
        },
        components,
      ),
    ).toEqual({
      type: 'object',
      properties: {
        reel: {
          description: 'The reel.',
          type: 'object',
          properties: { url: { type: 'string', examples: ['https://x'] } },
          required: ['url'],
        },
        reels: {
          type: 'array',
          items: {
            type: 'object',
            properties: { url: { type: 'string', examples: ['https://x'] } },
            required: ['url'],
          },
        },
        cover: { type: ['string', 'null'] },
        status: { type: ['string', 'null'], enum: ['a', 'b', null] },
        // A property *named* example stays a property.
        example: { type: 'string' },
      },
    });
  });

  it('refuses an unknown or recursive $ref', () => {
    expect(() => toJsonSchema({ $ref: '#/components/schemas/Nope' }, components)).toThrow(
      /unresolvable/,
    );
    const loop = { A: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } } };
    expect(() => toJsonSchema({ $ref: '#/components/schemas/A' }, loop)).toThrow(/recursive/);
  });
});

describe('progressPercent', () => {
  it.each([
    [0, 0],
    [0.5, 50],
    [1, 100],
    [42, 42],
    [null, 0],
    [undefined, 0],
    [250, 100],
  ])('%p → %p', (input, expected) => {
    expect(progressPercent(input as number | null | undefined)).toBe(expected);
  });
});

describe('summarize', () => {
  it('lists the top reels with their views, and the charge', () => {
    const text = summarize(
      'scan',
      {
        market: 'network_a',
        niche: 'espresso',
        degraded: false,
        reels: [
          { authorHandle: 'maya', playCount: 1_234_567, likeCount: 900, caption: 'x', url: 'u1' },
          {
            authorHandle: 'ben',
            playCount: 400_000,
            likeCount: 10,
            caption: 'y',
            url: 'u2',
            outlier: { score: 39.17, multiple: 133.33, band: 'very_strong' },
          },
        ],
      },
      { chargedUsd: '0.007500', balanceUsd: '9.992500' },
    );
    expect(text).toContain('2 reels on network_a for "espresso"');
    expect(text).toContain('@maya: 1.2M views, 900 likes: "x"');
    expect(text).toContain('@ben: 400.0K views, 10 likes, outlier very strong (133.33× followers)');
    expect(text).toContain('charged 0.007500 USD, balance 9.992500 USD');
  });
});
