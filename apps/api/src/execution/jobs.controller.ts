import { Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { V1ResourceController } from '../api-keys/v1-resource.decorator';
import { RATE_LIMIT } from '../common/openapi/api-errors';
import { ApiV1Ok, ApiV1Route } from '../common/openapi/route-docs';
import { dateRange } from '../usage/dto/usage.dto';
import { CurrentCaller, type Caller } from '../request-context/caller';
import { JobDto, JobListDto, JobListQueryDto } from './dto/jobs.dto';
import { JobsService } from './jobs.service';

const JOB_NOT_FOUND = {
  when: "no job with this id among the jobs this key can see: its account's, in its mode; for a key restricted to some operations, only the jobs it created (another key's job is answered exactly like a missing one).",
  message: 'No such job.',
  param: 'id',
};

/** Who sees which jobs, said on every route. */
const VISIBILITY =
  "A key sees its account's jobs of its own mode; a key restricted to some operations sees only the jobs it created (or a key it was rolled from created), and another key's job is `not_found`.";

/**
 * `/v1/jobs`: every paid call is a job; a key sees its own account's jobs of its own mode, a
 * restricted key only its own line's (the caller carries `confinedTo`).
 */
@V1ResourceController('jobs', 'jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get()
  @ApiV1Route({
    operationId: 'listJobs',
    summary: 'List jobs, newest first',
    description: `Filter by operation, status and creation time; page with \`limit\` and \`starting_after\`. ${VISIBILITY}`,
  })
  @ApiV1Ok(JobListDto, { description: 'A page of jobs, newest first.' })
  list(@CurrentCaller() caller: Caller, @Query() query: JobListQueryDto): Promise<JobListDto> {
    const { from, to } = dateRange({ from: query.created_gte, to: query.created_lt });
    return this.jobs.list(
      caller,
      {
        operation: query.operation,
        status: query.status,
        createdFrom: from,
        createdTo: to,
        requestId: query.request_id,
      },
      { startingAfter: query.starting_after, limit: query.limit ?? 10 },
    ) as Promise<JobListDto>;
  }

  @Get(':id')
  @ApiV1Route({
    operationId: 'getJob',
    summary: 'Get a job',
    description: `Its status and progress; once it ended, its result or error and what it cost. ${VISIBILITY}`,
    notFound: JOB_NOT_FOUND,
  })
  @ApiV1Ok(JobDto, { description: 'The job.' })
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<JobDto> {
    return this.jobs.get(caller, id) as Promise<JobDto>;
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiV1Route({
    operationId: 'cancelJob',
    // Takes no body; one sent anyway must still be JSON of at most 64 KiB.
    body: true,
    summary: 'Cancel a job',
    description:
      'Queued: ends at once, nothing charged. Running: stops at its next step and ends `canceled`, ' +
      'nothing charged (a stopped operation has delivered nothing). Ended: 409 `job_not_cancelable`. ' +
      VISIBILITY,
    notFound: JOB_NOT_FOUND,
    conflict: {
      description: '`job_not_cancelable`: the job already ended (succeeded, failed or canceled).',
      codes: ['job_not_cancelable'],
      headers: RATE_LIMIT,
    },
  })
  @ApiV1Ok(JobDto, { description: 'The job, `canceled` (or still `running` until its next step).' })
  cancel(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<JobDto> {
    return this.jobs.cancel(caller, id) as Promise<JobDto>;
  }
}
