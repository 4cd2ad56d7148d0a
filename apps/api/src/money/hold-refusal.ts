/** How a refused hold reads: SQLSTATE RS402 from money.sql's `place_hold`. */

/** What refused a hold. */
export type SpendRefusalKind =
  | 'insufficient_credit'
  | 'credit_shortfall'
  | 'payment_disputed'
  | 'key_total'
  | 'key_day'
  | 'key_month'
  | 'subject_day'
  | 'subject_month';

const REFUSALS: readonly SpendRefusalKind[] = [
  'insufficient_credit',
  'credit_shortfall',
  'payment_disputed',
  'key_total',
  'key_day',
  'key_month',
  'subject_day',
  'subject_month',
];

/** A hold that was refused: nothing was written (its statement failed as a whole). */
export class HoldRefused extends Error {
  constructor(
    readonly kind: SpendRefusalKind,
    /** The limit of the refusing window (0 for insufficient_credit and the live suspensions). */
    readonly limitMicros: number,
    /** What the window had counted when it refused (for credit_shortfall: the shortfall). */
    readonly spentMicros: number,
    /** The clock the windows were computed from. */
    readonly at: Date,
  ) {
    super(`hold refused: ${kind}`);
    this.name = 'HoldRefused';
  }
}

/** The HoldRefused a failed hold statement stands for, or null (any other failure). */
export function holdRefusalOf(error: unknown, at: Date): HoldRefused | null {
  const e = error as { code?: string; detail?: string; hint?: string } | null;
  if (!e || e.code !== 'RS402') return null;
  const kind = REFUSALS.find((k) => k === e.detail);
  if (!kind) return null;
  const [limit, spent] = (e.hint ?? '0:0').split(':').map(Number);
  return new HoldRefused(kind, limit || 0, spent || 0, at);
}
