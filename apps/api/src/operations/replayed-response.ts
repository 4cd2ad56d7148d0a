import type { StoredResponse } from '../idempotency/idempotency.service';

/** Thrown to send a stored idempotent response verbatim (the filter writes it as it was). */
export class ReplayedResponse extends Error {
  constructor(readonly response: StoredResponse) {
    super('idempotent replay');
  }
}
