import { Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { V1ResourceController } from '../api-keys/v1-resource.decorator';
import { dateRange } from '../usage/dto/usage.dto';
import { CurrentCaller, type Caller } from '../request-context/caller';
import { ApiOperationErrors } from '../operation-runner/api-docs';
import { JobDto, JobListDto, JobListQueryDto } from './dto/jobs.dto';
import { JobsService } from './jobs.service';

/** `/v1/jobs`: every paid call is a job; a key sees its own account's jobs of its own mode. */
@V1ResourceController('jobs', 'jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get()
  @ApiOperation({
    summary: 'List jobs, newest first',
    description:
      'Filter by operation, status and creation time; page with `limit` and `starting_after`.',
  })
  @ApiOkResponse({ type: JobListDto })
  @ApiOperationErrors()
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
  @ApiOperation({
    summary: 'Get a job',
    description: 'Its status and progress; once it ended, its result or error and what it cost.',
  })
  @ApiOkResponse({ type: JobDto })
  @ApiOperationErrors()
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<JobDto> {
    return this.jobs.get(caller, id) as Promise<JobDto>;
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel a job',
    description:
      'Queued: ends at once, nothing charged. Running: stops at its next step and ends `canceled`, ' +
      'nothing charged (a stopped operation has delivered nothing). Ended: 409 `job_not_cancelable`.',
  })
  @ApiOkResponse({ type: JobDto })
  @ApiOperationErrors()
  cancel(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<JobDto> {
    return this.jobs.cancel(caller, id) as Promise<JobDto>;
  }
}
