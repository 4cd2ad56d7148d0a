import fc from 'fast-check';

/**
 * A model of one account's test-mode money (balance, held, shortfall, open disputes) and its
 * key's and subjects' spend windows, and random interleavings of production's money statements
 * (the job aggregate, MoneyRepository, BillingService: the functions of money.sql) checked against it
 * after every step. Two UTC days of one month, so the day windows and the month window differ.
 */

export const DAYS = [new Date('2026-05-14T12:00:00.000Z'), new Date('2026-05-15T12:00:00.000Z')];
export const DAY_STARTS = DAYS.map((d) => d.toISOString().slice(0, 10));
export const SUBJECTS = ['s0', 's1'] as const;

export interface MoneySetup {
  /** The account's test credit before the first step. */
  initialCredit: number;
  /** The key's spend limits (null: none). */
  total: number | null;
  daily: number | null;
  monthly: number | null;
  /** The key's own subject limits (override the account's). */
  keySubjectDaily: number | null;
  keySubjectMonthly: number | null;
  /** The account's subject limits. */
  accountSubjectDaily: number | null;
  accountSubjectMonthly: number | null;
}

const limit = fc.option(fc.integer({ min: 20_000, max: 500_000 }), { nil: null, freq: 2 });

export const moneySetup: fc.Arbitrary<MoneySetup> = fc.record({
  initialCredit: fc.integer({ min: 0, max: 600_000 }),
  total: limit,
  daily: limit,
  monthly: limit,
  keySubjectDaily: limit,
  keySubjectMonthly: limit,
  accountSubjectDaily: limit,
  accountSubjectMonthly: limit,
});

export type MoneyStep =
  | { kind: 'credit'; credit: 'purchase' | 'grant'; amount: number }
  | {
      kind: 'hold';
      amount: number;
      /**
       * `credit`: the hold takes exactly the available credit; `window`: exactly the room left in
       * its fullest limited window (the boundaries of both rules; `amount` when there is none).
       */
      fill: 'none' | 'credit' | 'window';
      withKey: boolean;
      subject: 0 | 1 | null;
      day: 0 | 1;
      /** Created already expired (a call that died), for the reaper. */
      expired: boolean;
    }
  | { kind: 'settle'; index: number; perMille: number }
  | { kind: 'void'; index: number }
  | { kind: 'requeue'; index: number }
  | { kind: 'rehold'; index: number; day: 0 | 1 }
  | { kind: 'reap' }
  | {
      /**
       * Credit taken back (reverse_credit): what is available, the rest owed as a shortfall that
       * refuses holds until credit pays it (pay_shortfall); `disputes` opens (1) or closes (-1,
       * when one is open) a dispute, which refuses holds too. `amount` 0: a dispute move only.
       */
      kind: 'reverse';
      reversal: 'payment_refund' | 'chargeback';
      amount: number;
      disputes: -1 | 0 | 1;
    };

const index = fc.nat(199);

export const moneyStep: fc.Arbitrary<MoneyStep> = fc.oneof(
  {
    // Twice the weight it had before reversals: credit is also what pays a shortfall.
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      credit: fc.constantFrom('purchase' as const, 'grant' as const),
      amount: fc.integer({ min: 1, max: 300_000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('hold' as const),
      amount: fc.integer({ min: 1, max: 200_000 }),
      fill: fc.constantFrom(
        'none' as const,
        'none' as const,
        'none' as const,
        'credit' as const,
        'window' as const,
      ),
      withKey: fc.boolean(),
      subject: fc.constantFrom(0 as const, 1 as const, null),
      day: fc.constantFrom(0 as const, 1 as const),
      expired: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      index,
      // Per mille of the hold (a uniform integer: fc.double would mostly give values near 0).
      perMille: fc.oneof(
        { weight: 1, arbitrary: fc.constantFrom(0, 1_000) },
        { weight: 4, arbitrary: fc.integer({ min: 0, max: 1_000 }) },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('requeue' as const), index }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rehold' as const),
      index,
      day: fc.constantFrom(0 as const, 1 as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reap' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('reverse' as const),
      reversal: fc.constantFrom('payment_refund' as const, 'chargeback' as const),
      amount: fc.oneof(
        { weight: 1, arbitrary: fc.constant(0) },
        { weight: 6, arbitrary: fc.integer({ min: 1, max: 400_000 }) },
      ),
      disputes: fc.constantFrom(0 as const, 0 as const, 0 as const, 1 as const, -1 as const),
    }),
  },
);
