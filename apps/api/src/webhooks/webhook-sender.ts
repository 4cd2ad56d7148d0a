import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { DomainError, type Mode } from '@reelscout/domain';
import { webhooksConfig } from '../config';
import {
  EgressBodyTooLargeError,
  EgressGuard,
  EgressRefusedError,
  EgressTimeoutError,
  readBody,
} from '../egress';
import { signAttempt } from './webhook-signature';
import { parseEndpointUrl } from './webhook-url';

/** How much of a receiver's answer is read (then the rest is dropped): its status is what counts. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
const USER_AGENT = 'Reelscout-Webhooks/1';
const MAX_ERROR_LENGTH = 300;

export interface OutgoingDelivery {
  url: string;
  mode: Mode;
  messageId: string;
  body: string;
  /** The current secret first, then the rotated-out one while it is still valid. */
  secrets: string[];
}

/** One attempt, as the delivery log shows it. `ok` is a 2xx. */
export interface AttemptOutcome {
  ok: boolean;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/**
 * Makes one attempt: a signed POST through the egress guard, re-checking the URL now (an address
 * that was public when the endpoint was created may not be any more). No redirect is followed,
 * the whole attempt has `WEBHOOK_TIMEOUT_MS`, and at most 64 KiB of the answer is read. Both
 * modes follow the one egress policy: a loopback or private address only when
 * `OUTBOUND_ALLOW_PRIVATE_HOSTS` covers it (the log would otherwise show what our host's ports say).
 */
@Injectable()
export class WebhookSender {
  private readonly timeoutMs: number;

  constructor(
    private readonly egress: EgressGuard,
    @Inject(webhooksConfig.KEY) config: ConfigType<typeof webhooksConfig>,
  ) {
    this.timeoutMs = config.timeoutMs;
  }

  async send(delivery: OutgoingDelivery, stop: AbortSignal): Promise<AttemptOutcome> {
    const attemptedAt = new Date();
    const started = performance.now();
    const outcome = (statusCode: number | null, error: string | null): AttemptOutcome => ({
      ok: error === null && statusCode !== null && statusCode >= 200 && statusCode < 300,
      attemptedAt,
      statusCode,
      latencyMs: Math.max(0, Math.round(performance.now() - started)),
      error: error === null ? null : error.slice(0, MAX_ERROR_LENGTH),
    });

    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new EgressTimeoutError(this.timeoutMs)),
      this.timeoutMs,
    );
    const onStop = () => deadline.abort(stop.reason);
    stop.addEventListener('abort', onStop, { once: true });
    try {
      const url = parseEndpointUrl(delivery.url, delivery.mode);
      const response = await this.egress.request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          ...signAttempt(delivery.messageId, attemptedAt, delivery.body, delivery.secrets),
        },
        body: delivery.body,
        timeoutMs: this.timeoutMs,
        maxRedirects: 0,
        signal: deadline.signal,
      });
      await readBody(response, MAX_RESPONSE_BYTES).catch((error: unknown) => {
        if (!(error instanceof EgressBodyTooLargeError)) throw error;
      });
      response.discard();
      const redirected = response.status >= 300 && response.status < 400;
      return outcome(response.status, redirected ? 'redirect not followed' : null);
    } catch (error) {
      return outcome(null, describe(error, deadline.signal, this.timeoutMs));
    } finally {
      clearTimeout(timer);
      stop.removeEventListener('abort', onStop);
    }
  }
}

/** Words for the delivery log: never a secret, never the request body. */
function describe(error: unknown, deadline: AbortSignal, timeoutMs: number): string {
  if (deadline.aborted && deadline.reason instanceof EgressTimeoutError) {
    return `timed out after ${timeoutMs} ms`;
  }
  // The delivery log is the account's to read: the address a name resolved to stays ours.
  if (error instanceof EgressRefusedError) return `refused: ${error.publicReason}`;
  if (error instanceof EgressTimeoutError) return `timed out after ${timeoutMs} ms`;
  if (error instanceof DomainError) return `refused: ${error.message}`;
  const code = (error as NodeJS.ErrnoException)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
