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
  /**
   * The call answered before its job ended (202): the job writes the usage record when it ends,
   * with its real status and charge, and the response's hook writes none.
   */
  jobRecordsUsage?: boolean;
}
