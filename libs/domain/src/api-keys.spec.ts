import fc from 'fast-check';
import {
  KEY_LENGTH,
  crc32,
  generateApiKey,
  keyChecksum,
  keyState,
  keyWorks,
  parseApiKey,
} from './api-keys';

describe('API keys', () => {
  it('generates keys of the documented shape for each mode', () => {
    const live = generateApiKey('live');
    const test = generateApiKey('test');
    expect(live).toMatch(/^rs_live_[0-9A-Za-z]{38}$/);
    expect(test).toMatch(/^rs_test_[0-9A-Za-z]{38}$/);
    expect(live).toHaveLength(KEY_LENGTH);
    expect(parseApiKey(live)).toEqual({ mode: 'live', displayStart: live.slice(0, 12) });
    expect(parseApiKey(test)?.mode).toBe('test');
  });

  it('never generates the same key twice in a large sample', () => {
    const keys = new Set(Array.from({ length: 5_000 }, () => generateApiKey('live')));
    expect(keys.size).toBe(5_000);
  });

  it('uses the standard CRC-32', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
  });

  it('refuses every single-character change (checksum)', () => {
    const key = generateApiKey('live');
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: KEY_LENGTH - 1 }),
        fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'),
        (index, char) => {
          fc.pre(key[index] !== char);
          const mutated = key.slice(0, index) + char + key.slice(index + 1);
          expect(parseApiKey(mutated)).toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([
    '',
    'rs_live_',
    'sk_live_' + 'a'.repeat(38),
    'rs_prod_' + 'a'.repeat(38),
    'rs_live_' + 'a'.repeat(37),
    'rs_live_' + 'a'.repeat(31) + '-' + 'a'.repeat(6),
    42,
    null,
  ])('refuses %p', (candidate) => {
    expect(parseApiKey(candidate)).toBeNull();
  });

  it('switching the mode prefix breaks the checksum', () => {
    const key = generateApiKey('test');
    expect(parseApiKey(key.replace('rs_test_', 'rs_live_'))).toBeNull();
    expect(keyChecksum(key.slice(0, 40))).toBe(key.slice(40));
  });
});

describe('keyState', () => {
  const at = (iso: string) => new Date(iso);
  const now = at('2030-01-01T12:00:00.000Z');
  const key = (
    over: Partial<{ revokedAt: Date | null; expiresAt: Date | null; rolled: boolean }>,
  ) => keyState({ revokedAt: null, expiresAt: null, rolled: false, ...over }, now);

  it('is active without revocation or expiry, or before its expiry', () => {
    expect(key({})).toBe('active');
    expect(key({ expiresAt: at('2030-01-01T12:00:00.001Z') })).toBe('active');
  });

  it('is expired from the expiry instant on', () => {
    expect(key({ expiresAt: now })).toBe('expired');
    expect(keyWorks(key({ expiresAt: now }))).toBe(false);
  });

  it('a rolled key is expiring in its grace period, then expired; any other is revoked', () => {
    const later = at('2030-01-01T13:00:00.000Z');
    expect(key({ revokedAt: later, rolled: true })).toBe('expiring');
    expect(keyWorks(key({ revokedAt: later, rolled: true }))).toBe(true);
    expect(key({ revokedAt: now, rolled: true })).toBe('expired');
    expect(key({ revokedAt: now })).toBe('revoked');
    expect(keyWorks(key({ revokedAt: now }))).toBe(false);
  });
});
