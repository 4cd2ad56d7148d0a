import { Injectable } from '@nestjs/common';
import { DomainError, formatUsd, type JobView } from '@reelscout/domain';
import type { Response } from 'express';
import { ReplayedResponse } from '../common/http/replayed-response';
import { canceledError, JobAggregate } from './job-aggregate';
import type { AttemptResult } from './job-attempts';
import { toPublicJobId } from './job-ids';
import { toJobView } from './job-view';
import { JobWaiter } from './job-waiter';
import type { ResponsePreference } from './prefer';

/**
 * How a paid call is answered once its job exists: a synchronous call with its result (and the
 * billing headers) or its error; a call that is not waiting with 202 and the job; a retry of a
 * call whose job exists (same Idempotency-Key) with that job.
 */
@Injectable()
export class CallAnswers {
  constructor(
    private readonly jobs: JobAggregate,
    private readonly waiter: JobWaiter,
  ) {}

  /** A synchronous call's answer from its attempt: the result, or the error the work raised. */
  async fromAttempt(result: AttemptResult, res: Response, jobId: string): Promise<unknown> {
    // Shutting down here: a worker finishes the job; the caller polls it.
    if (result.kind === 'requeued') return this.accepted(res, jobId);
    if (result.kind === 'superseded') {
      // The attempt that replaced this one ends the job.
      throw new DomainError(
        'internal_error',
        'This call was taken over by another worker; fetch its job with the x-job-id header.',
      );
    }
    const { ending, settled } = result;
    if (ending.kind === 'canceled') throw canceledError();
    if (ending.kind === 'failed') throw result.thrown ?? ending.error;
    // Settled: the call has succeeded and been charged. Nothing after this point may turn it
    // into an error (a 500 for a charged call, with its billing headers already set).
    const captured = settled.captured!;
    res.setHeader('x-service-charged-usd', formatUsd(captured.charged));
    res.setHeader('x-service-balance-usd', formatUsd(captured.balance));
    return ending.body;
  }

  /**
   * A retry of a call whose job exists (same Idempotency-Key): the same job, whichever mode the
   * retry uses. Async: 202 with it. Wait: wait for it up to N s. Sync: its stored answer once it
   * ended, else 409 `idempotency_key_in_use` with its `x-job-id`.
   */
  async existing(
    jobId: string,
    prefer: ResponsePreference,
    res: Response,
    replayed: boolean,
  ): Promise<JobView> {
    let row = await this.jobs.findById(jobId);
    if (!row) throw new DomainError('internal_error', 'The job of this Idempotency-Key is gone.');
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.setHeader('x-job-id', toPublicJobId(row.id));
    if (prefer.kind === 'wait' && !row.finished_at) {
      row = await this.waiter.waitForEnd(row.id, prefer.seconds * 1000);
    }
    if (prefer.kind === 'async' || !row.finished_at) {
      if (prefer.kind === 'sync') {
        throw new DomainError(
          'idempotency_key_in_use',
          'A request with this Idempotency-Key is still running; retry after it finishes, or fetch its job (x-job-id).',
          { param: 'Idempotency-Key', headers: { 'x-job-id': toPublicJobId(row.id) } },
        );
      }
      return this.view202(res, toJobView(row));
    }
    const view = toJobView(row);
    if (row.status === 'succeeded') {
      const headers: Record<string, string> = {
        'x-service-charged-usd': view.billing.charged_usd ?? '0.000000',
        'x-job-id': view.id,
      };
      if (view.billing.balance_usd) headers['x-service-balance-usd'] = view.billing.balance_usd;
      throw new ReplayedResponse({ status: 200, body: view.result, headers });
    }
    throw new ReplayedResponse({
      status: row.http_status ?? 500,
      body: view.error,
      headers: { 'x-job-id': view.id },
    });
  }

  /** 202 Accepted with the job, where to poll it, and its id. */
  async accepted(res: Response, jobId: string): Promise<JobView> {
    return this.view202(res, toJobView((await this.jobs.findById(jobId))!));
  }

  private view202(res: Response, view: JobView): JobView {
    res.status(202);
    res.setHeader('Location', `/v1/jobs/${view.id}`);
    res.setHeader('x-job-id', view.id);
    return view;
  }
}
