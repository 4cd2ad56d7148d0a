import { type Client } from 'pg';
import Stripe from 'stripe';
import request from 'supertest';
import { runCli } from '../src/cli/cli.runner';
import { type FakeServerControls } from './fakes/fake-http';
import { createKey, grant } from './support/fixtures';
import { openJob, settleSuccess } from './support/ledger-fixtures';
import { sleep } from './support/local-servers';
import { type TestApp } from './support/test-app';
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
  let db: Client;
  let stripeApi: FakeServerControls;
  const server = () => t.app.getHttpServer();
  const { funded } = billingSpecHelpers(() => app);

  beforeAll(async () => {
    app = await startBillingSpecApp();
    ({ t, db, stripeApi } = app);
  });

  afterAll(async () => {
    await stopBillingSpecApp(app);
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
