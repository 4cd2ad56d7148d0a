import type Stripe from 'stripe';
import { type Client } from 'pg';
import { BillingService } from '../../src/ledger/billing.service';
import { startFakeHttpServer, type FakeServerControls } from '../fakes/fake-http';
import { createAccount, type AccountFixture, grant } from './fixtures';
import { createTestApp, type TestApp } from './test-app';
import { V1ChargeModule } from './test-operations.module';

export const WEBHOOK_SECRET = 'whsec_test_reelscout_e2e_secret';

/** The app, its Stripe fake and a second connection, shared by the billing specs. */
export interface BillingSpecApp {
  t: TestApp;
  billing: BillingService;
  db: Client;
  stripeApi: FakeServerControls;
}

export async function startBillingSpecApp(): Promise<BillingSpecApp> {
  // Stripe's API at the network edge: Checkout sessions are created here.
  const stripeApi = await startFakeHttpServer((req) => {
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const form = new URLSearchParams(req.body.toString());
      return {
        json: {
          id: `cs_test_${form.get('client_reference_id')}`,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/pay/${form.get('line_items[0][price_data][unit_amount]')}`,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        },
      };
    }
    return { status: 404, json: { error: { message: 'unknown' } } };
  });
  const t = await createTestApp({
    extraImports: [V1ChargeModule],
    env: {
      STRIPE_SECRET_KEY: 'sk_test_reelscout_e2e_not_used_for_network',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: stripeApi.url,
      HOLD_REAPER_INTERVAL_MS: '0',
      // 10·k concurrent calls of one key (the HTTP k-of-N proof) are not to meet a rate limit.
      RATE_LIMIT_PER_KEY_PER_MIN: '100000',
      RATE_LIMIT_IN_FLIGHT_PER_KEY: '1000',
    },
  });
  const billing = t.app.get(BillingService);
  const db = t.sql;
  return { t, billing, db, stripeApi };
}

export async function stopBillingSpecApp(app: BillingSpecApp): Promise<void> {
  await app.db.end();
  await app.t.close();
  await app.stripeApi.close();
}

export interface Sample {
  balance: number;
  held: number;
  pending: number;
  pendingSum: number;
  ledger: number;
}

/** The readers and fixtures of the billing specs, over the app that `get` returns once started. */
export function billingSpecHelpers(get: () => BillingSpecApp) {
  async function ledgerSum(accountId: string, mode = 'test'): Promise<number> {
    const { db } = get();
    const { rows } = await db.query(
      `SELECT coalesce(sum(amount), 0)::bigint AS sum FROM ledger_entries WHERE account_id = $1 AND mode = $2`,
      [accountId, mode],
    );
    return Number(rows[0].sum);
  }

  /**
   * Reads the account's test balance row from a second connection, over and over, until `work`
   * settles (bounded). One statement per sample, so each sample is one consistent snapshot:
   * the balance row, its pending holds and its ledger, as any other reader would see them.
   */
  async function sampleWhile<T>(
    accountId: string,
    work: Promise<T>,
  ): Promise<{ result: T; samples: Sample[] }> {
    const { db } = get();
    let done = false;
    const tracked = work.finally(() => {
      done = true;
    });
    const samples: Sample[] = [];
    for (let i = 0; i < 5_000 && (i === 0 || !done); i++) {
      const { rows } = await db.query(
        `SELECT b.balance, b.held,
                (SELECT count(*) FROM holds h
                  WHERE h.account_id = b.account_id AND h.mode = b.mode AND h.status = 'pending')::int AS pending,
                (SELECT coalesce(sum(h.amount), 0) FROM holds h
                  WHERE h.account_id = b.account_id AND h.mode = b.mode AND h.status = 'pending')::bigint AS pending_sum,
                (SELECT coalesce(sum(l.amount), 0) FROM ledger_entries l
                  WHERE l.account_id = b.account_id AND l.mode = b.mode)::bigint AS ledger
           FROM balances b WHERE b.account_id = $1 AND b.mode = 'test'`,
        [accountId],
      );
      const r = rows[0];
      samples.push({
        balance: Number(r.balance),
        held: Number(r.held),
        pending: r.pending,
        pendingSum: Number(r.pending_sum),
        ledger: Number(r.ledger),
      });
    }
    return { result: await tracked, samples };
  }

  /**
   * What every reader must see at every instant: never a negative balance, never more held than
   * there is (so never more than k holds of a k-call balance at a time), the row's `held` equal
   * to its pending holds, and the balance equal to the sum of the ledger.
   */
  function expectInvariants(
    samples: Sample[],
    expected: { k: number; price: number; balance?: number },
  ): void {
    expect(samples.length).toBeGreaterThan(0);
    for (const s of samples) {
      expect(s.balance).toBeGreaterThanOrEqual(0);
      expect(s.held).toBeGreaterThanOrEqual(0);
      expect(s.held).toBeLessThanOrEqual(s.balance);
      expect(s.pending).toBeLessThanOrEqual(expected.k);
      expect(s.pendingSum).toBe(s.held);
      expect(s.ledger).toBe(s.balance);
      if (expected.balance !== undefined) expect(s.balance).toBe(expected.balance);
    }
  }

  async function funded(micros: number, mode: 'live' | 'test' = 'test'): Promise<AccountFixture> {
    const { t } = get();
    const account = await createAccount(t.app);
    if (micros > 0) await grant(t.app, account.id, micros, mode);
    return account;
  }

  const usageRows = async (requestId: string) => {
    const { db } = get();
    for (let i = 0; i < 50; i++) {
      const { rows } = await db.query(`SELECT * FROM usage_records WHERE request_id = $1`, [
        requestId,
      ]);
      if (rows.length) return rows;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return [];
  };

  return { ledgerSum, sampleWhile, expectInvariants, funded, usageRows };
}

/** A Stripe event around a checkout session, as the webhook receives it. */
export const event = (
  id: string,
  session: Partial<Stripe.Checkout.Session>,
  type: Stripe.Event.Type = 'checkout.session.completed',
) =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: 'cs_test_x',
        object: 'checkout.session',
        payment_status: 'paid',
        ...session,
      },
    },
  });
