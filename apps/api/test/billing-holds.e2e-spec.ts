import fc from 'fast-check';
import { type Client } from 'pg';
import request from 'supertest';
import { type BillingService } from '../src/ledger/billing.service';
import { createKey } from './support/fixtures';
import {
  chargeReapedHold,
  claimAndHold,
  openJob,
  requeue,
  settleFailure,
  settleSuccess,
} from './support/ledger-fixtures';
import { sleep } from './support/local-servers';
import { moneySetup, moneyStep, runMoneyModel } from './support/money-model';
import { type TestApp } from './support/test-app';
import {
  billingSpecHelpers,
  startBillingSpecApp,
  stopBillingSpecApp,
  type BillingSpecApp,
} from './support/billing-spec-shared';

describe('billing: ledger, holds, headers, usage, idempotency, credit (e2e)', () => {
  let app: BillingSpecApp;
  let t: TestApp;
  let billing: BillingService;
  let db: Client;
  const server = () => t.app.getHttpServer();
  const { ledgerSum, sampleWhile, expectInvariants, funded } = billingSpecHelpers(() => app);

  beforeAll(async () => {
    app = await startBillingSpecApp();
    ({ t, billing, db } = app);
  });

  afterAll(async () => {
    await stopBillingSpecApp(app);
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
      // captured), then the late charge is made, once, since the credit is there.
      expect(await settleSuccess(t.app, dying, 20_000)).toMatchObject({
        ended: true,
        captured: false,
        balance: null,
      });
      expect(await chargeReapedHold(t.app, dying, 20_000)).toEqual({
        charged: 20_000,
        balance: 180_000,
      });
      expect(await chargeReapedHold(t.app, dying, 20_000)).toBeNull();
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
      expect(await settleSuccess(t.app, poor, 50_000)).toMatchObject({
        ended: true,
        captured: false,
      });
      expect(await chargeReapedHold(t.app, poor, 50_000)).toEqual({
        charged: 0,
        balance: 140_000,
      });
      expect(await settleFailure(t.app, taker)).toMatchObject({ ended: true });
      expect(await chargeReapedHold(t.app, poor, 50_000)).toBeNull();
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
        stale: { ended: false, captured: false, balance: null, eventsPending: false },
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
});
