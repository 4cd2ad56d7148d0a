import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  JOB_STATUSES,
  OPERATIONS,
  type ErrorBody,
  type JobBillingView,
  type JobExecution,
  type JobListView,
  type JobStatus,
  type JobView,
} from '@reelscout/domain';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ErrorDto } from '../../common/openapi/api-errors';
import { IsIsoInstant } from '../../usage/dto/usage.dto';

export class JobListQueryDto {
  @ApiPropertyOptional({ enum: OPERATIONS })
  @IsOptional()
  @IsIn(OPERATIONS)
  operation?: string;

  @ApiPropertyOptional({ enum: JOB_STATUSES })
  @IsOptional()
  @IsIn(JOB_STATUSES)
  status?: JobStatus;

  @ApiPropertyOptional({
    description:
      'Jobs created at or after this instant (ISO 8601 date or date-time; UTC without an offset).',
    example: '2026-11-25T00:00:00Z',
  })
  @IsOptional()
  @IsIsoInstant()
  created_gte?: string;

  @ApiPropertyOptional({
    description: 'Jobs created before this instant (ISO 8601 date or date-time).',
    example: '2026-11-26',
  })
  @IsOptional()
  @IsIsoInstant()
  created_lt?: string;

  @ApiPropertyOptional({
    description:
      'The `x-request-id` of the call that created the job: a client that hung up before the answer finds its job by the id it sent.',
  })
  @IsOptional()
  @Matches(/^[A-Za-z0-9._:-]{1,128}$/, { message: 'request_id must be a request id' })
  request_id?: string;

  @ApiPropertyOptional({ type: 'integer', default: 10, minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({
    description: 'The id of the last job of the previous page: the next page starts after it.',
    example: 'job_3f0c1c2e9b6a4f0e8d7c6b5a49382716',
  })
  @IsOptional()
  @Matches(/^job_[0-9a-f]{32}$/, { message: 'starting_after must be a job id (job_…)' })
  starting_after?: string;
}

export class JobBillingDto implements JobBillingView {
  @ApiProperty({ example: '0.150000', description: 'Held when the job was created.' })
  held_usd: string;

  @ApiProperty({ type: String, nullable: true, example: '0.075000' })
  charged_usd: string | null;

  @ApiProperty({ type: String, nullable: true, example: '9.925000' })
  balance_usd: string | null;
}

export class JobDto implements JobView {
  @ApiProperty({ example: 'job_3f0c1c2e9b6a4f0e8d7c6b5a49382716' })
  id: string;

  @ApiProperty({ enum: ['job'] })
  object: 'job';

  @ApiProperty({ enum: OPERATIONS })
  operation: string;

  @ApiProperty({
    enum: ['sync', 'async'],
    description:
      '`sync`: the call waited for it (default, or `Prefer: wait`); `async`: `Prefer: respond-async`.',
  })
  mode: JobExecution;

  @ApiProperty({ description: 'Made with a live key (true) or a test key (false).' })
  livemode: boolean;

  @ApiProperty({ enum: JOB_STATUSES })
  status: JobStatus;

  @ApiProperty({ minimum: 0, maximum: 1, example: 0.5 })
  progress: number;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  started_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finished_at: string | null;

  @ApiProperty({ description: 'The x-request-id of the call that created the job.' })
  request_id: string;

  @ApiProperty({ type: String, nullable: true, description: 'The x-subject of that call.' })
  subject: string | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'The status the synchronous call answered (or would have): 200 or the error status.',
  })
  http_status: number | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description:
      "The operation's response body, exactly as the synchronous call returns it (succeeded jobs, until purged).",
  })
  result: unknown;

  @ApiProperty({
    type: () => ErrorDto,
    nullable: true,
    description:
      'The error body the synchronous call would have returned (failed and canceled jobs).',
  })
  error: ErrorBody | null;

  @ApiProperty({ type: JobBillingDto })
  billing: JobBillingDto;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  result_expires_at: string | null;

  @ApiProperty({
    description: 'The result (and the request) were purged after the retention period.',
  })
  result_purged: boolean;
}

export class JobListDto implements JobListView {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ type: [JobDto] })
  data: JobDto[];

  @ApiProperty()
  has_more: boolean;
}
