import type { INestApplication } from '@nestjs/common';
import type { Client } from 'pg';
import { Clock } from '../../src/common/clock/clock';
import { BillingService } from '../../src/money/billing.service';
import { MoneyRepository } from '../../src/repositories/money.repository';
import { DataSource } from 'typeorm';
import { createAccount, createKey } from './fixtures';
import {
  claimAndHold,
  requeue,
  settleFailure,
  settleSuccess,
  tryOpenJob,
  type OpenedJob,
} from './ledger-fixtures';
import { DAYS, DAY_STARTS, SUBJECTS, type MoneySetup, type MoneyStep } from './money-model-steps';

export { moneySetup, moneyStep, type MoneySetup, type MoneyStep } from './money-model-steps';

/**
 * Runs one random interleaving (money-model-steps.ts) against production's money statements and
 * checks the account, its key's and subjects' windows against the model after every step.
 */

interface ModelHold {
  id: string;
  amount: number;
  withKey: boolean;
  subject: string | null;
  day: number;
  expired: boolean;
  state: 'pending' | 'gone' | 'reaped';
}

interface ModelJob {
  /** The job's current attempt (what settles it). */
  job: OpenedJob;
  /** Earlier attempts, superseded by a requeue and a new claim. */
  superseded: OpenedJob[];
  status: 'running' | 'queued' | 'ended';
  hold: ModelHold | null;
}

/** One window's name in the model: `key:total`, `key:day:<date>`, `subject:s0:month`, … */
type Windows = Map<string, number>;

export async function runMoneyModel(
  ctx: { app: INestApplication; db: Client },
  setup: MoneySetup,
  steps: MoneyStep[],
): Promise<void> {
  const { app, db } = ctx;
  const limits = setup;
  const billing = app.get(BillingService);
  const account = await createAccount(app);
  const key = await createKey(app, account.id, 'test');
  await db.query(
    `UPDATE api_keys SET limit_total_micros = $2, limit_daily_micros = $3, limit_monthly_micros = $4,
            subject_limit_daily_micros = $5, subject_limit_monthly_micros = $6 WHERE id = $1`,
    [
      key.id,
      limits.total,
      limits.daily,
      limits.monthly,
      limits.keySubjectDaily,
      limits.keySubjectMonthly,
    ],
  );
  await db.query(
    `UPDATE accounts SET subject_limit_daily_micros = $2, subject_limit_monthly_micros = $3 WHERE id = $1`,
    [account.id, limits.accountSubjectDaily, limits.accountSubjectMonthly],
  );
  const { rows: owners } = await db.query(`SELECT spend_owner FROM api_keys WHERE id = $1`, [
    key.id,
  ]);
  const keyOwner = String(owners[0].spend_owner);
  const party = { accountId: account.id, mode: 'test' as const };
  const model = { balance: 0, held: 0, shortfall: 0, disputes: 0 };
  if (limits.initialCredit > 0) {
    await billing.credit(party, limits.initialCredit, { kind: 'grant' });
    model.balance = limits.initialCredit;
  }
  const windows: Windows = new Map();
  const jobs: ModelJob[] = [];
  let credits = 0;

  /** The windows a hold counts in, each with the limit a new hold or a late charge meets. */
  const windowsOf = (h: Pick<ModelHold, 'withKey' | 'subject' | 'day'>) => {
    const list: { name: string; limit: number | null; code: string; window: string }[] = [];
    const day = DAY_STARTS[h.day];
    if (h.withKey) {
      const code = 'key_spend_limit_reached';
      list.push({ name: 'key:total', limit: limits.total, code, window: 'total' });
      list.push({ name: `key:day:${day}`, limit: limits.daily, code, window: 'day' });
      list.push({ name: 'key:month', limit: limits.monthly, code, window: 'month' });
    }
    if (h.subject !== null) {
      const code = 'subject_spend_limit_reached';
      const daily = h.withKey
        ? (limits.keySubjectDaily ?? limits.accountSubjectDaily)
        : limits.accountSubjectDaily;
      const monthly = h.withKey
        ? (limits.keySubjectMonthly ?? limits.accountSubjectMonthly)
        : limits.accountSubjectMonthly;
      list.push({ name: `subject:${h.subject}:day:${day}`, limit: daily, code, window: 'day' });
      list.push({ name: `subject:${h.subject}:month`, limit: monthly, code, window: 'month' });
    }
    return list;
  };
  const add = (h: ModelHold, amount: number) => {
    for (const w of windowsOf(h)) windows.set(w.name, (windows.get(w.name) ?? 0) + amount);
  };
  const fits = (h: ModelHold, amount: number) =>
    windowsOf(h).every((w) => w.limit === null || (windows.get(w.name) ?? 0) + amount <= w.limit);
  /** The hold's amount released from the balance and given back to its windows. */
  const release = (h: ModelHold) => {
    h.state = 'gone';
    model.held -= h.amount;
    add(h, -h.amount);
  };
  /**
   * A job to act on: mostly a running one; one pick in five any job (ended and queued ones too),
   * one in five a running job whose hold was reaped (when there is one: its late charge is rarer
   * than the rest, and its interleavings with other holds are what it must get right).
   */
  const pick = (i: number) => {
    const running = jobs.filter((j) => j.status === 'running');
    const reaped = running.filter((j) => j.hold?.state === 'reaped');
    const from = i % 5 === 0 ? jobs : i % 5 === 1 && reaped.length ? reaped : running;
    return from.length ? from[Math.floor(i / 5) % from.length] : undefined;
  };

  /** What the database says, in one snapshot, and the model beside it. */
  async function expectAgreement(where: string): Promise<void> {
    const { rows } = await db.query(
      `SELECT coalesce(b.balance, 0)::bigint AS balance, coalesce(b.held, 0)::bigint AS held,
              (SELECT coalesce(sum(l.amount), 0) FROM ledger_entries l
                WHERE l.account_id = a.id AND l.mode = 'test')::bigint AS ledger,
              coalesce(b.shortfall, 0)::bigint AS shortfall,
              coalesce(b.open_disputes, 0)::int AS disputes,
              (SELECT coalesce(sum(h.amount), 0) FROM holds h
                WHERE h.account_id = a.id AND h.mode = 'test' AND h.status = 'pending')::bigint AS pending,
              (SELECT coalesce(json_agg(json_build_object('scope', c.scope, 'owner', c.owner,
                        'period', c.period, 'start', c.period_start::text, 'spent', c.spent)), '[]')
                 FROM spend_counters c
                WHERE (c.scope = 'key' AND c.owner = $2)
                   OR (c.scope = 'subject' AND c.owner LIKE a.id::text || ':test:%')) AS counters
         FROM (SELECT $1::uuid AS id) a
         LEFT JOIN balances b ON b.account_id = a.id AND b.mode = 'test'`,
      [account.id, keyOwner],
    );
    const r = rows[0];
    const actual: Record<string, number> = {};
    for (const c of r.counters as {
      scope: string;
      owner: string;
      period: string;
      start: string;
      spent: number;
    }[]) {
      const scope = c.scope === 'key' ? 'key' : `subject:${c.owner.split(':').pop()}`;
      const name = c.period === 'day' ? `${scope}:day:${c.start}` : `${scope}:${c.period}`;
      if (Number(c.spent) !== 0) actual[name] = Number(c.spent);
    }
    const expected = Object.fromEntries([...windows].filter(([, v]) => v !== 0));
    const seen = {
      where,
      balance: Number(r.balance),
      held: Number(r.held),
      ledger: Number(r.ledger),
      pending: Number(r.pending),
      shortfall: Number(r.shortfall),
      disputes: Number(r.disputes),
      windows: actual,
    };
    expect(seen).toEqual({
      where,
      balance: model.balance,
      held: model.held,
      ledger: model.balance,
      pending: model.held,
      shortfall: model.shortfall,
      disputes: model.disputes,
      windows: expected,
    });
    expect(seen.balance).toBeGreaterThanOrEqual(0);
    expect(seen.held).toBeGreaterThanOrEqual(0);
    expect(seen.held).toBeLessThanOrEqual(seen.balance);
    expect(seen.shortfall).toBeGreaterThanOrEqual(0);
  }

  /** What refuses any hold now, before its windows: a dispute, a shortfall, short credit. */
  const heldBack = (amount: number) =>
    model.disputes > 0
      ? 'payment_disputed'
      : model.shortfall > 0
        ? 'credit_shortfall'
        : model.balance - model.held < amount
          ? 'insufficient_credit'
          : null;

  for (const [n, s] of steps.entries()) {
    const where = `step ${n}: ${JSON.stringify(s)}`;
    if (s.kind === 'credit') {
      const credited = await billing.credit(party, s.amount, {
        kind: s.credit,
        reference: s.credit === 'purchase' ? `model-${account.id}-${credits++}` : undefined,
      });
      // New credit pays the shortfall first, as far as the available balance goes.
      model.balance += s.amount;
      const paid = Math.min(model.shortfall, model.balance - model.held);
      model.balance -= paid;
      model.shortfall -= paid;
      expect({ where, credited }).toEqual({ where, credited: { balance: model.balance } });
    } else if (s.kind === 'reverse') {
      const disputes = s.disputes === -1 && model.disputes === 0 ? 0 : s.disputes;
      const taken = await app
        .get(DataSource)
        .transaction((manager) =>
          app
            .get(MoneyRepository)
            .reverseCredit(
              party,
              { kind: s.reversal, amount: s.amount, disputes },
              { reference: `model-reverse-${n}`, reason: 'model' },
              manager,
            ),
        );
      // Only the available credit is taken (held credit belongs to running calls); the rest is owed.
      const available = Math.min(s.amount, model.balance - model.held);
      model.balance -= available;
      model.shortfall += s.amount - available;
      model.disputes += disputes;
      expect({ where, taken }).toEqual({ where, taken: available });
    } else if (s.kind === 'hold') {
      const hold = {
        withKey: s.withKey,
        subject: s.subject === null ? null : SUBJECTS[s.subject],
        day: s.day,
      };
      const rooms = windowsOf(hold).flatMap((w) =>
        w.limit === null ? [] : [w.limit - (windows.get(w.name) ?? 0)],
      );
      const amount = Math.max(
        1,
        s.fill === 'credit'
          ? model.balance - model.held
          : s.fill === 'window' && rooms.length
            ? Math.min(...rooms)
            : s.amount,
      );
      const outcome = await tryOpenJob(app, {
        accountId: account.id,
        keyId: s.withKey ? key.id : null,
        subject: hold.subject,
        amount,
        ttlSeconds: s.expired ? -1 : 3_600,
        now: DAYS[s.day],
      });
      const full = windowsOf(hold).find(
        (w) => w.limit !== null && (windows.get(w.name) ?? 0) + amount > w.limit,
      );
      const refusal = heldBack(amount);
      if (refusal) {
        expect({ where, refused: 'refused' in outcome && outcome.refused.code }).toEqual({
          where,
          refused: refusal,
        });
      } else if (full) {
        expect({
          where,
          refused: 'refused' in outcome && outcome.refused.code,
          window: 'refused' in outcome && outcome.refused.headers['x-service-limit-window'],
        }).toEqual({ where, refused: full.code, window: full.window });
      } else {
        if (!('job' in outcome)) throw new Error(`${where}: refused ${outcome.refused.code}`);
        const h: ModelHold = {
          ...hold,
          id: outcome.job.holdId,
          amount,
          expired: s.expired,
          state: 'pending',
        };
        jobs.push({
          job: outcome.job,
          superseded: [],
          status: 'running',
          hold: h,
        });
        model.held += amount;
        add(h, amount);
      }
    } else if (s.kind === 'settle') {
      const j = pick(s.index);
      if (!j) continue;
      const charge = Math.floor((j.job.amount * s.perMille) / 1_000);
      // A superseded attempt first: its settlement must not touch the current attempt's hold.
      for (const old of j.superseded) {
        expect({ where, old: await settleSuccess(app, old, charge) }).toMatchObject({
          where,
          old: { ended: false, captured: false },
        });
      }
      const settled = await settleSuccess(app, j.job, charge);
      if (j.status !== 'running') {
        // Ended already (also through a late charge): nothing more is charged, ever.
        expect({ where, settled }).toMatchObject({
          where,
          settled: { ended: false, charged: null },
        });
      } else if (j.hold?.state === 'pending') {
        model.balance -= charge;
        model.held -= j.hold.amount;
        add(j.hold, -(j.hold.amount - charge));
        j.hold.state = 'gone';
        j.status = 'ended';
        expect({ where, settled }).toMatchObject({
          where,
          settled: { ended: true, captured: true, balance: String(model.balance) },
        });
      } else {
        // Its hold was reaped: nothing captured, the late charge instead, only if there is room.
        const h = j.hold!;
        const room = charge > 0 && model.balance - model.held >= charge && fits(h, charge);
        if (room) {
          model.balance -= charge;
          add(h, charge);
        }
        expect({ where, settled }).toEqual({
          where,
          settled: {
            ended: true,
            captured: false,
            charged: room ? charge : 0,
            balance: String(model.balance),
          },
        });
        // The hold and the job record what the late charge took (0: it was free).
        const { rows: late } = await db.query(
          `SELECT h.charged::bigint AS hold, j.charged::bigint AS job, j.balance_after::bigint AS after
             FROM holds h, jobs j WHERE h.id = $1 AND j.id = $2`,
          [h.id, j.job.id],
        );
        expect({ where, late: late[0] }).toEqual({
          where,
          late: {
            hold: String(room ? charge : 0),
            job: String(room ? charge : 0),
            after: String(model.balance),
          },
        });
        j.status = 'ended';
      }
    } else if (s.kind === 'void') {
      const j = pick(s.index);
      if (!j) continue;
      for (const old of j.superseded) {
        expect({ where, old: await settleFailure(app, old) }).toMatchObject({
          where,
          old: { ended: false },
        });
      }
      const settled = await settleFailure(app, j.job);
      expect({ where, ended: settled.ended }).toEqual({ where, ended: j.status === 'running' });
      if (j.status === 'running') {
        if (j.hold?.state === 'pending') release(j.hold);
        j.status = 'ended';
      }
    } else if (s.kind === 'requeue') {
      const j = pick(s.index);
      if (!j) continue;
      const requeued = await requeue(app, j.job);
      expect({ where, requeued }).toEqual({ where, requeued: j.status === 'running' });
      if (j.status === 'running') {
        if (j.hold?.state === 'pending') release(j.hold);
        j.hold = null;
        j.status = 'queued';
      }
    } else if (s.kind === 'rehold') {
      const queued = jobs.filter((candidate) => candidate.status === 'queued');
      if (!queued.length) continue;
      const j = queued[s.index % queued.length];
      const old = j.job;
      const placed = await claimAndHold(app, old, { ttlSeconds: 3_600, now: DAYS[s.day] });
      expect(placed.claimed.attempt).toBe(old.attempt + 1);
      const hold = { withKey: old.keyId !== null, subject: old.subject, day: s.day };
      const refusal = heldBack(old.amount);
      if (refusal) {
        // Counted, not limited: only the balance row refuses it; the attempt then fails (its 402).
        expect({ where, outcome: placed.outcome }).toMatchObject({
          where,
          outcome: { refused: { code: refusal } },
        });
        expect((await settleFailure(app, placed.claimed)).ended).toBe(true);
        j.superseded.push(old);
        j.job = { ...old, attempt: placed.claimed.attempt };
        j.status = 'ended';
      } else {
        expect({ where, job: placed.job }).toMatchObject({
          where,
          job: { attempt: old.attempt + 1 },
        });
        const h: ModelHold = {
          ...hold,
          id: placed.job!.holdId,
          amount: old.amount,
          expired: false,
          state: 'pending',
        };
        j.superseded.push(old);
        j.job = placed.job!;
        j.hold = h;
        j.status = 'running';
        model.held += old.amount;
        add(h, old.amount);
      }
    } else {
      const expired = jobs.flatMap((j) =>
        j.hold && j.hold.state === 'pending' && j.hold.expired ? [j.hold] : [],
      );
      const reaped = await billing.reapExpiredHolds(10_000);
      expect(reaped).toBeGreaterThanOrEqual(expired.length);
      for (const h of expired) {
        release(h);
        h.state = 'reaped';
      }
    }
    await expectAgreement(where);
  }

  // The production reading of the key's windows (the dashboard's) agrees with the model; the
  // subjects' windows have no reading of their own: expectAgreement checked their counters.
  const clock = app.get(Clock);
  try {
    for (const [d, at] of DAYS.entries()) {
      clock.set(at);
      const of = (name: string) => windows.get(name) ?? 0;
      expect(await billing.keySpend([key.id])).toEqual([
        {
          keyId: key.id,
          totalMicros: of('key:total'),
          dayMicros: of(`key:day:${DAY_STARTS[d]}`),
          monthMicros: of('key:month'),
        },
      ]);
    }
  } finally {
    clock.set(null);
  }
}
