import type { Micros } from './money';

export const OPERATIONS = ['assist', 'scan', 'playbook', 'music', 'trends'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** The price list, in micro-USD. The one place prices live, with every price formula below. */
export const PRICES = {
  assist: 10_000,
  scanPerReel: 7_500,
  playbook: 200_000,
  music: 250_000,
  trends: 50_000,
  /** A creator watch's run that reached the provider and succeeded, whatever it found. */
  creatorRun: 20_000,
} as const;

export const SCAN_MAX_REELS = 20;

/** Most a call can cost: the amount held before work starts. */
export function maxCharge(operation: Operation, options: { limit?: number } = {}): Micros {
  switch (operation) {
    case 'assist':
      return PRICES.assist;
    case 'scan':
      return PRICES.scanPerReel * (options.limit ?? SCAN_MAX_REELS);
    case 'playbook':
      return PRICES.playbook;
    case 'music':
      return PRICES.music;
    case 'trends':
      return PRICES.trends;
  }
}

/** assist and playbook charge their price for every answer. */
export function flatCharge(operation: 'assist' | 'playbook'): Micros {
  return PRICES[operation];
}

/** Scan is charged pro rata per reel delivered; an empty result is free. */
export function scanCharge(reelsDelivered: number): Micros {
  return PRICES.scanPerReel * Math.max(0, Math.min(SCAN_MAX_REELS, Math.floor(reelsDelivered)));
}

/** 0.250000 for any delivery, whatever `limit`; an empty result is free. */
export function musicCharge(suggestionsDelivered: number): Micros {
  return suggestionsDelivered > 0 ? PRICES.music : 0;
}

/** 0.050000 for any list of items, whatever `limit`; an empty list is free. */
export function trendsCharge(itemsDelivered: number): Micros {
  return itemsDelivered > 0 ? PRICES.trends : 0;
}
