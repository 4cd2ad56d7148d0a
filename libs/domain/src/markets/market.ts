import { DomainError } from '../errors';
// `MARKETS` and `Market` (the two networks, docs/architecture.md §8) are declared once, in
// modes.ts.
import { MARKETS, type Market } from '../modes';

/** What a scan request may pass as `market`: a market, or `auto` to infer it from the query. */
export const MARKET_CHOICES = [...MARKETS, 'auto'] as const;
export type MarketChoice = (typeof MARKET_CHOICES)[number];

/**
 * The sites a video link can come from: the two networks, each its own market, and Instagram and
 * YouTube, whose videos are analysed against network_a (their music comes from network_a's
 * catalogue, docs/architecture.md §8). The networks' host names appear only where links are read or
 * written (video-hosts.ts, video-link.parser.ts, video-ref.ts).
 */
export const VIDEO_PLATFORMS = [...MARKETS, 'instagram', 'youtube'] as const;
export type VideoPlatform = (typeof VIDEO_PLATFORMS)[number];

export const PLATFORM_MARKET: Readonly<Record<VideoPlatform, Market>> = {
  network_a: 'network_a',
  network_b: 'network_b',
  instagram: 'network_a',
  youtube: 'network_a',
};

export function isMarket(value: unknown): value is Market {
  return typeof value === 'string' && (MARKETS as readonly string[]).includes(value);
}

/**
 * Validates a `market` request field. Absent means `auto`. Market values are exact
 * (lower-case, no aliases) because they are echoed back in responses.
 */
export function parseMarketChoice(value: unknown): MarketChoice {
  if (value === undefined || value === null) return 'auto';
  if (typeof value === 'string' && (MARKET_CHOICES as readonly string[]).includes(value)) {
    return value as MarketChoice;
  }
  throw new DomainError('invalid_request', 'market must be one of: network_a, network_b, auto.', {
    param: 'market',
  });
}
