import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { JobAggregate, type JobRow } from './job-aggregate';

/** How often a waiting call looks at its job again. */
const POLL_MS = 200;

/**
 * Waits for a job that another call (or a worker, maybe on another instance) is running: the
 * row is read every POLL_MS until the job ended or the wait is over. Bounded by `maxMs`.
 */
@Injectable()
export class JobWaiter {
  constructor(private readonly jobs: JobAggregate) {}

  async waitForEnd(id: string, maxMs: number, signal?: AbortSignal): Promise<JobRow> {
    const until = Date.now() + maxMs;
    let row = await this.jobs.findById(id);
    while (row && !row.finished_at && Date.now() < until && !signal?.aborted) {
      await sleep(Math.min(POLL_MS, Math.max(0, until - Date.now())));
      row = await this.jobs.findById(id);
    }
    if (!row) throw new Error(`job ${id} disappeared`);
    return row;
  }
}
