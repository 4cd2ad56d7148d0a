import { randomBytes } from 'node:crypto';
import { type Client } from 'pg';
import request from 'supertest';
import { BillingService } from '../../src/money/billing.service';
import { createFundedKey } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * A client that hangs up while its call still runs (found by scripts/load.js: calls cut off at
 * the end of a run). The call still finishes and is captured, so its usage record must say what
 * the ledger says; it used to be written at the hang-up, as a 200 charged 0.
 */
describe('a client that goes away mid-call (e2e)', () => {
  let t: TestApp;
  let db: Client;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        // The sandbox's slow phrase stalls 1.5 s and then answers, well inside the deadline.
        SANDBOX_SLOW_DELAY_MS: '1500',
        SCAN_DEADLINE_MS: '20000',
      },
    });
    db = t.sql;
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Polls (bounded) until `query` returns a row. */
  async function row<T>(query: string, params: unknown[]): Promise<T | undefined> {
    for (let i = 0; i < 80; i++) {
      const { rows } = await db.query(query, params);
      if (rows.length) return rows[0] as T;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return undefined;
  }

  it('its usage record, ledger entry and balance agree once the call has finished', async () => {
    const { account, key } = await createFundedKey(t.app);
    const party = { accountId: account.id, mode: 'test' as const };
    const requestId = `hangup-${randomBytes(6).toString('hex')}`;

    await expect(
      request(t.app.getHttpServer())
        .post('/v1/scan')
        .set('Authorization', `Bearer ${key}`)
        .set('x-request-id', requestId)
        .timeout(300)
        .send({ query: 'sandbox-slow home espresso', limit: 4 }),
    ).rejects.toThrow(/timeout/i);

    const charge = await row<{ amount: string }>(
      `SELECT -amount AS amount FROM ledger_entries WHERE request_id = $1 AND kind = 'charge'`,
      [requestId],
    );
    expect(charge).toBeDefined();
    expect(Number(charge!.amount)).toBeGreaterThan(0);
    // The usage record is written once the call has ended (a little after the ledger entry).
    let usage: { status: number; charged: string } | undefined;
    for (let i = 0; i < 40; i++) {
      usage = await row(`SELECT status, charged FROM usage_records WHERE request_id = $1`, [
        requestId,
      ]);
      if (usage && Number(usage.charged) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(usage).toEqual({ status: 200, charged: charge!.amount });
    const balance = await t.app.get(BillingService).balance(party);
    expect(balance).toEqual({
      balance: 10_000_000 - Number(charge!.amount),
      held: 0,
      available: 10_000_000 - Number(charge!.amount),
    });
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM usage_records WHERE request_id = $1`,
      [requestId],
    );
    expect(rows[0].n).toBe(1);
  });
});
