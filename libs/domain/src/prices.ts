import type { Micros } from './money';

export const OPERATIONS = ['assist', 'scan', 'playbook', 'music'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** The price list, in micro-USD. The one place prices live. */
export const PRICES = {
  assist: 10_000,
  scanPerReel: 7_500,
  playbook: 200_000,
  music: 250_000,
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
  }
}

/** Scan is charged pro rata per reel delivered; an empty result is free. */
export function scanCharge(reelsDelivered: number): Micros {
  return PRICES.scanPerReel * Math.max(0, Math.min(SCAN_MAX_REELS, Math.floor(reelsDelivered)));
}
