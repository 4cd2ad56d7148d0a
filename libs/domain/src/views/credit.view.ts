import type { Mode } from '../modes';
import type { Micros } from '../money';

/** Wire shapes of the dashboard's credit routes (`/account/credit*`). Money is integer micro-USD. */

/** One mode's balance: `available` is `balance` less what running calls hold. */
export interface BalanceView {
  balance: Micros;
  held: Micros;
  available: Micros;
}

/** Whether live credit can be bought here, and if not, why. */
export interface LivePurchasesView {
  available: boolean;
  reason: string | null;
}

/**
 * What pauses live calls (test calls are never paused): credit a refund or a lost dispute took
 * back after it was spent, owed until added credit pays it; and disputes still open.
 */
export interface LiveSuspensionView {
  shortfallMicros: Micros;
  openDisputes: number;
}

/** `GET /account/credit`: balances, this month's spend and the purchase limits. */
export interface CreditOverviewView {
  balances: Record<Mode, BalanceView>;
  spendThisMonth: Record<Mode, Micros>;
  livePurchases: LivePurchasesView;
  liveSuspension: LiveSuspensionView;
  /** Decimal USD strings such as `"25.00"`. */
  presetsUsd: string[];
  limitsUsd: { min: string; max: string; testMax: string };
}

/** `POST /account/credit/test`: the test balance after the grant. */
export interface TestCreditView {
  balanceMicros: Micros;
}

export const CHECKOUT_STATUSES = ['open', 'paid', 'failed', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** `POST /account/credit/checkout`: the Stripe Checkout session to send the buyer to. */
export interface CheckoutView {
  id: string;
  url: string;
}

/** `GET /account/credit/checkout/:id`, for the return page. */
export interface CheckoutStatusView {
  /** `open` until Stripe's webhook says how the checkout ended. */
  status: CheckoutStatus;
  amountMicros: Micros;
  liveBalanceMicros: Micros;
}
