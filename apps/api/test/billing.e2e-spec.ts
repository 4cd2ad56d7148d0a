import fc from 'fast-check';
import { type Client } from 'pg';
import Stripe from 'stripe';
import request from 'supertest';
import { runCli } from '../src/cli/cli.runner';
import { BillingService } from '../src/money/billing.service';
import { type FakeServerControls, startFakeHttpServer } from './fakes/fake-http';
import {
  balanceOf,
  createFundedKey,
  createKey,
  createAccount,
  type AccountFixture,
  grant,
} from './support/fixtures';
import {
  claimAndHold,
  requeue,
  settleFailure,
  openJob,
  settleSuccess,
} from './support/ledger-fixtures';
import { sleep } from './support/local-servers';
import { moneySetup, moneyStep, runMoneyModel } from './support/money-model';
import { type TestApp, createTestApp } from './support/test-app';
import { chargeProbe, V1ChargeModule } from './support/test-operations.module';

const WEBHOOK_SECRET = 'whsec_test_reelscout_e2e_secret';

interface Sample {
  balance: number;
  held: number;
  pending: number;
  pendingSum: number;
  ledger: number;
}

/** A Stripe event around a checkout session, as the webhook receives it. */
const event = (
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

/**
 * Billing on the real database: billed /v1 calls (a test-only route) with their ledger, holds,
 * headers, usage records and idempotency; holds under concurrency, sampled from a second
 * connection; buying credit through Stripe Checkout and its webhook, and the dashboard's view.
 */
describe('billing: ledger, holds, headers, usage, idempotency, credit (e2e)', () => {
  let t: TestApp;
  let billing: BillingService;
  let db: Client;
  let stripeApi: FakeServerControls;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    // Stripe's API at the network edge: Checkout sessions are created here.
    stripeApi = await startFakeHttpServer((req) => {
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
    t = await createTestApp({
      // No worker: a job the money fixtures queue (requeued, with its message) stays queued
      // until the test claims it itself.
      worker: false,
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
    billing = t.app.get(BillingService);
    db = t.sql;
  });

  afterAll(async () => {
    await t?.close();
    await stripeApi?.close();
  });

  async function ledgerSum(accountId: string, mode = 'test'): Promise<number> {
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
    const account = await createAccount(t.app);
    if (micros > 0) await grant(t.app, account.id, micros, mode);
    return account;
  }

  const usageRows = async (requestId: string) => {
    for (let i = 0; i < 50; i++) {
      const { rows } = await db.query(`SELECT * FROM usage_records WHERE request_id = $1`, [
        requestId,
      ]);
      if (rows.length) return rows;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return [];
  };

  describe('billed /v1 calls (test-only route)', () => {
    const call = (
      key: string,
      body: Record<string, unknown>,
      headers: Record<string, string> = {},
    ) => {
      let req = request(server()).post('/v1/test-charge').set('Authorization', `Bearer ${key}`);
      for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
      return req.send(body);
    };

    it('charges the actual amount, releases the rest and sets both headers with six decimals', async () => {
      const account = await funded(1_000_000);
      const { key } = await createKey(t.app, account.id, 'test');
      const res = await call(key, { hold: 150_000, charge: 37_500 }, { 'x-subject': 'cust-1' });
      expect(res.status).toBe(200);
      expect(res.headers['x-service-charged-usd']).toBe('0.037500');
      expect(res.headers['x-service-balance-usd']).toBe('0.962500');
      const seven = await call(key, { hold: 150_000, charge: 52_500 });
      expect(seven.headers['x-service-charged-usd']).toBe('0.052500');
      expect(seven.headers['x-service-balance-usd']).toBe('0.910000');
      const free = await call(key, { hold: 150_000, charge: 0 });
      expect(free.headers['x-service-charged-usd']).toBe('0.000000');
      expect(free.headers['x-service-balance-usd']).toBe('0.910000');
      expect(await billing.balance({ accountId: account.id, mode: 'test' })).toEqual({
        balance: 910_000,
        held: 0,
        available: 910_000,
      });

      const [usage] = await usageRows(res.headers['x-request-id']);
      expect(usage).toEqual(
        expect.objectContaining({
          operation: 'test-charge',
          status: 200,
          charged: '37500',
          subject: 'cust-1',
          mode: 'test',
          market: 'network_a',
        }),
      );
    });

    it('402 with the balance header before any work, and nothing charged', async () => {
      const account = await funded(10_000);
      const { key } = await createKey(t.app, account.id, 'test');
      const before = chargeProbe.executions;
      const res = await call(key, { hold: 150_000, charge: 1 });
      expect(res.status).toBe(402);
      expect(res.body.error.code).toBe('insufficient_credit');
      expect(res.headers['x-service-balance-usd']).toBe('0.010000');
      expect(res.headers['x-service-price-usd']).toBe('0.150000');
      expect(chargeProbe.executions).toBe(before);
      const [usage] = await usageRows(res.headers['x-request-id']);
      expect(usage).toEqual(
        expect.objectContaining({ status: 402, charged: '0', error_code: 'insufficient_credit' }),
      );
      // Live balance is separate: a test key never spends it.
      await grant(t.app, account.id, 500_000, 'live');
      expect((await call(key, { hold: 150_000, charge: 1 })).status).toBe(402);
    });

    it.each(['provider_error', 'not_found', 'bug'] as const)(
      'a %s is never charged and its hold is voided',
      async (fail) => {
        const account = await funded(500_000);
        const { key } = await createKey(t.app, account.id, 'test');
        const res = await call(key, { hold: 150_000, charge: 150_000, fail });
        expect(res.status).toBe(fail === 'provider_error' ? 502 : fail === 'not_found' ? 404 : 500);
        expect(res.headers['x-service-charged-usd']).toBeUndefined();
        expect(await billing.balance({ accountId: account.id, mode: 'test' })).toEqual({
          balance: 500_000,
          held: 0,
          available: 500_000,
        });
        const [usage] = await usageRows(res.headers['x-request-id']);
        expect(usage.charged).toBe('0');
        expect(usage.status).toBe(res.status);
      },
    );

    it('20 concurrent requests with one Idempotency-Key: one execution, one charge, identical bodies', async () => {
      const account = await funded(1_000_000);
      const { key } = await createKey(t.app, account.id, 'test');
      const before = chargeProbe.executions;
      const body = { hold: 100_000, charge: 75_000, delayMs: 300 };
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => call(key, body, { 'Idempotency-Key': 'order-42' })),
      );
      expect(chargeProbe.executions - before).toBe(1);
      const ok = responses.filter((r) => r.status === 200);
      const busy = responses.filter((r) => r.status === 409);
      expect(ok.length + busy.length).toBe(20);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const r of busy) expect(r.body.error.code).toBe('idempotency_key_in_use');

      // Once the first has finished, every retry gets the identical stored response.
      const retries = await Promise.all(
        Array.from({ length: 20 }, () => call(key, body, { 'Idempotency-Key': 'order-42' })),
      );
      const all = [...ok, ...retries];
      for (const r of all) {
        expect(r.status).toBe(200);
        expect(r.body).toEqual(ok[0].body);
        expect(r.headers['x-service-charged-usd']).toBe('0.075000');
        expect(r.headers['x-service-balance-usd']).toBe('0.925000');
      }
      for (const r of retries) expect(r.headers['idempotent-replayed']).toBe('true');
      expect(chargeProbe.executions - before).toBe(1);
      expect(await billing.balance({ accountId: account.id, mode: 'test' })).toEqual({
        balance: 925_000,
        held: 0,
        available: 925_000,
      });
      expect(await ledgerSum(account.id)).toBe(925_000);
    });

    it('same key with a different request is 422; bad keys are 400; 402 is not stored', async () => {
      const account = await funded(100_000);
      const { key } = await createKey(t.app, account.id, 'test');
      expect(
        (await call(key, { hold: 50_000, charge: 10_000 }, { 'Idempotency-Key': 'k1' })).status,
      ).toBe(200);
      const reused = await call(key, { hold: 50_000, charge: 20_000 }, { 'Idempotency-Key': 'k1' });
      expect(reused.status).toBe(422);
      expect(reused.body.error.code).toBe('idempotency_key_reused');
      const otherSubject = await call(
        key,
        { hold: 50_000, charge: 10_000 },
        { 'Idempotency-Key': 'k1', 'x-subject': 'someone' },
      );
      expect(otherSubject.status).toBe(422);
      const badKey = await call(
        key,
        { hold: 50_000, charge: 10_000 },
        { 'Idempotency-Key': 'has space' },
      );
      expect(badKey.status).toBe(400);
      expect(badKey.body.error.param).toBe('Idempotency-Key');

      const poor = await call(key, { hold: 500_000, charge: 1 }, { 'Idempotency-Key': 'k2' });
      expect(poor.status).toBe(402);
      await grant(t.app, account.id, 1_000_000);
      const retried = await call(key, { hold: 500_000, charge: 1 }, { 'Idempotency-Key': 'k2' });
      expect(retried.status).toBe(200);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
    });

    it('stores a provider failure and replays it without running again', async () => {
      const account = await funded(500_000);
      const { key } = await createKey(t.app, account.id, 'test');
      const before = chargeProbe.executions;
      const first = await call(
        key,
        { hold: 100_000, charge: 1, fail: 'provider_error' },
        { 'Idempotency-Key': 'fails' },
      );
      const second = await call(
        key,
        { hold: 100_000, charge: 1, fail: 'provider_error' },
        { 'Idempotency-Key': 'fails' },
      );
      expect(first.status).toBe(502);
      expect(second.status).toBe(502);
      expect(second.body).toEqual(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      // Verbatim: the error names the call that ran; x-request-id names this request.
      expect(second.body.error.requestId).toBe(first.headers['x-request-id']);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      expect(chargeProbe.executions - before).toBe(1);
    });

    describe("past the deadline (an app of its own: test-charge's deadline is assist's setting)", () => {
      let short: TestApp;

      beforeAll(async () => {
        short = await createTestApp({
          extraImports: [V1ChargeModule],
          env: {
            HOLD_REAPER_INTERVAL_MS: '0',
            ASSIST_DEADLINE_MS: '200',
          },
        });
      });

      afterAll(async () => {
        await short?.close();
      });

      it('a call past its deadline is 504, not charged, hold voided', async () => {
        const { account, key } = await createFundedKey(short.app, { micros: 500_000 });
        const res = await request(short.app.getHttpServer())
          .post('/v1/test-charge')
          .set('Authorization', `Bearer ${key}`)
          .send({ hold: 100_000, charge: 100_000, delayMs: 2_000 });
        expect(res.status).toBe(504);
        expect(res.body.error.code).toBe('timeout');
        expect(await balanceOf(short.app, account.id)).toEqual({
          balance: 500_000,
          held: 0,
          available: 500_000,
        });
      });
    });
  });

  describe('buying credit', () => {
    const post = (payload: string, secret = WEBHOOK_SECRET) =>
      request(server())
        .post('/webhooks/stripe')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret }))
        .send(payload);

    it('credits a verified checkout once; a replay credits nothing; a bad signature is 400', async () => {
      const account = await funded(0);
      const payload = event('evt_1_' + account.id, {
        id: 'cs_test_' + account.id,
        amount_total: 2_500,
        metadata: { accountId: account.id, amountMicros: '25000000' },
      });
      const forged = await post(payload, 'whsec_wrong_secret');
      expect(forged.status).toBe(400);
      expect(await billing.balance({ accountId: account.id, mode: 'live' })).toEqual({
        balance: 0,
        held: 0,
        available: 0,
      });

      const first = await post(payload);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ received: true, credited: true });
      const replay = await post(payload);
      expect(replay.body).toEqual({ received: true, credited: false });
      // A different event for the same checkout session does not credit twice either.
      const again = await post(payload.replace('evt_1_', 'evt_2_'));
      expect(again.body.credited).toBe(false);
      expect(await billing.balance({ accountId: account.id, mode: 'live' })).toEqual({
        balance: 25_000_000,
        held: 0,
        available: 25_000_000,
      });
      expect(await ledgerSum(account.id, 'live')).toBe(25_000_000);
    });

    it('credits a delayed payment once, when checkout.session.async_payment_succeeded arrives', async () => {
      const account = await funded(0);
      const sessionId = `cs_test_async_${account.id}`;
      await db.query(`INSERT INTO checkout_sessions (id, account_id, amount) VALUES ($1, $2, $3)`, [
        sessionId,
        account.id,
        25_000_000,
      ]);
      const session = {
        id: sessionId,
        amount_total: 2_500,
        metadata: { accountId: account.id, amountMicros: '25000000' },
      };
      const live = () => billing.balance({ accountId: account.id, mode: 'live' });
      // A delayed payment method: the checkout completes unpaid; nothing is credited yet.
      const completed = await post(
        event(`evt_done_${account.id}`, { ...session, payment_status: 'unpaid' }),
      );
      expect(completed.status).toBe(200);
      expect(completed.body).toEqual({ received: true, credited: false });
      expect((await live()).balance).toBe(0);

      const succeeded = event(
        `evt_async_${account.id}`,
        { ...session, payment_status: 'paid' },
        'checkout.session.async_payment_succeeded',
      );
      expect((await post(succeeded)).body).toEqual({ received: true, credited: true });
      expect((await post(succeeded)).body).toEqual({ received: true, credited: false });
      // A paid `completed` for the same session (another event id) never credits it again.
      const latePaid = await post(
        event(`evt_done2_${account.id}`, { ...session, payment_status: 'paid' }),
      );
      expect(latePaid.body).toEqual({ received: true, credited: false });

      expect(await live()).toEqual({ balance: 25_000_000, held: 0, available: 25_000_000 });
      expect(await ledgerSum(account.id, 'live')).toBe(25_000_000);
      const { rows } = await db.query(`SELECT status FROM checkout_sessions WHERE id = $1`, [
        sessionId,
      ]);
      expect(rows[0].status).toBe('paid');
    });

    it('a paid completed and an async_payment_succeeded for one session, even at once, credit it once', async () => {
      const account = await funded(0);
      const session = {
        id: `cs_test_both_${account.id}`,
        payment_status: 'paid' as const,
        amount_total: 1_000,
        metadata: { accountId: account.id, amountMicros: '10000000' },
      };
      await db.query(
        `INSERT INTO balances (account_id, mode) VALUES ($1, 'live') ON CONFLICT DO NOTHING`,
        [account.id],
      );
      // Hold the balance row, so both deliveries get past every check and queue on it together.
      const locker = await t.db.connect();
      try {
        await locker.query('BEGIN');
        await locker.query(
          `SELECT 1 FROM balances WHERE account_id = $1 AND mode = 'live' FOR UPDATE`,
          [account.id],
        );
        const both = Promise.all([
          post(event(`evt_c_${account.id}`, session)),
          post(event(`evt_s_${account.id}`, session, 'checkout.session.async_payment_succeeded')),
        ]);
        let waiting = 0;
        for (let i = 0; i < 300 && waiting < 2; i++) {
          await sleep(10);
          const { rows } = await db.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          waiting = rows[0].n;
        }
        expect(waiting).toBe(2);
        await locker.query('COMMIT');
        const [completed, succeeded] = await both;
        expect([completed.status, succeeded.status]).toEqual([200, 200]);
        expect([completed.body.credited, succeeded.body.credited].filter(Boolean)).toHaveLength(1);
      } finally {
        await locker.end();
      }
      expect((await billing.balance({ accountId: account.id, mode: 'live' })).balance).toBe(
        10_000_000,
      );
      expect(await ledgerSum(account.id, 'live')).toBe(10_000_000);
    });

    /** A checkout row as `POST /account/credit/checkout` leaves it, and the return page's view of it. */
    async function openCheckout(prefix: string) {
      const account = await funded(0);
      const sessionId = `cs_test_${prefix}_${account.id}`;
      await db.query(`INSERT INTO checkout_sessions (id, account_id, amount) VALUES ($1, $2, $3)`, [
        sessionId,
        account.id,
        25_000_000,
      ]);
      const agent = request.agent(server());
      await agent.post('/auth/sign-in').send({ email: account.email, password: account.password });
      const session = {
        id: sessionId,
        amount_total: 2_500,
        metadata: { accountId: account.id, amountMicros: '25000000' },
      };
      const status = async () => {
        const res = await agent.get(`/account/credit/checkout/${sessionId}`);
        expect(res.status).toBe(200);
        return res.body as { status: string; amountMicros: number; liveBalanceMicros: number };
      };
      return { account, session, status };
    }

    it('a failed delayed payment marks the checkout failed and credits nothing; a replay changes nothing', async () => {
      const { account, session, status } = await openCheckout('failed');
      expect((await status()).status).toBe('open');
      const failedEvent = event(
        `evt_failed_${account.id}`,
        { ...session, payment_status: 'unpaid' },
        'checkout.session.async_payment_failed',
      );
      const failed = await post(failedEvent);
      expect(failed.status).toBe(200);
      expect(failed.body).toEqual({ received: true, credited: false });
      expect(await status()).toEqual({
        status: 'failed',
        amountMicros: 25_000_000,
        liveBalanceMicros: 0,
      });
      expect((await post(failedEvent)).body).toEqual({ received: true, credited: false });
      // The first outcome stays: a later expiry does not turn a failed payment into an expiry.
      const expired = event(
        `evt_expired_${account.id}`,
        { ...session, payment_status: 'unpaid' },
        'checkout.session.expired',
      );
      expect((await post(expired)).body).toEqual({ received: true, credited: false });
      expect((await status()).status).toBe('failed');
      expect(await billing.balance({ accountId: account.id, mode: 'live' })).toEqual({
        balance: 0,
        held: 0,
        available: 0,
      });
      expect(await ledgerSum(account.id, 'live')).toBe(0);
    });

    it('an expired checkout is marked expired and credits nothing', async () => {
      const { account, session, status } = await openCheckout('expired');
      const expired = await post(
        event(
          `evt_expired_${account.id}`,
          { ...session, payment_status: 'unpaid' },
          'checkout.session.expired',
        ),
      );
      expect(expired.status).toBe(200);
      expect(expired.body).toEqual({ received: true, credited: false });
      expect(await status()).toEqual({
        status: 'expired',
        amountMicros: 25_000_000,
        liveBalanceMicros: 0,
      });
      expect(await ledgerSum(account.id, 'live')).toBe(0);
    });

    it('a paid checkout stays paid: later or replayed failed and expired events change nothing', async () => {
      const { account, session, status } = await openCheckout('paidfirst');
      const paid = event(`evt_paid_${account.id}`, session);
      expect((await post(paid)).body).toEqual({ received: true, credited: true });
      for (const [id, type] of [
        [`evt_late_failed_${account.id}`, 'checkout.session.async_payment_failed'],
        [`evt_late_expired_${account.id}`, 'checkout.session.expired'],
        [`evt_late_failed_${account.id}`, 'checkout.session.async_payment_failed'],
      ] as const) {
        const late = await post(event(id, { ...session, payment_status: 'unpaid' }, type));
        expect(late.status).toBe(200);
        expect(late.body).toEqual({ received: true, credited: false });
      }
      // A replay of the paid event credits nothing and leaves it paid.
      expect((await post(paid)).body).toEqual({ received: true, credited: false });
      expect(await status()).toEqual({
        status: 'paid',
        amountMicros: 25_000_000,
        liveBalanceMicros: 25_000_000,
      });
      expect(await ledgerSum(account.id, 'live')).toBe(25_000_000);
    });
  });

  describe('holds under concurrency on a real Postgres', () => {
    /** Opens a job with its hold and settles its success for the whole hold (a paid call). */
    const paidCall = async (accountId: string, price: number) => {
      const job = await openJob(t.app, { accountId, amount: price });
      return settleSuccess(t.app, job, price);
    };

    it('credit for exactly k calls: of 10·k concurrent open-job-with-hold + settle-success, exactly k succeed', async () => {
      const k = 7;
      const price = 10_000;
      const account = await funded(k * price);
      const party = { accountId: account.id, mode: 'test' as const };
      const { result: outcomes, samples } = await sampleWhile(
        account.id,
        Promise.allSettled(Array.from({ length: 10 * k }, () => paidCall(account.id, price))),
      );
      expectInvariants(samples, { k, price });
      const ok = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
      expect(ok).toHaveLength(k);
      for (const settled of ok) expect(settled).toMatchObject({ ended: true, captured: true });
      expect(refused).toHaveLength(9 * k);
      for (const reason of refused) expect(reason).toMatchObject({ code: 'insufficient_credit' });
      const balance = await billing.balance(party);
      expect(balance).toEqual({ balance: 0, held: 0, available: 0 });
      expect(await ledgerSum(account.id)).toBe(0);
      // A refused call wrote nothing: no job, no hold.
      const { rows } = await db.query(
        `SELECT (SELECT count(*) FROM jobs WHERE account_id = $1)::int AS jobs,
                (SELECT count(*) FROM holds WHERE account_id = $1)::int AS holds`,
        [account.id],
      );
      expect(rows[0]).toEqual({ jobs: k, holds: k });
    });

    it('credit for exactly k calls: of 10·k concurrent POST /v1/assist, exactly k answer 200, the rest 402', async () => {
      const k = 6;
      const price = 10_000; // assist's price in micros
      const account = await funded(k * price);
      const { key } = await createKey(t.app, account.id, 'test');
      const { result: responses, samples } = await sampleWhile(
        account.id,
        Promise.all(
          Array.from({ length: 10 * k }, () =>
            request(server())
              .post('/v1/assist')
              .set('Authorization', `Bearer ${key}`)
              .send({ message: 'hello there, thanks!' }),
          ),
        ),
      );
      expectInvariants(samples, { k, price });
      const ok = responses.filter((r) => r.status === 200);
      const refused = responses.filter((r) => r.status === 402);
      expect(ok).toHaveLength(k);
      expect(refused).toHaveLength(9 * k);
      for (const r of ok) expect(r.headers['x-service-charged-usd']).toBe('0.010000');
      for (const r of refused) {
        expect(r.body.error.code).toBe('insufficient_credit');
        expect(r.headers['x-service-price-usd']).toBe('0.010000');
      }
      expect(await billing.balance({ accountId: account.id, mode: 'test' })).toEqual({
        balance: 0,
        held: 0,
        available: 0,
      });
      expect(await ledgerSum(account.id)).toBe(0);
      // One usage record per call (a 402's is written after its answer: waited for, bounded).
      const records = async () =>
        (
          await db.query(
            `SELECT status, charged::bigint AS charged, error_code, count(*)::int AS n
               FROM usage_records WHERE account_id = $1
              GROUP BY 1, 2, 3 ORDER BY 1`,
            [account.id],
          )
        ).rows.map((r) => ({ ...r, charged: Number(r.charged) }));
      let usage = await records();
      for (let i = 0; i < 100 && usage.reduce((n, r) => n + r.n, 0) < 10 * k; i++) {
        await sleep(50);
        usage = await records();
      }
      expect(usage).toEqual([
        { status: 200, charged: price, error_code: null, n: k },
        { status: 402, charged: 0, error_code: 'insufficient_credit', n: 9 * k },
      ]);
      const requestIds = new Set(responses.map((r) => r.headers['x-request-id']));
      expect(requestIds.size).toBe(10 * k);
      const { rows: recorded } = await db.query(
        `SELECT count(DISTINCT request_id)::int AS n FROM usage_records
          WHERE account_id = $1 AND request_id = ANY($2::text[])`,
        [account.id, [...requestIds]],
      );
      expect(recorded[0].n).toBe(10 * k);
    });

    it('credit for exactly k calls: of 10·k concurrent open-job-with-hold + failure, every hold that got through is voided and nothing moves', async () => {
      const k = 5;
      const price = 25_000;
      const account = await funded(k * price);
      const party = { accountId: account.id, mode: 'test' as const };
      const { result: outcomes, samples } = await sampleWhile(
        account.id,
        Promise.allSettled(
          Array.from({ length: 10 * k }, async (_, i) => {
            const job = await openJob(t.app, { accountId: account.id, amount: price });
            await sleep(i % 4); // let holds overlap, so the ceiling is actually tested
            const first = await settleFailure(t.app, job);
            const second = await settleFailure(t.app, job); // twice is harmless
            return { job, first, second };
          }),
        ),
      );
      const held = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
      // The first k to reach the row always find room; later ones get room only as holds are voided.
      expect(held.length).toBeGreaterThanOrEqual(k);
      expect(held.length + refused.length).toBe(10 * k);
      for (const reason of refused) expect(reason).toMatchObject({ code: 'insufficient_credit' });
      for (const { first, second } of held) {
        expect(first.ended).toBe(true);
        expect(second.ended).toBe(false);
      }
      const { rows: holds } = await db.query(
        `SELECT id, status, charged FROM holds WHERE account_id = $1`,
        [account.id],
      );
      expect(holds.map((h) => h.id).sort()).toEqual(held.map((h) => h.job.holdId).sort());
      for (const h of holds) expect(h).toMatchObject({ status: 'voided', charged: null });
      expectInvariants(samples, { k, price, balance: k * price });
      expect(await billing.balance(party)).toEqual({
        balance: k * price,
        held: 0,
        available: k * price,
      });
      const { rows: charges } = await db.query(
        `SELECT count(*)::int AS n FROM ledger_entries WHERE account_id = $1 AND kind = 'charge'`,
        [account.id],
      );
      expect(charges[0].n).toBe(0);
      expect(await ledgerSum(account.id)).toBe(k * price);
    });

    it('a crash between hold and settlement: 10·k abandoned holds, the reaper frees them all, then exactly k calls succeed', async () => {
      const k = 6;
      const price = 10_000;
      const account = await funded(k * price);
      const party = { accountId: account.id, mode: 'test' as const };
      // Calls that die after their job and hold: never settled, short expiry.
      const abandoned = await sampleWhile(
        account.id,
        Promise.allSettled(
          Array.from({ length: 10 * k }, () =>
            openJob(t.app, { accountId: account.id, amount: price, ttlSeconds: 0.03 }),
          ),
        ),
      );
      const dead = abandoned.result.filter((o) => o.status === 'fulfilled');
      expect(dead).toHaveLength(k);
      for (const o of abandoned.result.filter((r) => r.status === 'rejected')) {
        expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'insufficient_credit' });
      }
      expectInvariants(abandoned.samples, { k, price, balance: k * price });
      expect(await billing.balance(party)).toEqual({
        balance: k * price,
        held: k * price,
        available: 0,
      });
      // While the dead holds stand, nothing more gets through.
      await expect(openJob(t.app, { accountId: account.id, amount: 1 })).rejects.toMatchObject({
        code: 'insufficient_credit',
      });

      let reaped = 0;
      for (let attempt = 0; attempt < 100; attempt++) {
        reaped += await billing.reapExpiredHolds();
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM holds WHERE account_id = $1 AND status = 'pending'`,
          [account.id],
        );
        if (rows[0].n === 0) break;
        await sleep(20);
      }
      expect(reaped).toBeGreaterThanOrEqual(k);
      const { rows: holds } = await db.query(
        `SELECT status, charged FROM holds WHERE account_id = $1`,
        [account.id],
      );
      expect(holds).toHaveLength(k);
      for (const h of holds) expect(h).toEqual({ status: 'voided', charged: null });
      expect(await billing.balance(party)).toEqual({
        balance: k * price,
        held: 0,
        available: k * price,
      });
      expect(await ledgerSum(account.id)).toBe(k * price);

      // The freed credit is whole again: of 10·k concurrent paid calls, exactly k succeed.
      const spent = await sampleWhile(
        account.id,
        Promise.allSettled(Array.from({ length: 10 * k }, () => paidCall(account.id, price))),
      );
      const ok = spent.result.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      expect(ok).toHaveLength(k);
      for (const settled of ok) expect(settled).toMatchObject({ ended: true, captured: true });
      for (const o of spent.result.filter((r) => r.status === 'rejected')) {
        expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'insufficient_credit' });
      }
      expectInvariants(spent.samples, { k, price });
      expect(await billing.balance(party)).toEqual({ balance: 0, held: 0, available: 0 });
      expect(await ledgerSum(account.id)).toBe(0);
    });

    it('the reaper frees the hold of a call that died; its late charge is made only if the credit is there', async () => {
      const account = await funded(200_000);
      const party = { accountId: account.id, mode: 'test' as const };
      const dying = await openJob(t.app, {
        accountId: account.id,
        amount: 150_000,
        ttlSeconds: 0.001,
      });
      expect((await billing.balance(party)).available).toBe(50_000);
      await expect(
        openJob(t.app, { accountId: account.id, amount: 100_000 }),
      ).rejects.toMatchObject({ code: 'insufficient_credit' });
      await sleep(20);
      expect(await billing.reapExpiredHolds()).toBeGreaterThanOrEqual(1);
      expect(await billing.balance(party)).toEqual({
        balance: 200_000,
        held: 0,
        available: 200_000,
      });
      // The call outlived its hold but delivered: its settlement finds no pending hold (nothing
      // captured) and makes the late charge instead, once, since the credit is there.
      expect(await settleSuccess(t.app, dying, 20_000)).toEqual({
        ended: true,
        captured: false,
        charged: 20_000,
        balance: '180000',
      });
      expect(await settleSuccess(t.app, dying, 20_000)).toMatchObject({
        ended: false,
        charged: null,
      });
      // Charged once: one ledger entry of the late charge, nothing held.
      expect(await ledgerSum(account.id)).toBe(180_000);
      expect(await billing.balance(party)).toEqual({
        balance: 180_000,
        held: 0,
        available: 180_000,
      });
      const later = await openJob(t.app, { accountId: account.id, amount: 100_000 });
      expect((await settleSuccess(t.app, later, 40_000)).balance).toBe('140000');
      expect(await ledgerSum(account.id)).toBe(140_000);

      // Another call dies; by the time it delivers, a new hold takes all the available credit:
      // its late charge is free (nothing charged, nothing held back), and stays free.
      const poor = await openJob(t.app, {
        accountId: account.id,
        amount: 100_000,
        ttlSeconds: 0.001,
      });
      await sleep(20);
      expect(await billing.reapExpiredHolds()).toBeGreaterThanOrEqual(1);
      const taker = await openJob(t.app, { accountId: account.id, amount: 140_000 });
      expect(await settleSuccess(t.app, poor, 50_000)).toEqual({
        ended: true,
        captured: false,
        charged: 0,
        balance: '140000',
      });
      expect(await settleFailure(t.app, taker)).toMatchObject({ ended: true });
      expect(await settleSuccess(t.app, poor, 50_000)).toMatchObject({
        ended: false,
        charged: null,
      });
      expect(await billing.balance(party)).toEqual({
        balance: 140_000,
        held: 0,
        available: 140_000,
      });
      expect(await ledgerSum(account.id)).toBe(140_000);
      const { rows: jobs } = await db.query(
        `SELECT id, status, charged::bigint AS charged FROM jobs WHERE id = ANY($1::uuid[])`,
        [[dying.id, later.id, poor.id]],
      );
      expect(Object.fromEntries(jobs.map((j) => [j.id, [j.status, Number(j.charged)]]))).toEqual({
        [dying.id]: ['succeeded', 20_000],
        [later.id]: ['succeeded', 40_000],
        [poor.id]: ['succeeded', 0],
      });
    });

    /** A job's row as its settlement leaves it, with its usage records and charge entries. */
    const jobRow = async (id: string) =>
      (
        await db.query(
          `SELECT status, attempt, charged::bigint AS charged, balance_after::bigint AS balance_after,
                  (SELECT count(*) FROM usage_records u WHERE u.request_id = j.request_id)::int AS usage,
                  (SELECT count(*) FROM ledger_entries l
                    WHERE l.request_id = j.request_id AND l.kind = 'charge')::int AS charges
             FROM jobs j WHERE id = $1`,
          [id],
        )
      ).rows[0];

    it('the job fence: concurrent settlements of one attempt end it once and charge once', async () => {
      const price = 30_000;
      const account = await funded(10 * price);
      const party = { accountId: account.id, mode: 'test' as const };
      // Five settlements of one attempt at once (a retry racing the first): one ends the job.
      const job = await openJob(t.app, { accountId: account.id, amount: price });
      const racing = await Promise.all(
        Array.from({ length: 5 }, (_, i) => settleSuccess(t.app, job, price - i)),
      );
      const winner = racing.findIndex((s) => s.ended);
      const charge = price - winner;
      // And a failure settlement after it changes nothing.
      const late = await settleFailure(t.app, job);
      expect({
        ended: racing.filter((s) => s.ended).length,
        captured: racing.filter((s) => s.captured).length,
        late: late.ended,
        balance: await billing.balance(party),
        job: await jobRow(job.id),
      }).toEqual({
        ended: 1,
        captured: 1,
        late: false,
        balance: { balance: 10 * price - charge, held: 0, available: 10 * price - charge },
        job: {
          status: 'succeeded',
          attempt: 1,
          charged: String(charge),
          balance_after: String(10 * price - charge),
          usage: 1,
          charges: 1,
        },
      });
      expect(await ledgerSum(account.id)).toBe(10 * price - charge);
    });

    it('the job fence: a superseded attempt (its job requeued and claimed again) settles nothing', async () => {
      const price = 30_000;
      const account = await funded(10 * price);
      const party = { accountId: account.id, mode: 'test' as const };
      // A job put back in the queue and claimed again: its first attempt is superseded. That
      // attempt's late settlements (success or failure) must not touch the new attempt's hold.
      const first = await openJob(t.app, { accountId: account.id, amount: price });
      expect(await requeue(t.app, first)).toBe(true);
      expect(await requeue(t.app, first)).toBe(false);
      const { job: second } = await claimAndHold(t.app, first);
      expect(second).toMatchObject({ attempt: 2 });
      const holdOf = async (id: string) =>
        (await db.query(`SELECT status, charged FROM holds WHERE id = $1`, [id])).rows[0];
      const before = await billing.balance(party);
      expect(before).toEqual({ balance: 10 * price, held: price, available: 9 * price });
      const stale = await settleSuccess(t.app, first, price);
      const staleFailure = await settleFailure(t.app, first);
      expect({
        stale,
        staleFailure: staleFailure.ended,
        staleRequeue: await requeue(t.app, first),
        balance: await billing.balance(party),
        hold: await holdOf(second!.holdId),
        job: await jobRow(first.id),
      }).toEqual({
        stale: { ended: false, captured: false, charged: null, balance: null },
        staleFailure: false,
        staleRequeue: false,
        balance: before,
        hold: { status: 'pending', charged: null },
        job: {
          status: 'running',
          attempt: 2,
          charged: null,
          balance_after: null,
          usage: 0,
          charges: 0,
        },
      });
      // The attempt that holds the job settles it, once.
      expect(await settleSuccess(t.app, second!, 12_000)).toMatchObject({
        ended: true,
        captured: true,
      });
      expect(await settleSuccess(t.app, second!, 12_000)).toMatchObject({ ended: false });
      expect(await jobRow(first.id)).toEqual({
        status: 'succeeded',
        attempt: 2,
        charged: '12000',
        balance_after: String(10 * price - 12_000),
        usage: 1,
        charges: 1,
      });
      expect(await billing.balance(party)).toEqual({
        balance: 10 * price - 12_000,
        held: 0,
        available: 10 * price - 12_000,
      });
      expect(await ledgerSum(account.id)).toBe(10 * price - 12_000);
    });

    it('the database itself refuses a negative balance and a ledger rewrite', async () => {
      const account = await funded(1_000);
      await expect(
        db.query(`UPDATE balances SET balance = -1 WHERE account_id = $1`, [account.id]),
      ).rejects.toThrow(/balances_never_negative/);
      await expect(
        db.query(`UPDATE ledger_entries SET amount = 5 WHERE account_id = $1`, [account.id]),
      ).rejects.toThrow(/append-only/);
      await expect(
        db.query(`DELETE FROM ledger_entries WHERE account_id = $1`, [account.id]),
      ).rejects.toThrow(/append-only/);
    });

    it('random interleavings of holds, settlements, voids, requeues, reaps, late charges, credit, reversals and shortfall payments agree with a model after every step', async () => {
      await fc.assert(
        fc.asyncProperty(
          moneySetup,
          fc.array(moneyStep, { minLength: 5, maxLength: 40, size: 'max' }),
          (l, s) => runMoneyModel({ app: t.app, db }, l, s),
        ),
        { numRuns: 30 },
      );
    }, 120_000);
  });

  describe('buying credit', () => {
    const post = (payload: string, secret = WEBHOOK_SECRET) =>
      request(server())
        .post('/webhooks/stripe')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret }))
        .send(payload);

    it('starts a Stripe Checkout, then shows the checkout paid with the new balance once the webhook credits it', async () => {
      const account = await funded(0);
      const agent = request.agent(server());
      await agent.post('/auth/sign-in').send({ email: account.email, password: account.password });
      expect(
        (await agent.post('/account/credit/checkout').send({ amountUsd: '4.99' })).status,
      ).toBe(400);
      expect(
        (await agent.post('/account/credit/checkout').send({ amountUsd: '1000.01' })).status,
      ).toBe(400);
      const started = await agent.post('/account/credit/checkout').send({ amountUsd: '25.00' });
      expect(started.status).toBe(201);
      expect(started.body).toEqual({
        id: `cs_test_${account.id}`,
        url: 'https://checkout.stripe.test/pay/2500',
      });
      const [sent] = stripeApi.requests('/v1/checkout/sessions');
      const form = new URLSearchParams(sent.body.toString());
      expect(form.get('metadata[amountMicros]')).toBe('25000000');
      expect(form.get('success_url')).toMatch(
        /\/credit\/return\?session_id=\{CHECKOUT_SESSION_ID\}$/,
      );

      const pending = await agent.get(`/account/credit/checkout/${started.body.id}`);
      expect(pending.body).toEqual({
        status: 'open',
        amountMicros: 25_000_000,
        liveBalanceMicros: 0,
      });
      const payload = event(`evt_${account.id}`, {
        id: started.body.id,
        amount_total: 2_500,
        metadata: { accountId: account.id, amountMicros: '25000000' },
      });
      expect((await post(payload)).body.credited).toBe(true);
      const paid = await agent.get(`/account/credit/checkout/${started.body.id}`);
      expect(paid.body).toEqual({
        status: 'paid',
        amountMicros: 25_000_000,
        liveBalanceMicros: 25_000_000,
      });
      // Another account cannot read this checkout.
      const other = await funded(0);
      const otherAgent = request.agent(server());
      await otherAgent.post('/auth/sign-in').send({ email: other.email, password: other.password });
      expect((await otherAgent.get(`/account/credit/checkout/${started.body.id}`)).status).toBe(
        404,
      );
    });

    it('free test credit, balances, ledger pages, usage filters, CSV and daily spend for the dashboard', async () => {
      const account = await funded(0);
      const agent = request.agent(server());
      await agent.post('/auth/sign-in').send({ email: account.email, password: account.password });
      const topped = await agent.post('/account/credit/test').send({ amountUsd: '2.50' });
      expect(topped.body).toEqual({ balanceMicros: 2_500_000 });
      expect((await agent.post('/account/credit/test').send({ amountUsd: '5000' })).status).toBe(
        400,
      );
      await agent.post('/account/credit/test').send({});

      const overview = await agent.get('/account/credit');
      expect(overview.body.balances.test).toEqual({
        balance: 12_500_000,
        held: 0,
        available: 12_500_000,
      });
      expect(overview.body.livePurchases.available).toBe(true);

      const { key } = await createKey(t.app, account.id, 'test');
      for (const [charge, subject] of [
        [10_000, 'a'],
        [20_000, 'b'],
        [30_000, 'a'],
      ] as const) {
        await request(server())
          .post('/v1/test-charge')
          .set('Authorization', `Bearer ${key}`)
          .set('x-subject', subject)
          .send({ hold: 50_000, charge });
      }
      await new Promise((resolve) => setTimeout(resolve, 300));

      const page1 = await agent.get('/account/ledger').query({ mode: 'test', limit: 2 });
      expect(page1.body.items).toHaveLength(2);
      expect(page1.body.items[0].kind).toBe('charge');
      const page2 = await agent
        .get('/account/ledger')
        .query({ mode: 'test', limit: 2, cursor: page1.body.nextCursor });
      expect(page2.body.items.length).toBeGreaterThan(0);
      expect(page2.body.items[0].id).not.toBe(page1.body.items[0].id);

      const onlyA = await agent.get('/account/usage').query({ subject: 'a' });
      expect(
        onlyA.body.items.map((u: { chargedMicros: number }) => u.chargedMicros).sort(),
      ).toEqual([10_000, 30_000]);
      const csv = await agent.get('/account/usage/export.csv').query({ mode: 'test' });
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.text.split('\n')[0]).toMatch(/^time,request_id,operation/);
      expect(csv.text).toContain(',0.020000,');
      const daily = await agent.get('/account/usage/daily').query({ mode: 'test' });
      expect(daily.body.days).toEqual([
        expect.objectContaining({ operation: 'test-charge', chargedMicros: 60_000, calls: 3 }),
      ]);
      expect((await agent.get('/account/usage').query({ operation: 'nope' })).status).toBe(400);

      // Another account sees none of it.
      const other = await funded(0);
      const otherAgent = request.agent(server());
      await otherAgent.post('/auth/sign-in').send({ email: other.email, password: other.password });
      expect((await otherAgent.get('/account/usage')).body.items).toEqual([]);
      expect((await otherAgent.get('/account/ledger')).body.items).toEqual([]);
    });

    it.each([
      '/account/usage',
      '/account/usage/daily',
      '/account/usage/export.csv',
      '/account/ledger',
    ])(
      '%s: a date the calendar or Postgres would refuse is 400 invalid_request naming from/to',
      async (path) => {
        const account = await funded(0);
        const agent = request.agent(server());
        await agent
          .post('/auth/sign-in')
          .send({ email: account.email, password: account.password });
        const invalid = [
          '2024-W05', // ISO week date: passes a loose ISO 8601 check, then Postgres refuses it
          '2024-W05-3',
          '2024-035', // ordinal date
          '20240105', // basic format
          '2024-02-30', // no such day (a Date would roll it over to 1 March)
          '2024-13-01',
          '2024-01-05T24:00:00Z',
          '2024-01-05T10:00:00+25:00',
          '2024-01-05 10:00:00Z',
          'yesterday',
          '',
        ];
        for (const param of ['from', 'to']) {
          for (const value of invalid) {
            const res = await agent.get(path).query({ [param]: value });
            expect({
              value,
              status: res.status,
              type: res.headers['content-type'],
              code: res.body?.error?.code,
              param: res.body?.error?.param,
            }).toEqual({
              value,
              status: 400,
              // An error is never served as a CSV download.
              type: expect.stringMatching(/^application\/json/),
              code: 'invalid_request',
              param,
            });
            expect(res.headers['content-disposition']).toBeUndefined();
          }
        }
        for (const value of [
          '2024-01-05',
          '2024-02-29',
          '2024-01-05T10:00Z',
          '2024-01-05T10:00:00Z',
          '2024-01-05T10:00:00.123+02:00',
          '2025-11-01T00:00:00.000Z',
        ]) {
          expect({ value, status: (await agent.get(path).query({ from: value })).status }).toEqual({
            value,
            status: 200,
          });
          expect({ value, status: (await agent.get(path).query({ to: value })).status }).toEqual({
            value,
            status: 200,
          });
        }
      },
    );

    it("filters the ledger by operation and date range like usage, paginated, and only the owner's entries", async () => {
      const owner = await funded(0);
      const other = await funded(0);
      const clock = async () =>
        (await db.query(`SELECT clock_timestamp() AS now`)).rows[0].now as Date;
      const spend = async (accountId: string, operation: string, charge: number) => {
        const job = await openJob(t.app, { accountId, amount: charge, operation });
        expect(await settleSuccess(t.app, job, charge)).toMatchObject({ captured: true });
      };
      for (const id of [owner.id, other.id]) {
        await grant(t.app, id, 2_000_000);
        await spend(id, 'scan', 7_500);
        await spend(id, 'music', 250_000);
      }
      await sleep(25);
      const mid = (await clock()).toISOString();
      await sleep(25);
      for (const id of [owner.id, other.id]) {
        await spend(id, 'scan', 15_000);
        await spend(id, 'assist', 10_000);
      }
      const agent = request.agent(server());
      await agent.post('/auth/sign-in').send({ email: owner.email, password: owner.password });
      const amounts = async (query: Record<string, string | number>) => {
        const res = await agent.get('/account/ledger').query(query);
        expect(res.status).toBe(200);
        return (res.body.items as { amountMicros: number }[]).map((e) => e.amountMicros);
      };

      expect(await amounts({ operation: 'scan' })).toEqual([-15_000, -7_500]);
      expect(await amounts({ operation: 'scan', mode: 'test' })).toEqual([-15_000, -7_500]);
      expect(await amounts({ operation: 'scan', mode: 'live' })).toEqual([]);
      expect(await amounts({ from: mid })).toEqual([-10_000, -15_000]);
      expect(await amounts({ to: mid })).toEqual([-250_000, -7_500, 2_000_000]);
      expect(await amounts({ operation: 'scan', from: mid })).toEqual([-15_000]);
      expect(await amounts({ operation: 'music', to: mid })).toEqual([-250_000]);
      expect(await amounts({ operation: 'music', from: mid })).toEqual([]);
      expect(await amounts({ from: mid, to: mid })).toEqual([]);

      // Paginated as before, with the filters kept from page to page.
      const first = await agent.get('/account/ledger').query({ operation: 'scan', limit: 1 });
      expect(first.body.items).toHaveLength(1);
      expect(first.body.items[0]).toMatchObject({ operation: 'scan', amountMicros: -15_000 });
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const second = await agent
        .get('/account/ledger')
        .query({ operation: 'scan', limit: 1, cursor: first.body.nextCursor });
      expect(second.body.items).toHaveLength(1);
      expect(second.body.items[0]).toMatchObject({ operation: 'scan', amountMicros: -7_500 });
      expect(second.body.nextCursor).toBeNull();

      // Only the owner's entries, whatever the filters.
      const { rows: owned } = await db.query(
        `SELECT id FROM ledger_entries WHERE account_id = $1`,
        [owner.id],
      );
      const ownedIds = new Set(owned.map((r) => String(r.id)));
      for (const query of [{}, { operation: 'scan' }, { from: mid }, { to: mid, mode: 'test' }]) {
        const res = await agent.get('/account/ledger').query(query);
        for (const e of res.body.items as { id: string }[]) expect(ownedIds.has(e.id)).toBe(true);
      }
      const otherAgent = request.agent(server());
      await otherAgent.post('/auth/sign-in').send({ email: other.email, password: other.password });
      const theirs = await otherAgent.get('/account/ledger').query({ operation: 'scan' });
      expect(theirs.body.items).toHaveLength(2);
      for (const e of theirs.body.items as { id: string }[]) expect(ownedIds.has(e.id)).toBe(false);

      const bad = await agent.get('/account/ledger').query({ operation: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: 'invalid_request', param: 'operation' });
      // The ledger has no subject: the filter is refused, not silently ignored.
      expect((await agent.get('/account/ledger').query({ subject: 'a' })).body.error).toMatchObject(
        { code: 'invalid_request', param: 'subject' },
      );
    });

    it('the CLI adds credit and shows balances', async () => {
      const account = await funded(0);
      const out: string[] = [];
      const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(`ERR ${l}`) };
      expect(
        await runCli(
          [
            'credit:add',
            '--email',
            account.email,
            '--usd',
            '12.50',
            '--mode',
            'test',
            '--reason',
            'QA',
          ],
          io,
        ),
      ).toBe(0);
      expect(await runCli(['balance', '--email', account.email], io)).toBe(0);
      expect(out).toContain('test: balance 12.500000 USD, held 0.000000, available 12.500000');
      expect(out).toContain('live: balance 0.000000 USD, held 0.000000, available 0.000000');
      expect(await runCli(['credit:add', '--email', account.email, '--usd', '-3'], io)).toBe(2);
    });
  });
});
