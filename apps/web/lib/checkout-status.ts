/**
 * What the return page does with a status: keep waiting, show the credit, or say it ended unpaid
 * (`reason` names the texts `credit.checkout.failed` / `credit.checkout.expired`).
 */
export type CheckoutOutcome =
  { kind: 'waiting' } | { kind: 'paid' } | { kind: 'unpaid'; reason: 'failed' | 'expired' };

/**
 * `failed` (a delayed payment, such as a bank debit, was refused) and `expired` (the checkout
 * timed out unpaid) are final: the page stops waiting and says plainly that nothing was charged.
 * `open`, or a status this page does not know, keeps it waiting (for a bounded time).
 */
export function checkoutOutcome(status: string): CheckoutOutcome {
  switch (status) {
    case 'paid':
      return { kind: 'paid' };
    case 'failed':
    case 'expired':
      return { kind: 'unpaid', reason: status };
    default:
      return { kind: 'waiting' };
  }
}
