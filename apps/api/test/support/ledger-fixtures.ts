import type { INestApplication } from '@nestjs/common';
import type { Micros, Mode } from '@reelscout/domain';
import { newJobId } from '../../src/execution/job-ids';
import { transition } from '../../src/execution/job-state';
import { JobLedger, type HoldOutcome } from '../../src/ledger/job-ledger.service';

/** A job opened with its hold by production's statement, as a synchronous call opens one. */
export interface OpenedJob {
  id: string;
  attempt: number;
  accountId: string;
  mode: Mode;
  holdId: string;
  amount: Micros;
}

/**
 * Opens a running job with a hold of `amount` through JobLedger (the statement every paid call
 * runs): the hold's id, or the 402 its refusal answers with (thrown).
 */
export async function openJob(
  app: INestApplication,
  party: {
    accountId: string;
    mode?: Mode;
    keyId?: string | null;
    subject?: string | null;
    amount: Micros;
    ttlSeconds?: number;
    now?: Date;
    operation?: string;
  },
): Promise<OpenedJob> {
  const id = newJobId();
  const mode = party.mode ?? 'test';
  const outcome: HoldOutcome = await app.get(JobLedger).openJob({
    id,
    accountId: party.accountId,
    mode,
    keyId: party.keyId ?? null,
    subject: party.subject ?? null,
    operation: party.operation ?? 'assist',
    execution: 'sync',
    status: 'running',
    request: '{}',
    requestId: `req_${id.replace(/-/g, '')}`,
    idempotencyKey: null,
    holdAmount: party.amount,
    holdTtlSeconds: party.ttlSeconds ?? 60,
    now: party.now ?? new Date(),
    source: 'api',
  });
  if ('refused' in outcome) throw outcome.refused;
  return {
    id,
    attempt: 1,
    accountId: party.accountId,
    mode,
    holdId: outcome.holdId,
    amount: party.amount,
  };
}

const NO_USAGE = { market: null, durationMs: 0 };

/** Settles the job's success for `charge` (production's settlement); what it did. */
export function settleSuccess(app: INestApplication, job: OpenedJob, charge: Micros) {
  return app.get(JobLedger).settleSuccess(job, transition('running', 'succeed'), {
    charge,
    result: '{}',
    retentionSeconds: 3600,
    usage: NO_USAGE,
  });
}

/** Settles the job as failed: its hold voided, nothing charged (production's settlement). */
export function settleFailure(app: INestApplication, job: OpenedJob) {
  return app.get(JobLedger).settleWithoutCharge(
    job,
    transition('running', 'fail'),
    {
      httpStatus: 502,
      error: JSON.stringify({ error: { code: 'provider_error', message: 'test' } }),
      errorCode: 'provider_error',
      retentionSeconds: 3600,
    },
    NO_USAGE,
  );
}

/** The late charge of a succeeded job whose hold the reaper voided (production's statement). */
export function chargeReapedHold(app: INestApplication, job: OpenedJob, charge: Micros) {
  return app
    .get(JobLedger)
    .chargeReapedHold(
      { id: job.id, holdId: job.holdId, accountId: job.accountId, mode: job.mode },
      charge,
      NO_USAGE,
    );
}
