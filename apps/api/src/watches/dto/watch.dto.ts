import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  JOB_STATUSES,
  MARKET_CHOICES,
  MARKETS,
  OUTLIER_MULTIPLE,
  WATCH_KINDS,
  WATCH_INTERVALS,
  WATCH_PAUSE_REASONS,
  WATCH_SORTS,
  WATCH_STATUSES,
  type DeletedWatchView,
  type JobStatus,
  type MarketChoice,
  type CreatorPostListView,
  type CreatorPostView,
  type CreatorSnapshotListView,
  type CreatorSnapshotView,
  type CreatorView,
  type WatchInterval,
  type WatchKind,
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
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { Type } from 'class-transformer';
import { ScanResponseDto } from '../../scan/dto/scan.dto';

/** The lowest and highest `min_outlier_score` (scores run from below 0 to about 60). */
export const MIN_OUTLIER_SCORE_RANGE = { min: -100, max: 1_000 } as const;

const isCreator = (body: { kind?: string }) => body.kind === 'creator';

export class CreateWatchDto {
  @ApiPropertyOptional({
    enum: WATCH_KINDS,
    default: 'niche',
    description:
      '`niche`: a saved scan of `query`. `creator`: follows one creator (`creator`), recording follower snapshots and new posts against the creator’s median.',
  })
  @IsOptional()
  @IsIn(WATCH_KINDS)
  kind?: WatchKind;

  @ApiPropertyOptional({
    maxLength: 2_000,
    description:
      'A creator watch’s creator: a profile link (`https://www.tiktok.com/@handle`, `https://www.douyin.com/user/<id>`) or an `@handle` (then `market` is required). Required for `kind: "creator"`, not allowed otherwise.',
    example: '@brewwithmaya',
  })
  @ValidateIf(
    (body: { kind?: string; creator?: unknown }) => isCreator(body) || body.creator !== undefined,
  )
  @IsString()
  @Length(1, 2_000)
  @Matches(/\S/, { message: 'creator must not be blank' })
  creator?: string;

  @ApiPropertyOptional({
    type: Number,
    minimum: OUTLIER_MULTIPLE.min,
    maximum: OUTLIER_MULTIPLE.max,
    default: OUTLIER_MULTIPLE.default,
    description:
      'A creator watch flags a new post as an outlier when its plays are at least this many times the median of the creator’s newest 30 known posts.',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(OUTLIER_MULTIPLE.min)
  @Max(OUTLIER_MULTIPLE.max)
  outlier_multiple?: number;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 2_000,
    description:
      'The brief each run scans, as `query` of `POST /v1/scan`. Required for a niche watch, not allowed for a creator watch.',
    example: 'home espresso tips for beginners',
  })
  @ValidateIf(
    (body: { kind?: string; query?: unknown }) => !isCreator(body) || body.query !== undefined,
  )
  @IsString()
  @Length(1, 2_000)
  @Matches(/\S/, { message: 'query must not be blank' })
  query?: string;

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

  @ApiPropertyOptional({
    type: Number,
    minimum: OUTLIER_MULTIPLE.min,
    maximum: OUTLIER_MULTIPLE.max,
    description: 'A creator watch’s outlier threshold (from its next run on).',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(OUTLIER_MULTIPLE.min)
  @Max(OUTLIER_MULTIPLE.max)
  outlier_multiple?: number;
}

export class CreatorResponseDto implements CreatorView {
  @ApiProperty({ enum: MARKETS })
  market: 'network_a' | 'network_b';
  @ApiProperty({ type: String, nullable: true })
  handle: string | null;
  @ApiProperty({ type: String, nullable: true })
  name: string | null;
  @ApiProperty({ description: 'The profile link.' })
  url: string;
}

export class CreatorSnapshotResponseDto implements CreatorSnapshotView {
  @ApiProperty({ format: 'date-time' })
  at: string;
  @ApiProperty({ type: 'integer', nullable: true })
  followers: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Likes over all the creator’s posts.',
  })
  likes: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  videos: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'From the previous snapshot; null on the first.',
  })
  followersDelta: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  likesDelta: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  videosDelta: number | null;
}

export class CreatorPostResponseDto implements CreatorPostView {
  @ApiProperty({
    description: 'Plain on network_a, `network_b:<id>` on network_b (as scan’s reels).',
  })
  id: string;
  @ApiProperty()
  url: string;
  @ApiProperty({ type: String, nullable: true })
  caption: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  postedAt: string | null;
  @ApiProperty({ type: 'integer', nullable: true })
  playCount: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  likeCount: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  commentCount: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  shareCount: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Plays ÷ the median plays of the creator’s newest 30 posts known before this one; null until 5 are known, or without a play count.',
  })
  multipleOfMedian: number | null;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: '`multipleOfMedian` ≥ the watch’s `outlier_multiple`; null when the multiple is.',
  })
  outlier: boolean | null;
}

export class CreatorSnapshotListResponseDto implements CreatorSnapshotListView {
  @ApiProperty({ enum: ['list'] })
  object: 'list';
  @ApiProperty({ type: () => [CreatorSnapshotResponseDto] })
  data: CreatorSnapshotResponseDto[];
  @ApiProperty()
  has_more: boolean;
}

export class CreatorPostListResponseDto implements CreatorPostListView {
  @ApiProperty({ enum: ['list'] })
  object: 'list';
  @ApiProperty({ type: () => [CreatorPostResponseDto] })
  data: CreatorPostResponseDto[];
  @ApiProperty()
  has_more: boolean;
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
  @ApiProperty({ enum: WATCH_KINDS })
  kind: WatchKind;
  @ApiProperty({
    type: CreatorResponseDto,
    nullable: true,
    description: 'A creator watch’s creator; null for a niche watch.',
  })
  creator: CreatorResponseDto | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null for a niche watch.' })
  outlier_multiple: number | null;
  @ApiProperty({ description: 'A niche watch’s brief; a creator watch’s creator as `@handle`.' })
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
      'Why the service paused it: a run could not pay (`insufficient_credit`, or a spend limit of its key or subject), or no key of its key line (its key and the keys rolled from it) can still run scans (`key_unusable`), or the account has lost API access (`access_revoked`), or a creator watch’s creator went private or was deleted (`creator_unavailable`). null otherwise.',
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

/** A creator watch's run. */
export class CreatorRunResultDto {
  @ApiProperty({ format: 'uuid' })
  watch_id: string;
  @ApiProperty({ type: CreatorResponseDto })
  creator: CreatorResponseDto;
  @ApiProperty({ type: CreatorSnapshotResponseDto })
  snapshot: CreatorSnapshotResponseDto;
  @ApiProperty({
    type: () => [CreatorPostResponseDto],
    description: 'The posts new in this run, newest first.',
  })
  posts: CreatorPostResponseDto[];
}

/** `GET /v1/watches/{id}/snapshots`: a window of the follower history, and paging. */
export class SnapshotsQueryDto {
  @ApiPropertyOptional({ format: 'date-time', description: 'Snapshots at or after this time.' })
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Snapshots at or before this time.' })
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 10 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'The `at` of the last snapshot of the previous page (the list is oldest first).',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  starting_after?: string;
}
