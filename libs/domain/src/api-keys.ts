import type { Mode } from './modes';

/**
 * API key format (docs/architecture.md §7): `rs_live_` or `rs_test_`, then 32 base62 characters
 * from a CSPRNG, then a 6-character base62 CRC32 checksum of everything before it. The checksum
 * lets us refuse a mistyped or made-up key without touching the database.
 */
export const KEY_PREFIXES: Record<Mode, string> = { live: 'rs_live_', test: 'rs_test_' };
export const KEY_BODY_LENGTH = 32;
export const KEY_CHECKSUM_LENGTH = 6;
export const KEY_LENGTH = 8 + KEY_BODY_LENGTH + KEY_CHECKSUM_LENGTH;
/** Characters of the body shown in listings after the prefix (`rs_live_AbCd`). */
export const KEY_DISPLAY_CHARS = 4;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^rs_(live|test)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

let crcTable: Uint32Array | undefined;

export function crc32(text: string): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) {
    crc = crcTable[(crc ^ text.charCodeAt(i)) & 0xff] ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function toBase62(value: number, width: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < width; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

export function keyChecksum(prefixAndBody: string): string {
  return toBase62(crc32(prefixAndBody), KEY_CHECKSUM_LENGTH);
}

/** Uniform base62 characters by rejection sampling over CSPRNG bytes (no modulo bias). */
function randomBase62(length: number, randomBytes: (n: number) => Uint8Array): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

const cryptoRandomBytes = (n: number): Uint8Array =>
  globalThis.crypto.getRandomValues(new Uint8Array(n));

export function generateApiKey(
  mode: Mode,
  randomBytes: (n: number) => Uint8Array = cryptoRandomBytes,
): string {
  const head = `${KEY_PREFIXES[mode]}${randomBase62(KEY_BODY_LENGTH, randomBytes)}`;
  return `${head}${keyChecksum(head)}`;
}

export interface ParsedApiKey {
  mode: Mode;
  /** What we show in listings: prefix plus the first characters of the body. */
  displayStart: string;
}

/** Format and checksum check only; `null` for anything that cannot be one of our keys. */
export function parseApiKey(candidate: unknown): ParsedApiKey | null {
  if (typeof candidate !== 'string' || candidate.length !== KEY_LENGTH) return null;
  const match = KEY_PATTERN.exec(candidate);
  if (!match) return null;
  const head = candidate.slice(0, 8 + KEY_BODY_LENGTH);
  if (keyChecksum(head) !== match[3]) return null;
  return {
    mode: match[1] as Mode,
    displayStart: candidate.slice(0, 8 + KEY_DISPLAY_CHARS),
  };
}

/** The grace periods a rolled key may keep working for: none, 1 h, 24 h, 7 days (seconds). */
export const ROLL_GRACE_SECONDS = [0, 3_600, 86_400, 604_800] as const;
export type RollGraceSeconds = (typeof ROLL_GRACE_SECONDS)[number];

/** What a key's state is at `now`: the rule behind the key view's `status` and the API's 401. */
export type KeyState = 'active' | 'expiring' | 'expired' | 'revoked';

/**
 * `revokedAt` may lie in the future: a rolled key in its grace period (`expiring`); once it has
 * passed, a rolled key is `expired` (its grace ended), any other `revoked`. A key past its
 * `expiresAt` is `expired`. Only `active` and `expiring` keys authenticate.
 */
export function keyState(
  key: { revokedAt: Date | null; expiresAt: Date | null; rolled: boolean },
  now: Date,
): KeyState {
  const t = now.getTime();
  if (key.revokedAt && key.revokedAt.getTime() <= t) return key.rolled ? 'expired' : 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= t) return 'expired';
  if (key.revokedAt) return 'expiring';
  return 'active';
}

/** Whether a key in this state may make calls. */
export const keyWorks = (state: KeyState): boolean => state === 'active' || state === 'expiring';
