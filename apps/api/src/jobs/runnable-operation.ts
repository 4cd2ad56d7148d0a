import type { Micros } from '@reelscout/domain';
import type { LiveProviderSettingsMissing } from '../providers/providers.service';

/** What the work gets besides its abort signal: its deadline, for work that can answer less instead of failing. */
export interface WorkContext {
  /** When the deadline fires (epoch ms). */
  deadlineAt: number;
  /** The whole deadline, ms. */
  deadlineMs: number;
  /** Reports how far the work has got (0–1); shown as the job's `progress`. */
  progress?: (fraction: number) => void;
}

export interface OperationOutcome<T> {
  body: T;
  /** The actual charge (≤ the hold): 0 for an empty result. */
  chargeMicros: Micros;
  market?: string | null;
}

/** One billed operation, ready to run as a job: its price ceiling, deadline and work. */
export interface RunnableOperation<T = unknown> {
  operation: string;
  /** The most this call can cost: held before any work. */
  holdMicros: Micros;
  /** Past this, the attempt fails with 504 timeout, its hold voided. */
  deadlineMs: number;
  /** Live providers the work cannot do without (503 before anything is held when one is missing). */
  requires: (keyof LiveProviderSettingsMissing)[];
  work: (signal: AbortSignal, context: WorkContext) => Promise<OperationOutcome<T>>;
}
