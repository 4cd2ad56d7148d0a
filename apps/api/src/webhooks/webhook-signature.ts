import { Webhook } from 'standardwebhooks';

/** The Standard Webhooks headers of one attempt. */
export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Signs one attempt with every valid secret (the current one, and the one rotated out while its
 * grace period lasts): `webhook-signature` holds their `v1,…` entries separated by spaces, and a
 * receiver still on the old secret verifies as well as one on the new.
 */
export function signAttempt(
  messageId: string,
  at: Date,
  body: string,
  secrets: readonly string[],
): SignedHeaders {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, at, body));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
