import {
  Body,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  SetMetadata,
} from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { JobView } from '@reelscout/domain';
import type { Request, Response } from 'express';
import { NO_USAGE_RECORD } from '../api-keys/no-usage-record';
import { V1ResourceController } from '../api-keys/v1-resource.decorator';
import { ApiV1Ok, ApiV1Route } from '../common/openapi/route-docs';
import { ApiOperationErrors, ApiOperationOk } from '../execution/api-docs';
import { ExecutionService } from '../execution/execution.service';
import { CurrentCaller, type Caller } from '../request-context/caller';
import { OperationName, SlowOperation } from '../throttling/api-rate-limit.guard';
import { ListQueryDto } from '../webhooks/dto/webhook-endpoint.dto';
import { creatorRunOperation, runOperationOf } from './creator-run.operation';
import {
  CreateWatchDto,
  CreatorPostListResponseDto,
  CreatorRunResultDto,
  CreatorSnapshotListResponseDto,
  DeletedWatchResponseDto,
  SnapshotsQueryDto,
  UpdateWatchDto,
  WatchListResponseDto,
  WatchResponseDto,
  WatchRunResultDto,
} from './dto/watch.dto';
import { WatchesService } from './watches.service';

const WATCH_NOT_FOUND = {
  when: "no watch with this id among this key's account and mode.",
  message: 'No such watch.',
  param: 'id',
};

/** The 409 of creating one watch too many. */
const WATCH_CAP = {
  description:
    '`resource_limit_reached`: the account already has as many watches in this mode as it may (`WATCHES_MAX_PER_MODE`, 50 by default; `param`: `watches`); delete one first.',
  codes: ['resource_limit_reached' as const],
  samples: {
    resource_limit_reached: {
      message:
        'This account already has 50 test-mode watches, the most allowed (50); delete one first.',
      param: 'watches',
    },
  },
};

/** The 429 of a run asked for within the gap after the watch's previous run. */
const WATCH_RUN_GAP =
  '`rate_limited`: over a ceiling, or this watch ran (by its schedule or by hand) less than `WATCHES_MIN_RUN_GAP_S` (15 minutes by default) ago; retry after `Retry-After` seconds. Nothing was held or scanned.';

const scope = (caller: Caller) => ({
  accountId: caller.accountId,
  mode: caller.mode,
  confinedTo: caller.confinedTo,
});

/**
 * `/v1/watches`: saved scans that run on a schedule and deliver only new reels (docs/watches.md).
 * Like jobs, a key sees every watch of its account and mode. Creating one and running one are
 * scans: a key whose scopes leave out `scan` gets the refusal a scan gets (403
 * `operation_not_allowed`), and a run is counted, held and billed as a scan of that key.
 */
@V1ResourceController('watches', 'watches')
export class WatchesController {
  constructor(
    private readonly watches: WatchesService,
    private readonly execution: ExecutionService,
  ) {}

  @Post()
  @HttpCode(201)
  @OperationName('scan')
  @ApiV1Route({
    operationId: 'createWatch',
    summary: 'Create a watch',
    description:
      'A niche watch (`kind: "niche"`, the default) is a scan of `query` that runs every hour or every day and delivers only reels it has not delivered before (webhook `watch.new_reels`), each run billed as a scan of the reels it delivers. ' +
      'A creator watch (`kind: "creator"`) follows one creator (`creator`: a profile link, or an `@handle` with `market`): each run records a follower snapshot and the posts not seen before, each against the creator’s median (webhooks `creator.new_posts`, `creator.outlier_post`), at a flat price per successful run. An unknown or private creator is 404 `not_found`, not charged. ' +
      'Its runs are this key’s scans: its spend limits and its `x-subject` apply. The key needs the `scan` scope. At most `WATCHES_MAX_PER_MODE` (50) per account and mode, both kinds counted.',
    body: true,
    conflict: WATCH_CAP,
    notFound: {
      when: 'a creator watch’s creator is unknown, private or deleted.',
      message:
        'No public creator found for this profile link or handle (unknown, private or deleted).',
      param: 'creator',
    },
  })
  @ApiV1Ok(WatchResponseDto, {
    status: 201,
    description: 'The watch; its first run is an interval from now.',
  })
  create(@CurrentCaller() caller: Caller, @Body() body: CreateWatchDto): Promise<WatchResponseDto> {
    return this.watches.create({ ...caller, source: 'api' }, body);
  }

  @Get()
  @ApiV1Route({
    operationId: 'listWatches',
    summary: 'List watches, newest first',
    description: 'The watches of this key’s mode; page with `limit` and `starting_after`.',
  })
  @ApiV1Ok(WatchListResponseDto, { description: 'A page of watches.' })
  list(
    @CurrentCaller() caller: Caller,
    @Query() query: ListQueryDto,
  ): Promise<WatchListResponseDto> {
    return this.watches.list(scope(caller), query);
  }

  @Get(':id')
  @ApiV1Route({ operationId: 'getWatch', summary: 'Get a watch', notFound: WATCH_NOT_FOUND })
  @ApiV1Ok(WatchResponseDto, { description: 'The watch, with its latest run.' })
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<WatchResponseDto> {
    return this.watches.get(scope(caller), id);
  }

  @Patch(':id')
  @ApiV1Route({
    operationId: 'updateWatch',
    summary: 'Update a watch',
    description:
      'Pause or resume it, change its interval or its `min_outlier_score`. Resuming, or a new interval, puts the next run an interval from now.',
    notFound: WATCH_NOT_FOUND,
    body: true,
  })
  @ApiV1Ok(WatchResponseDto, { description: 'The watch as it is now.' })
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: UpdateWatchDto,
  ): Promise<WatchResponseDto> {
    return this.watches.update(scope(caller), id, body);
  }

  @Get(':id/snapshots')
  @ApiV1Route({
    operationId: 'listWatchSnapshots',
    summary: 'A creator watch’s follower history',
    description:
      'The snapshots its runs recorded, oldest first, within `from`–`to`; page with `limit` and `starting_after` (the last snapshot’s `at`). Free. A niche watch has none (400).',
    notFound: WATCH_NOT_FOUND,
  })
  @ApiV1Ok(CreatorSnapshotListResponseDto, { description: 'A page of snapshots.' })
  snapshots(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Query() query: SnapshotsQueryDto,
  ): Promise<CreatorSnapshotListResponseDto> {
    return this.watches.snapshots(scope(caller), id, query);
  }

  @Get(':id/posts')
  @ApiV1Route({
    operationId: 'listWatchPosts',
    summary: 'A creator watch’s posts, newest first',
    description:
      'Every post its runs found, with its counts when first seen and its multiple of the creator’s median; page with `limit` and `starting_after` (a post’s `id`). Free. A niche watch has none (400).',
    notFound: WATCH_NOT_FOUND,
  })
  @ApiV1Ok(CreatorPostListResponseDto, { description: 'A page of posts.' })
  posts(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Query() query: ListQueryDto,
  ): Promise<CreatorPostListResponseDto> {
    return this.watches.posts(scope(caller), id, query);
  }

  @Delete(':id')
  @ApiV1Route({
    operationId: 'deleteWatch',
    // Takes no body; one sent anyway must still be JSON of at most 64 KiB.
    body: true,
    summary: 'Delete a watch',
    description: 'It runs no more; a run already queued fails without a charge.',
    notFound: WATCH_NOT_FOUND,
  })
  @ApiV1Ok(DeletedWatchResponseDto, { description: 'The id of the deleted watch.' })
  delete(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
  ): Promise<DeletedWatchResponseDto> {
    return this.watches.delete(scope(caller), id);
  }

  @Post(':id/run')
  @HttpCode(200)
  @OperationName('scan')
  @SlowOperation(true)
  // A run is a paid call: its usage record is the execution module's, or this guard's when the
  // call is refused before it.
  @SetMetadata(NO_USAGE_RECORD, false)
  @ApiOperation({ operationId: 'runWatch', ...creatorRunOperation.docs })
  @ApiOperationOk(WatchRunResultDto, CreatorRunResultDto)
  @ApiOperationErrors({
    notFound: '`not_found`: no watch with this id among this key’s account and mode. Not charged.',
    tooSoon: WATCH_RUN_GAP,
  })
  async run(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<WatchRunResultDto | CreatorRunResultDto | JobView> {
    return this.watches.runByHand(
      scope(caller),
      id,
      (body) =>
        this.execution.run(runOperationOf(body), { caller, req, res }, body) as Promise<
          WatchRunResultDto | CreatorRunResultDto | JobView
        >,
      // A run that opened its job answers with its id, even when the work then fails.
      () => res.getHeader('x-job-id') !== undefined,
    );
  }
}
