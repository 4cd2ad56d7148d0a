/** What the return page does with a status: keep waiting, show the credit, or say it ended unpaid. */
export type CheckoutOutcome =
  { kind: 'waiting' } | { kind: 'paid' } | { kind: 'unpaid'; title: string; message: string };

const AGAIN = 'You can start a new purchase from the credit page.';

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
      return {
        kind: 'unpaid',
        title: 'Payment failed',
        message: `The payment did not go through, so nothing was charged and no credit was added. ${AGAIN}`,
      };
    case 'expired':
      return {
        kind: 'unpaid',
        title: 'Checkout expired',
        message: `The checkout expired before it was paid, so nothing was charged and no credit was added. ${AGAIN}`,
      };
    default:
      return { kind: 'waiting' };
  }
}
