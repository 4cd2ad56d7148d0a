import type { Micros } from '@reelscout/domain';

/**
 * What one /v1 call leaves on `res.locals` for the usage hook (written by the operation runner,
 * read by the API-key guard once the response is sent).
 */
export interface OperationLocals {
  operation?: string;
  market?: string | null;
  chargedMicros?: Micros;
  errorCode?: string;
}
