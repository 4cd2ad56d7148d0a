/** Every API key, balance and ledger belongs to one mode, as in payment APIs. */
export const MODES = ['live', 'test'] as const;
export type Mode = (typeof MODES)[number];

export const MARKETS = ['network_a', 'network_b'] as const;
export type Market = (typeof MARKETS)[number];

export function isMode(value: unknown): value is Mode {
  return value === 'live' || value === 'test';
}
