/**
 * Deterministic randomness for the sandbox: every value is derived from a string seed, so the
 * catalogue is identical on every machine and every start. Never use `Math.random` here.
 */

/** 32-bit FNV-1a hash of a string. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A seeded generator of floats in [0, 1) (mulberry32). */
export function seededRandom(seed: string): () => number {
  let state = hash32(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Dice {
  private readonly next: () => number;

  constructor(seed: string) {
    this.next = seededRandom(seed);
  }

  float(): number {
    return this.next();
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Float in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** Log-uniform integer in [min, max]: realistic for views and followers. */
  logInt(min: number, max: number): number {
    return Math.round(Math.exp(this.between(Math.log(min), Math.log(max))));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/** `count` decimal digits derived from a seed (leading zeros allowed). */
export function seededDigits(seed: string, count: number): string {
  const dice = new Dice(seed);
  let digits = '';
  while (digits.length < count) digits += String(dice.int(0, 9));
  return digits;
}
