import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags, PickType } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import { ApiDashboardRoute, dashboardBodyErrors } from '../common/openapi/route-docs';
import { MODES, type Mode } from '@reelscout/domain';
import { IsIn } from 'class-validator';
import { ApiAccessGuard, CurrentAccount, SessionGuard } from '../request-context/session.guard';
import { JobDto, JobListDto, JobListQueryDto } from './dto/jobs.dto';
import { JobsService, type JobOwner } from './jobs.service';

/** The dashboard has no key to say the mode: every route names it. */
export class AccountJobModeQueryDto {
  @ApiProperty({ enum: MODES })
  @IsIn(MODES)
  mode: Mode;
}

export class AccountJobListQueryDto extends PickType(JobListQueryDto, [
  'operation',
  'status',
  'limit',
  'starting_after',
] as const) {
  @ApiProperty({ enum: MODES })
  @IsIn(MODES)
  mode: Mode;
}

const NO_ACCESS = { 403: { description: '`forbidden`: the account has no API access.' } };
const JOB_NOT_FOUND = {
  404: {
    description: "`not_found`: no job with this id among the account's jobs of this mode.",
    samples: { not_found: { message: 'No such job.', param: 'id' } },
  },
};

const owner = (account: Account, mode: Mode): JobOwner => ({ accountId: account.id, mode });

/**
 * Dashboard back end: the signed-in account's jobs, the same objects as `/v1/jobs`, of the mode
 * the page shows (`?mode=live|test`). Needs the API access grant, like the keys that made them.
 */
@ApiTags('dashboard: jobs')
@Controller('account/jobs')
@UseGuards(SessionGuard, ApiAccessGuard)
export class AccountJobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get()
  @ApiDashboardRoute({
    operationId: 'accountListJobs',
    summary: "List the account's jobs of one mode, newest first",
    auth: 'session',
    errors: NO_ACCESS,
  })
  @ApiOkResponse({ type: JobListDto, description: 'Jobs of one mode, newest first.' })
  list(
    @CurrentAccount() account: Account,
    @Query() query: AccountJobListQueryDto,
  ): Promise<JobListDto> {
    return this.jobs.list(
      owner(account, query.mode),
      { operation: query.operation, status: query.status },
      { startingAfter: query.starting_after, limit: query.limit ?? 20 },
    ) as Promise<JobListDto>;
  }

  @Get(':id')
  @ApiDashboardRoute({
    operationId: 'accountGetJob',
    summary: 'Get a job',
    auth: 'session',
    errors: { ...NO_ACCESS, ...JOB_NOT_FOUND },
  })
  @ApiOkResponse({ type: JobDto })
  get(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: AccountJobModeQueryDto,
  ): Promise<JobDto> {
    return this.jobs.get(owner(account, query.mode), id) as Promise<JobDto>;
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiDashboardRoute({
    operationId: 'accountCancelJob',
    summary: 'Cancel a job',
    auth: 'session',
    errors: {
      ...dashboardBodyErrors({ forbidden: 'Or: the account has no API access.' }),
      ...JOB_NOT_FOUND,
      409: {
        description: '`job_not_cancelable`: the job already ended.',
        codes: ['job_not_cancelable'],
      },
    },
  })
  @ApiOkResponse({
    type: JobDto,
    description:
      'Queued: ends at once, nothing charged. Running: stops at its next step, nothing charged. ' +
      'Ended: 409 `job_not_cancelable`.',
  })
  cancel(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: AccountJobModeQueryDto,
  ): Promise<JobDto> {
    return this.jobs.cancel(owner(account, query.mode), id) as Promise<JobDto>;
  }
}
