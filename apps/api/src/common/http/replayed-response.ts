/** A response as the idempotency store keeps it: replayed byte for byte. */
export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** Thrown to send a stored idempotent response verbatim (the filter writes it as it was). */
export class ReplayedResponse extends Error {
  constructor(readonly response: StoredResponse) {
    super('idempotent replay');
  }
}
