import { type Client } from 'pg';
import Stripe from 'stripe';
import request from 'supertest';
import { type BillingService } from '../src/ledger/billing.service';
import { balanceOf, createFundedKey, createKey, grant } from './support/fixtures';
import { sleep } from './support/local-servers';
import { createTestApp, type TestApp } from './support/test-app';
import { V1ChargeModule, chargeProbe } from './support/test-operations.module';
import {
  billingSpecHelpers,
  event,
  startBillingSpecApp,
  stopBillingSpecApp,
  WEBHOOK_SECRET,
  type BillingSpecApp,
} from './support/billing-spec-shared';

describe('billing: ledger, holds, headers, usage, idempotency, credit (e2e)', () => {
  let app: BillingSpecApp;
  let t: TestApp;
  let billing: BillingService;
  let db: Client;
  const server = () => t.app.getHttpServer();
  const { ledgerSum, funded, usageRows } = billingSpecHelpers(() => app);

  beforeAll(async () => {
    app = await startBillingSpecApp();
    ({ t, billing, db } = app);
  });

  afterAll(async () => {
    await stopBillingSpecApp(app);
  });

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
});
