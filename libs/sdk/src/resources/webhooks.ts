import { Webhook, WebhookVerificationError as StandardWebhookError } from 'standardwebhooks';
import { WebhookVerificationError } from '../errors';
import type { WebhookEvent } from '../types';

/** Headers as Node (`req.headers`), the Fetch API (`Headers`) or a plain object give them. */
export type WebhookHeaders =
  { get(name: string): string | null } | Record<string, string | string[] | undefined>;

const NAMES = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/** Verifying the signed job events Reelscout sends to your webhook endpoints. */
export class Webhooks {
  /**
   * Verifies a delivery (Standard Webhooks: HMAC-SHA256 of `id.timestamp.body` with the
   * endpoint's `whsec_…` secret, timestamp within 5 minutes) and returns the parsed event.
   * Pass the raw body exactly as received, before any JSON parsing.
   * Throws WebhookVerificationError on a missing header, a bad or tampered signature, or an
   * old timestamp.
   */
  verify(body: string | Uint8Array, headers: WebhookHeaders, secret: string): WebhookEvent {
    const payload = typeof body === 'string' ? body : new TextDecoder().decode(body);
    const wanted: Record<string, string> = {};
    for (const name of NAMES) {
      const value = header(headers, name);
      if (!value) throw new WebhookVerificationError(`Missing the ${name} header.`);
      wanted[name] = value;
    }
    let webhook: Webhook;
    try {
      webhook = new Webhook(secret);
    } catch (error) {
      throw new WebhookVerificationError('The webhook secret is not a whsec_… secret.', {
        cause: error,
      });
    }
    try {
      return webhook.verify(payload, wanted) as WebhookEvent;
    } catch (error) {
      if (error instanceof StandardWebhookError || error instanceof SyntaxError) {
        throw new WebhookVerificationError(error.message, { cause: error });
      }
      throw error;
    }
  }
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (key.toLowerCase() !== name) continue;
    if (Array.isArray(value)) return value.join(' ');
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}
