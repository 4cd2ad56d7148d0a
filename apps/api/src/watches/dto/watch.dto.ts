import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  JOB_STATUSES,
  MARKET_CHOICES,
  WATCH_INTERVALS,
  WATCH_PAUSE_REASONS,
  WATCH_SORTS,
  WATCH_STATUSES,
  type DeletedWatchView,
  type JobStatus,
  type MarketChoice,
  type WatchInterval,
  type WatchListView,
  type WatchPauseReason,
  type WatchRunView,
  type WatchSort,
  type WatchStatus,
  type WatchView,
} from '@reelscout/domain';
import {
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { ScanResponseDto } from '../../scan/dto/scan.dto';

/** The lowest and highest `min_outlier_score` (scores run from below 0 to about 60). */
export const MIN_OUTLIER_SCORE_RANGE = { min: -100, max: 1_000 } as const;

export class CreateWatchDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 2_000,
    description: 'The brief each run scans, as `query` of `POST /v1/scan`.',
    example: 'home espresso tips for beginners',
  })
  @IsString()
  @Length(1, 2_000)
  @Matches(/\S/, { message: 'query must not be blank' })
  query: string;

  @ApiPropertyOptional({ enum: MARKET_CHOICES, default: 'auto' })
  @IsOptional()
  @IsIn(MARKET_CHOICES)
  market?: MarketChoice;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 20,
    default: 20,
    description: "Reels each run's scan considers (and the most one run can deliver and charge).",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(20)
  limit?: number;

  @ApiProperty({
    enum: WATCH_INTERVALS,
    description: 'How often it runs: every hour or every day, counted from its creation.',
  })
  @IsIn(WATCH_INTERVALS)
  interval: WatchInterval;

  @ApiPropertyOptional({
    type: Number,
    minimum: MIN_OUTLIER_SCORE_RANGE.min,
    maximum: MIN_OUTLIER_SCORE_RANGE.max,
    description:
      'Deliver only reels whose `outlier.score` is at least this; reels without a score are left out.',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(MIN_OUTLIER_SCORE_RANGE.min)
  @Max(MIN_OUTLIER_SCORE_RANGE.max)
  min_outlier_score?: number;

  @ApiPropertyOptional({
    enum: WATCH_SORTS,
    description: 'The order of the scan each run makes, as `sort` of `POST /v1/scan`.',
  })
  @IsOptional()
  @IsIn(WATCH_SORTS)
  sort?: WatchSort;
}

export class UpdateWatchDto {
  @ApiPropertyOptional({
    enum: WATCH_STATUSES,
    description:
      '`paused` stops its runs; `active` resumes them, the next one an interval from now.',
  })
  @IsOptional()
  @IsIn(WATCH_STATUSES)
  status?: WatchStatus;

  @ApiPropertyOptional({
    enum: WATCH_INTERVALS,
    description: 'The next run moves to an interval from now.',
  })
  @IsOptional()
  @IsIn(WATCH_INTERVALS)
  interval?: WatchInterval;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: MIN_OUTLIER_SCORE_RANGE.min,
    maximum: MIN_OUTLIER_SCORE_RANGE.max,
    description: '`null` removes the minimum.',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(MIN_OUTLIER_SCORE_RANGE.min)
  @Max(MIN_OUTLIER_SCORE_RANGE.max)
  min_outlier_score?: number | null;
}

export class WatchRunResponseDto implements WatchRunView {
  @ApiProperty({ description: "The run's job (`GET /v1/jobs/{id}`)." })
  job_id: string;
  @ApiProperty({ enum: JOB_STATUSES })
  status: JobStatus;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finished_at: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'New reels it delivered (and charged); null until it has succeeded.',
  })
  new_reels: number | null;
  @ApiProperty({ type: String, nullable: true, example: '0.015000' })
  charged_usd: string | null;
}

export class WatchResponseDto implements WatchView {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: ['watch'] })
  object: 'watch';
  @ApiProperty()
  query: string;
  @ApiProperty({ enum: MARKET_CHOICES })
  market: 'auto' | 'network_a' | 'network_b';
  @ApiProperty({ type: 'integer' })
  limit: number;
  @ApiProperty({ enum: WATCH_INTERVALS })
  interval: WatchInterval;
  @ApiProperty({ type: Number, nullable: true })
  min_outlier_score: number | null;
  @ApiProperty({ enum: WATCH_SORTS, nullable: true })
  sort: WatchSort | null;
  @ApiProperty({ enum: WATCH_STATUSES })
  status: WatchStatus;
  @ApiProperty({
    enum: WATCH_PAUSE_REASONS,
    nullable: true,
    description:
      'Why the service paused it: a run could not pay (`insufficient_credit`, or a spend limit of its key or subject), or no key of its key line (its key and the keys rolled from it) can still run scans (`key_unusable`), or the account has lost API access (`access_revoked`). null otherwise.',
  })
  status_reason: WatchPauseReason | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'null while paused.',
  })
  next_run_at: string | null;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
  @ApiProperty()
  livemode: boolean;
  @ApiProperty({
    type: WatchRunResponseDto,
    nullable: true,
    description: 'Its latest run; null before the first.',
  })
  last_run: WatchRunResponseDto | null;
}

export class DeletedWatchResponseDto implements DeletedWatchView {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: ['watch'] })
  object: 'watch';
  @ApiProperty({ enum: [true] })
  deleted: true;
}

export class WatchListResponseDto implements WatchListView {
  @ApiProperty({ enum: ['list'] })
  object: 'list';
  @ApiProperty({ type: () => [WatchResponseDto] })
  data: WatchResponseDto[];
  @ApiProperty()
  has_more: boolean;
}

export class WatchRunResultDto extends ScanResponseDto {
  @ApiProperty({ format: 'uuid' })
  watch_id: string;
}
