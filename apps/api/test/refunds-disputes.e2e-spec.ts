import { randomBytes } from 'node:crypto';
import { type Client } from 'pg';
import Stripe from 'stripe';
import request from 'supertest';
import { runCli } from '../src/cli/cli.runner';
import { BillingService } from '../src/money/billing.service';
import { createAccount, createKey, type AccountFixture, createFundedKey } from './support/fixtures';
import { openJob, settleFailure, settleSuccess } from './support/ledger-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { V1ChargeModule } from './support/test-operations.module';

const WEBHOOK_SECRET = 'whsec_test_reelscout_refunds_secret';

/**
 * Refunds and disputes of live purchases, end to end: Stripe's events signed with the Stripe
 * SDK's test helper, posted to the webhook, and the ledger, the balance row and live and test
 * calls read back from the real app and its Postgres.
 */
describe('refunds and disputes take live credit back (e2e)', () => {
  let t: TestApp;
  let billing: BillingService;
  let db: Client;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await createTestApp({
      extraImports: [V1ChargeModule],
      env: {
        STRIPE_SECRET_KEY: 'sk_test_reelscout_e2e_not_used_for_network',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        HOLD_REAPER_INTERVAL_MS: '0',
      },
    });
    billing = t.app.get(BillingService);
    db = t.sql;
  });

  afterAll(async () => {
    await t.close();
  });

  const post = (payload: string) =>
    request(server())
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set(
        'Stripe-Signature',
        Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      )
      .send(payload);

  const eventOf = (type: string, object: Record<string, unknown>) =>
    JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type,
      data: { object },
    });

  /** A live purchase of `cents` credited by its checkout webhook; its PaymentIntent and charge. */
  async function buy(account: AccountFixture, cents: number) {
    const tag = randomBytes(6).toString('hex');
    const paymentIntent = `pi_${tag}`;
    const paid = await post(
      eventOf('checkout.session.completed', {
        id: `cs_test_${tag}`,
        object: 'checkout.session',
        payment_status: 'paid',
        payment_intent: paymentIntent,
        amount_total: cents,
        metadata: { accountId: account.id, amountMicros: String(cents * 10_000) },
      }),
    );
    expect(paid.body).toEqual({ received: true, credited: true });
    return { paymentIntent, charge: `ch_${tag}` };
  }

  const refunded = (purchase: { paymentIntent: string; charge: string }, refundedCents: number) =>
    eventOf('charge.refunded', {
      id: purchase.charge,
      object: 'charge',
      amount: 2_500,
      amount_refunded: refundedCents,
      currency: 'usd',
      payment_intent: purchase.paymentIntent,
      refunded: refundedCents >= 2_500,
    });

  const dispute = (
    type: 'charge.dispute.created' | 'charge.dispute.closed',
    purchase: { paymentIntent: string; charge: string },
    status: string,
    id = `dp_${purchase.charge}`,
  ) =>
    eventOf(type, {
      id,
      object: 'dispute',
      amount: 2_500,
      currency: 'usd',
      charge: purchase.charge,
      payment_intent: purchase.paymentIntent,
      status,
    });

  const live = (accountId: string) => billing.balance({ accountId, mode: 'live' });

  async function entries(accountId: string) {
    const { rows } = await db.query<{ kind: string; amount: string }>(
      `SELECT kind, amount FROM ledger_entries WHERE account_id = $1 AND mode = 'live' ORDER BY id`,
      [accountId],
    );
    return rows.map((r) => [r.kind, Number(r.amount)]);
  }

  /** The live balance equals the sum of its ledger, whatever was taken back. */
  async function expectLedgerMatchesBalance(accountId: string) {
    const { rows } = await db.query(
      `SELECT coalesce(sum(amount), 0)::bigint AS sum FROM ledger_entries
        WHERE account_id = $1 AND mode = 'live'`,
      [accountId],
    );
    expect(Number(rows[0].sum)).toBe((await live(accountId)).balance);
  }

  const call = (key: string, hold: number, charge: number) =>
    request(server())
      .post('/v1/test-charge')
      .set('Authorization', `Bearer ${key}`)
      .send({ hold, charge });

  /** An account with a 25 USD live purchase, live and test keys, and 10 USD of test credit. */
  async function customer() {
    const account = await createAccount(t.app);
    const purchase = await buy(account, 2_500);
    const liveKey = (await createKey(t.app, account.id, 'live')).key;
    const testKey = (await createFundedKey(t.app, { account })).key;
    return { account, purchase, liveKey, testKey };
  }

  it('a refund takes the refunded credit back once, even when delivered twice', async () => {
    const { account, purchase } = await customer();
    const full = refunded(purchase, 2_500);
    // Three deliveries of one event at once: they take turns on the purchase's row.
    const deliveries = await Promise.all([post(full), post(full), post(full)]);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(deliveries.map((d) => d.body.reversal).sort()).toEqual([
      'applied',
      'replayed',
      'replayed',
    ]);
    expect((await post(full)).body).toEqual({
      received: true,
      credited: false,
      reversal: 'replayed',
    });
    expect(await live(account.id)).toEqual({ balance: 0, held: 0, available: 0 });
    expect(await entries(account.id)).toEqual([
      ['purchase', 25_000_000],
      ['payment_refund', -25_000_000],
    ]);
    await expectLedgerMatchesBalance(account.id);
  });

  it('a partial refund then a full refund take back only what is new; a late partial changes nothing', async () => {
    const { account, purchase } = await customer();
    expect((await post(refunded(purchase, 1_000))).body.reversal).toBe('applied');
    expect((await live(account.id)).balance).toBe(15_000_000);
    expect((await post(refunded(purchase, 2_500))).body.reversal).toBe('applied');
    expect((await live(account.id)).balance).toBe(0);
    // The first refund's report delivered again under a new event id, after the full one.
    expect((await post(refunded(purchase, 1_000))).body.reversal).toBe('unchanged');
    expect(await entries(account.id)).toEqual([
      ['purchase', 25_000_000],
      ['payment_refund', -10_000_000],
      ['payment_refund', -15_000_000],
    ]);
    await expectLedgerMatchesBalance(account.id);
  });

  it('a refund of spent credit: balance 0 and a shortfall, live calls refused, test calls served; later credit pays the shortfall first', async () => {
    const { account, purchase, liveKey, testKey } = await customer();
    // 15 USD spent by a settled call (production's hold and settlement statements).
    const spent = await openJob(t.app, { accountId: account.id, mode: 'live', amount: 15_000_000 });
    await settleSuccess(t.app, spent, 15_000_000);
    // A call still running holds 4 USD: held credit is not taken back, its call settles as usual.
    const running = await openJob(t.app, {
      accountId: account.id,
      mode: 'live',
      amount: 4_000_000,
    });
    expect((await post(refunded(purchase, 2_500))).body.reversal).toBe('applied');
    expect(await live(account.id)).toEqual({ balance: 4_000_000, held: 4_000_000, available: 0 });
    await settleFailure(t.app, running);
    expect((await live(account.id)).available).toBe(4_000_000);
    expect(await billing.liveSuspension(account.id)).toEqual({
      shortfallMicros: 19_000_000,
      openDisputes: 0,
    });

    // The 4 USD available does not help: the shortfall refuses every live hold.
    const refused = await call(liveKey, 1_000_000, 1_000_000);
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('credit_shortfall');
    expect(refused.body.error.message).toContain('19.000000 USD');
    expect((await call(testKey, 1_000_000, 1_000_000)).status).toBe(200);

    // A second purchase of 10 USD pays 10 USD of what is owed (from itself and the 4 USD).
    await buy(account, 1_000);
    expect(await billing.liveSuspension(account.id)).toEqual({
      shortfallMicros: 5_000_000,
      openDisputes: 0,
    });
    expect((await live(account.id)).balance).toBe(0);
    expect((await call(liveKey, 1_000_000, 1_000_000)).body.error.code).toBe('credit_shortfall');

    // Credit from the CLI pays the rest first, and live calls resume with what is left.
    const io = { out: () => undefined, err: () => undefined };
    expect(await runCli(['credit:add', '--email', account.email, '--usd', '8.00'], io)).toBe(0);
    expect(await billing.liveSuspension(account.id)).toEqual({
      shortfallMicros: 0,
      openDisputes: 0,
    });
    expect((await live(account.id)).balance).toBe(3_000_000);
    expect((await call(liveKey, 1_000_000, 1_000_000)).status).toBe(200);
    expect(await entries(account.id)).toEqual([
      ['purchase', 25_000_000],
      ['charge', -15_000_000],
      ['payment_refund', -6_000_000],
      ['purchase', 10_000_000],
      ['shortfall_payment', -14_000_000],
      ['grant', 8_000_000],
      ['shortfall_payment', -5_000_000],
      ['charge', -1_000_000],
    ]);
    await expectLedgerMatchesBalance(account.id);
  });

  it('an open dispute refuses live calls, test calls still served; won, live calls resume with nothing taken', async () => {
    const { account, purchase, liveKey, testKey } = await customer();
    const opened = dispute('charge.dispute.created', purchase, 'needs_response');
    expect((await post(opened)).body.reversal).toBe('applied');
    expect((await post(opened)).body.reversal).toBe('replayed');
    expect(await billing.liveSuspension(account.id)).toEqual({
      shortfallMicros: 0,
      openDisputes: 1,
    });
    const refused = await call(liveKey, 1_000_000, 1_000_000);
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('payment_disputed');
    expect((await call(testKey, 1_000_000, 1_000_000)).status).toBe(200);
    expect((await live(account.id)).balance).toBe(25_000_000);

    const won = dispute('charge.dispute.closed', purchase, 'won');
    expect((await post(won)).body.reversal).toBe('applied');
    expect((await post(won)).body.reversal).toBe('replayed');
    expect((await billing.liveSuspension(account.id)).openDisputes).toBe(0);
    expect((await call(liveKey, 1_000_000, 1_000_000)).status).toBe(200);
    expect(await entries(account.id)).toEqual([
      ['purchase', 25_000_000],
      ['charge', -1_000_000],
    ]);
  });

  it('disputes are kept by dispute id: an inquiry closes as warning_closed, and a later dispute of the same payment counts again', async () => {
    const { account, purchase, liveKey } = await customer();
    const inquiry = `dp_inquiry_${purchase.charge}`;
    const chargeback = `dp_chargeback_${purchase.charge}`;
    const statuses = async () =>
      (
        await db.query(`SELECT id, status FROM stripe_disputes WHERE id = ANY($1) ORDER BY id`, [
          [inquiry, chargeback],
        ])
      ).rows;
    expect(
      (await post(dispute('charge.dispute.created', purchase, 'warning_needs_response', inquiry)))
        .body.reversal,
    ).toBe('applied');
    expect((await billing.liveSuspension(account.id)).openDisputes).toBe(1);
    expect(
      (await post(dispute('charge.dispute.closed', purchase, 'warning_closed', inquiry))).body
        .reversal,
    ).toBe('applied');
    expect((await billing.liveSuspension(account.id)).openDisputes).toBe(0);
    expect(await statuses()).toEqual([{ id: inquiry, status: 'warning_closed' }]);

    // The same payment disputed for real afterwards: a dispute of its own, open until it closes.
    expect(
      (await post(dispute('charge.dispute.created', purchase, 'needs_response', chargeback))).body
        .reversal,
    ).toBe('applied');
    expect((await billing.liveSuspension(account.id)).openDisputes).toBe(1);
    expect((await call(liveKey, 1_000_000, 1_000_000)).body.error.code).toBe('payment_disputed');
    expect(
      (await post(dispute('charge.dispute.closed', purchase, 'won', chargeback))).body.reversal,
    ).toBe('applied');
    expect((await billing.liveSuspension(account.id)).openDisputes).toBe(0);
    expect(await statuses()).toEqual([
      { id: chargeback, status: 'won' },
      { id: inquiry, status: 'warning_closed' },
    ]);
    expect((await live(account.id)).balance).toBe(25_000_000);
  });

  it('a refund and a dispute that arrive before their purchase is credited are kept, then applied by the credit', async () => {
    const account = await createAccount(t.app);
    const tag = randomBytes(6).toString('hex');
    const purchase = { paymentIntent: `pi_${tag}`, charge: `ch_${tag}` };
    const early = refunded(purchase, 1_000);
    expect((await post(early)).body.reversal).toBe('waiting');
    expect((await post(early)).body.reversal).toBe('waiting');
    expect(
      (await post(dispute('charge.dispute.created', purchase, 'needs_response'))).body.reversal,
    ).toBe('waiting');
    expect((await live(account.id)).balance).toBe(0);

    const paid = await post(
      eventOf('checkout.session.completed', {
        id: `cs_test_${tag}`,
        object: 'checkout.session',
        payment_status: 'paid',
        payment_intent: purchase.paymentIntent,
        amount_total: 2_500,
        metadata: { accountId: account.id, amountMicros: String(25_000_000) },
      }),
    );
    expect(paid.body).toEqual({ received: true, credited: true });
    expect((await live(account.id)).balance).toBe(15_000_000);
    expect(await billing.liveSuspension(account.id)).toEqual({
      shortfallMicros: 0,
      openDisputes: 1,
    });
    expect(await entries(account.id)).toEqual([
      ['purchase', 25_000_000],
      ['payment_refund', -10_000_000],
    ]);
    // Applied once: Stripe sending the refund again now is a replay.
    expect((await post(early)).body.reversal).toBe('replayed');
    await expectLedgerMatchesBalance(account.id);
  });

  it('a lost dispute takes the disputed credit back once, even delivered twice', async () => {
    const { account, purchase, liveKey } = await customer();
    expect(
      (await post(dispute('charge.dispute.created', purchase, 'needs_response'))).body.reversal,
    ).toBe('applied');
    const lost = dispute('charge.dispute.closed', purchase, 'lost');
    expect((await post(lost)).body.reversal).toBe('applied');
    expect((await post(lost)).body.reversal).toBe('replayed');
    // The same outcome under another event id moves nothing either.
    expect((await post(dispute('charge.dispute.closed', purchase, 'lost'))).body.reversal).toBe(
      'unchanged',
    );
    expect(await live(account.id)).toEqual({ balance: 0, held: 0, available: 0 });
    expect(await billing.liveSuspension(account.id)).toEqual({
      shortfallMicros: 0,
      openDisputes: 0,
    });
    expect(await entries(account.id)).toEqual([
      ['purchase', 25_000_000],
      ['chargeback', -25_000_000],
    ]);
    // No longer suspended: an empty balance answers as an empty balance does.
    expect((await call(liveKey, 1_000_000, 1_000_000)).body.error.code).toBe('insufficient_credit');
    await expectLedgerMatchesBalance(account.id);
  });

  it('disputes:close ends a dispute whose close never arrived: won resumes live calls, lost takes back --usd once', async () => {
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const cli = (args: string[]) => runCli(['disputes:close', ...args], io);

    const won = await customer();
    await post(dispute('charge.dispute.created', won.purchase, 'needs_response'));
    expect((await call(won.liveKey, 1_000_000, 1_000_000)).body.error.code).toBe(
      'payment_disputed',
    );
    // Bad arguments: exit 2, nothing moved.
    const pi = won.purchase.paymentIntent;
    expect(await cli(['--payment-intent', pi, '--outcome', 'settled'])).toBe(2);
    expect(await cli(['--payment-intent', pi, '--outcome', 'lost'])).toBe(2);
    expect(await cli(['--payment-intent', pi, '--outcome', 'won', '--usd', '5'])).toBe(2);
    expect(await cli(['--payment-intent', 'pi_nosuchpurchase', '--outcome', 'won'])).toBe(1);
    expect(await billing.liveSuspension(won.account.id)).toEqual({
      shortfallMicros: 0,
      openDisputes: 1,
    });

    expect(await cli(['--payment-intent', pi, '--outcome', 'won'])).toBe(0);
    expect(lines.at(-1)).toBe(
      `Closed the dispute on ${pi} as won for ${won.account.email}: took back 0.000000 USD; live balance 25.000000 USD`,
    );
    expect((await billing.liveSuspension(won.account.id)).openDisputes).toBe(0);
    expect((await call(won.liveKey, 1_000_000, 1_000_000)).status).toBe(200);
    // Closed once: a second close is refused, and Stripe's own close arriving late moves nothing.
    expect(await cli(['--payment-intent', pi, '--outcome', 'won'])).toBe(1);
    expect(lines.at(-1)).toMatch(/has no open dispute \(won\)/);
    expect((await post(dispute('charge.dispute.closed', won.purchase, 'lost'))).body.reversal).toBe(
      'unchanged',
    );
    expect(await entries(won.account.id)).toEqual([
      ['purchase', 25_000_000],
      ['charge', -1_000_000],
    ]);

    const lost = await customer();
    await post(dispute('charge.dispute.created', lost.purchase, 'needs_response'));
    const lostPi = lost.purchase.paymentIntent;
    expect(await cli(['--payment-intent', lostPi, '--outcome', 'lost', '--usd', '10.00'])).toBe(0);
    expect(lines.at(-1)).toBe(
      `Closed the dispute on ${lostPi} as lost for ${lost.account.email}: took back 10.000000 USD; live balance 15.000000 USD`,
    );
    expect(await billing.liveSuspension(lost.account.id)).toEqual({
      shortfallMicros: 0,
      openDisputes: 0,
    });
    expect(
      (await post(dispute('charge.dispute.closed', lost.purchase, 'lost'))).body.reversal,
    ).toBe('unchanged');
    expect(await entries(lost.account.id)).toEqual([
      ['purchase', 25_000_000],
      ['chargeback', -10_000_000],
    ]);
    expect((await call(lost.liveKey, 1_000_000, 1_000_000)).status).toBe(200);
    await expectLedgerMatchesBalance(lost.account.id);
  });

  it('an unsigned event moves nothing; a payment that is no purchase of ours is acknowledged and moves nothing', async () => {
    const { account, purchase } = await customer();
    const forged = await request(server())
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set(
        'Stripe-Signature',
        Stripe.webhooks.generateTestHeaderString({
          payload: refunded(purchase, 2_500),
          secret: 'whsec_wrong',
        }),
      )
      .send(refunded(purchase, 2_500));
    expect(forged.status).toBe(400);
    const stranger = await post(refunded({ paymentIntent: 'pi_unknown', charge: 'ch_x' }, 2_500));
    expect(stranger.status).toBe(200);
    // Kept in case its purchase's credit is still on its way; nothing moves meanwhile.
    expect(stranger.body.reversal).toBe('waiting');
    expect((await live(account.id)).balance).toBe(25_000_000);
  });

  it('the credit page reports the shortfall and open disputes; the ledger lists the new kinds', async () => {
    const { account, purchase } = await customer();
    const agent = request.agent(server());
    await agent.post('/auth/sign-in').send({ email: account.email, password: account.password });
    await post(refunded(purchase, 1_000));
    await post(dispute('charge.dispute.created', purchase, 'needs_response'));
    const overview = await agent.get('/account/credit');
    expect(overview.body.liveSuspension).toEqual({ shortfallMicros: 0, openDisputes: 1 });
    const ledger = await agent.get('/account/ledger?mode=live');
    expect(ledger.body.items.map((e: { kind: string }) => e.kind)).toEqual([
      'payment_refund',
      'purchase',
    ]);
    expect(ledger.body.items[0]).toEqual(
      expect.objectContaining({ amountMicros: -10_000_000, balanceAfterMicros: 15_000_000 }),
    );
  });
});
