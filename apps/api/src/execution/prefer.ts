import { DomainError } from '@reelscout/domain';

/** How the caller wants a billed call answered (RFC 7240 `Prefer`). */
export type ResponsePreference =
  | { kind: 'sync' }
  | { kind: 'async' }
  /** Wait up to `seconds`, then answer 202 with the job if it is still running. */
  | { kind: 'wait'; seconds: number };

export const MAX_WAIT_SECONDS = 60;

/**
 * Reads `Prefer`: `respond-async` and `wait=N` (1–60) are honoured; every other preference is
 * ignored, as RFC 7240 §2 asks. Both together: `respond-async` with a `wait` means "wait up to N
 * seconds, then 202" (RFC 7240 §4.1 and §4.3 read together), so `wait` wins. A `wait` that is
 * not an integer in 1–60 is the caller's mistake and is refused with 400 (`param: "Prefer"`),
 * before any hold.
 */
export function parsePrefer(header: string | string[] | undefined): ResponsePreference {
  const values = (Array.isArray(header) ? header : header === undefined ? [] : [header])
    .flatMap((value) => value.split(','))
    .map((token) => token.split(';')[0].trim())
    .filter(Boolean);
  let async = false;
  let wait: number | null = null;
  for (const token of values) {
    const eq = token.indexOf('=');
    const name = (eq === -1 ? token : token.slice(0, eq)).trim().toLowerCase();
    const raw =
      eq === -1
        ? ''
        : token
            .slice(eq + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1');
    if (name === 'respond-async') async = true;
    else if (name === 'wait') {
      if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_WAIT_SECONDS) {
        throw new DomainError(
          'invalid_request',
          `\`Prefer: wait=N\` takes whole seconds from 1 to ${MAX_WAIT_SECONDS}.`,
          { param: 'Prefer' },
        );
      }
      wait = Number(raw);
    }
  }
  if (wait !== null) return { kind: 'wait', seconds: wait };
  return async ? { kind: 'async' } : { kind: 'sync' };
}
