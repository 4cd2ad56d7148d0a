import { Injectable } from '@nestjs/common';
import { DomainError, type JobListView, type JobView, type Mode } from '@reelscout/domain';
import { JobAggregate, type JobListFilter } from './job-aggregate';
import { JobAttempts } from './job-attempts';
import { fromPublicJobId } from './job-ids';
import { cancelable } from './job-state';
import { toJobView } from './job-view';
import { JobWaiter } from './job-waiter';

/**
 * Whose jobs: a key sees its own account's jobs of its own mode, nothing else; a key restricted
 * to some operations only those its own line of keys created (`confinedTo`, see Caller). Another
 * key's job is then answered exactly like a job that does not exist.
 */
export interface JobOwner {
  accountId: string;
  mode: Mode;
  /** The key line the jobs must come from; null or absent: every job of the account and mode. */
  confinedTo?: string | null;
}

/** How long a cancel waits for a running job to stop, before it answers with the job as it is. */
const CANCEL_WAIT_MS = 5_000;

const notFound = () => new DomainError('not_found', 'No such job.', { param: 'id' });

/** Reading and canceling jobs (`/v1/jobs`). */
@Injectable()
export class JobsService {
  constructor(
    private readonly jobs: JobAggregate,
    private readonly attempts: JobAttempts,
    private readonly waiter: JobWaiter,
  ) {}

  async get(owner: JobOwner, publicId: string): Promise<JobView> {
    return toJobView(await this.owned(owner, publicId));
  }

  async list(
    owner: JobOwner,
    filter: JobListFilter,
    page: { startingAfter?: string; limit: number },
  ): Promise<JobListView> {
    let after: { created_at: Date; id: string } | null = null;
    if (page.startingAfter) {
      const previous = await this.owned(owner, page.startingAfter).catch(() => {
        throw new DomainError('invalid_request', 'starting_after must be one of your jobs.', {
          param: 'starting_after',
        });
      });
      after = { created_at: previous.created_at, id: previous.id };
    }
    const rows = await this.jobs.list(owner, filter, {
      after,
      limit: page.limit + 1,
    });
    return {
      object: 'list',
      data: rows.slice(0, page.limit).map(toJobView),
      has_more: rows.length > page.limit,
    };
  }

  /**
   * Cancels a job. Queued: it ends now as `canceled`, its hold voided (nothing charged). Running:
   * it is stopped at its next step (at once on this instance, at its next heartbeat on another) and
   * ends `canceled` with its hold voided: a stopped operation has delivered nothing, and a call is
   * charged only for what it delivers (docs/api.md, "Money"). A job that already ended → 409.
   */
  async cancel(owner: JobOwner, publicId: string): Promise<JobView> {
    const row = await this.owned(owner, publicId);
    if (row.status === 'queued') {
      if (await this.jobs.cancel(row, null)) {
        return toJobView((await this.jobs.findById(row.id))!);
      }
    }
    if (cancelable(row.status) && (await this.jobs.requestCancel(row.id))) {
      this.attempts.cancelLocal(row.id);
      return toJobView(await this.waiter.waitForEnd(row.id, CANCEL_WAIT_MS));
    }
    const now = (await this.jobs.findById(row.id))!;
    throw new DomainError(
      'job_not_cancelable',
      `This job has already ended (${now.status}); only a queued or running job can be canceled.`,
      { param: 'id' },
    );
  }

  private async owned(owner: JobOwner, publicId: string) {
    const id = fromPublicJobId(publicId);
    if (!id) throw notFound();
    const row = await this.jobs.findOwned(id, owner);
    if (!row) throw notFound();
    return row;
  }
}
