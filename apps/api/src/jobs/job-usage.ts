import { Injectable } from '@nestjs/common';
import type { Micros, Mode, UsageSource } from '@reelscout/domain';
import { UsageService } from '../usage/usage.service';

/** The parts of a job its usage record names. */
export interface JobParty {
  requestId: string;
  accountId: string;
  keyId: string | null;
  mode: Mode;
  subject: string | null;
  operation: string;
  /** Absent: `api`. */
  source?: UsageSource;
}

/**
 * The usage record of a job that ended without a synchronous response to carry it (an async
 * job, a job recovered or ended by the sweeper, a queued job canceled): one per call, written
 * once the ending has committed.
 */
@Injectable()
export class JobUsage {
  constructor(private readonly usage: UsageService) {}

  record(
    job: JobParty,
    outcome: {
      status: number;
      errorCode: string | null;
      charged?: Micros;
      market?: string | null;
      durationMs?: number;
    },
  ): void {
    void this.usage.record({
      requestId: job.requestId,
      accountId: job.accountId,
      keyId: job.keyId,
      mode: job.mode,
      subject: job.subject,
      operation: job.operation,
      market: outcome.market ?? null,
      status: outcome.status,
      errorCode: outcome.errorCode,
      charged: outcome.charged ?? 0,
      durationMs: outcome.durationMs ?? 0,
      source: job.source ?? 'api',
    });
  }
}

/** A job row's party (see `JobParty`). */
export function partyOfRow(row: {
  request_id: string;
  account_id: string;
  key_id: string | null;
  mode: Mode;
  subject: string | null;
  operation: string;
  source?: UsageSource;
}): JobParty {
  return {
    requestId: row.request_id,
    accountId: row.account_id,
    keyId: row.key_id,
    mode: row.mode,
    subject: row.subject,
    operation: row.operation,
    source: row.source,
  };
}
