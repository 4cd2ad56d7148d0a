/**
 * The statements that take credit back when Stripe gives a payment back to the payer (a refund,
 * a lost dispute), count open disputes, and pay a shortfall from new credit (docs/architecture.md
 * §5), run by LedgerRepository inside the webhook's or the credit's transaction. The functions
 * they call are in libs/database/src/sql/money.sql.
 */

import { namedStatement } from './named-sql';

/** `reverse_credit`: takes back what the available balance holds, the rest becomes shortfall. */
export const REVERSE_CREDIT = namedStatement(
  'ledger_reverse_credit',
  ['account', 'mode', 'amount', 'disputes', 'kind', 'reference', 'reason'] as const,
  (p) => `SELECT reverse_credit(${p.account}, ${p.mode}, ${p.amount}::bigint, ${p.disputes}::int,
                                ${p.kind}, ${p.reference}, ${p.reason}) AS taken`,
);

/** `pay_shortfall`: new credit pays the row's shortfall first; the balance after. */
export const PAY_SHORTFALL = namedStatement(
  'ledger_pay_shortfall',
  ['account', 'mode'] as const,
  (p) => `SELECT pay_shortfall(${p.account}, ${p.mode}) AS balance_after`,
);
