import { Logger } from '@nestjs/common';
import { EgressGuard } from '../../src/egress';
import { createTestApp } from '../support/test-app';

/**
 * `OUTBOUND_ALLOW_PRIVATE_HOSTS` is the one way past the egress guard: when set, the
 * started app says so once, naming what it allows, and the guard it hands out allows exactly that.
 */
describe('OUTBOUND_ALLOW_PRIVATE_HOSTS at start-up', () => {
  const egressWarnings = (warn: jest.SpyInstance) =>
    warn.mock.calls
      .map((call) => String(call[0]))
      .filter((message) => message.includes('OUTBOUND_ALLOW_PRIVATE_HOSTS'));

  it('set: one warning naming the allowance, and the guard allows it', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const t = await createTestApp({
      env: { OUTBOUND_ALLOW_PRIVATE_HOSTS: 'media.internal, 10.20.0.0/16' },
    });
    try {
      expect(egressWarnings(warn)).toEqual([
        expect.stringContaining('outbound requests may reach media.internal, 10.20.0.0/16'),
      ]);
      expect(t.app.get(EgressGuard).policy.allowances).toEqual(['media.internal', '10.20.0.0/16']);
    } finally {
      warn.mockRestore();
      await t.close();
    }
  });

  it('unset (the default): no warning, and the guard allows nothing private', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const t = await createTestApp();
    try {
      expect(egressWarnings(warn)).toEqual([]);
      const guard = t.app.get(EgressGuard);
      expect(guard.policy.allowances).toEqual([]);
      await expect(
        guard.request('http://127.0.0.1:9/', { timeoutMs: 1_000 }),
      ).rejects.toMatchObject({ name: 'EgressRefusedError' });
    } finally {
      warn.mockRestore();
      await t.close();
    }
  });
});
