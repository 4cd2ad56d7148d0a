import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import type { JobView, Mode } from '@reelscout/domain';
import type { Request, Response } from 'express';
import { RATE_LIMIT, RETRY_AFTER } from '../common/openapi/api-errors';
import { ApiDashboardRoute, dashboardBodyErrors } from '../common/openapi/route-docs';
import { AccountJobModeQueryDto } from '../execution/account-jobs.controller';
import { JobDto } from '../execution/dto/jobs.dto';
import { ApiAccessGuard, CurrentAccount, SessionGuard } from '../request-context/session.guard';
import { AccountWatchRunsService } from './account-watch-runs.service';
import {
  AccountSnapshotsQueryDto,
  AccountWatchListQueryDto,
  AccountWatchRunDto,
} from './dto/account-watch.dto';
import {
  CreateWatchDto,
  CreatorPostListResponseDto,
  CreatorSnapshotListResponseDto,
  DeletedWatchResponseDto,
  UpdateWatchDto,
  WatchListResponseDto,
  WatchResponseDto,
} from './dto/watch.dto';
import { WatchesService } from './watches.service';

const NO_ACCESS = { 403: { description: '`forbidden`: the account has no API access.' } };
const CHANGES = dashboardBodyErrors({ forbidden: 'Or: the account has no API access.' });
const WATCH_NOT_FOUND = {
  404: {
    description: "`not_found`: no watch with this id among the account's watches of this mode.",
    samples: { not_found: { message: 'No such watch.', param: 'id' } },
  },
};

const scope = (account: Account, mode: Mode) => ({ accountId: account.id, mode });

/**
 * Dashboard back end of watches (docs/watches.md): the signed-in account's watches of the mode
 * the page shows (`?mode=live|test`), the same objects as `/v1/watches`. A watch created here has
 * no key: its runs are the account's (`source: dashboard`), and it outlives any key.
 */
@ApiTags('dashboard: watches')
@Controller('account/watches')
@UseGuards(SessionGuard, ApiAccessGuard)
export class AccountWatchesController {
  constructor(
    private readonly watches: WatchesService,
    private readonly runs: AccountWatchRunsService,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiDashboardRoute({
    operationId: 'accountCreateWatch',
    summary: 'Create a watch',
    description:
      'In the mode `?mode=` names, with no key. At most `WATCHES_MAX_PER_MODE` (50) per account and mode: past it, 409 `resource_limit_reached` (`param`: `watches`).',
    auth: 'session',
    errors: {
      ...CHANGES,
      409: {
        description:
          '`resource_limit_reached`: the account has as many watches in this mode as it may.',
        codes: ['resource_limit_reached'],
      },
    },
  })
  @ApiCreatedResponse({ type: WatchResponseDto })
  create(
    @CurrentAccount() account: Account,
    @Query() query: AccountJobModeQueryDto,
    @Body() body: CreateWatchDto,
  ): Promise<WatchResponseDto> {
    return this.watches.create(
      { accountId: account.id, mode: query.mode, keyId: null, subject: null, source: 'dashboard' },
      body,
    );
  }

  @Get()
  @ApiDashboardRoute({
    operationId: 'accountListWatches',
    summary: "List the account's watches of one mode, newest first",
    auth: 'session',
    errors: NO_ACCESS,
  })
  @ApiOkResponse({ type: WatchListResponseDto })
  list(
    @CurrentAccount() account: Account,
    @Query() query: AccountWatchListQueryDto,
  ): Promise<WatchListResponseDto> {
    return this.watches.list(scope(account, query.mode), query);
  }

  @Get(':id')
  @ApiDashboardRoute({
    operationId: 'accountGetWatch',
    summary: 'Get a watch',
    auth: 'session',
    errors: { ...NO_ACCESS, ...WATCH_NOT_FOUND },
  })
  @ApiOkResponse({ type: WatchResponseDto })
  get(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: AccountJobModeQueryDto,
  ): Promise<WatchResponseDto> {
    return this.watches.get(scope(account, query.mode), id);
  }

  @Get(':id/snapshots')
  @ApiDashboardRoute({
    operationId: 'accountListWatchSnapshots',
    summary: 'A creator watch’s follower history, oldest first',
    auth: 'session',
    errors: { ...NO_ACCESS, ...WATCH_NOT_FOUND },
  })
  @ApiOkResponse({ type: CreatorSnapshotListResponseDto })
  snapshots(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: AccountSnapshotsQueryDto,
  ): Promise<CreatorSnapshotListResponseDto> {
    return this.watches.snapshots(scope(account, query.mode), id, query);
  }

  @Get(':id/posts')
  @ApiDashboardRoute({
    operationId: 'accountListWatchPosts',
    summary: 'A creator watch’s posts, newest first',
    auth: 'session',
    errors: { ...NO_ACCESS, ...WATCH_NOT_FOUND },
  })
  @ApiOkResponse({ type: CreatorPostListResponseDto })
  posts(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: AccountWatchListQueryDto,
  ): Promise<CreatorPostListResponseDto> {
    return this.watches.posts(scope(account, query.mode), id, query);
  }

  @Patch(':id')
  @ApiDashboardRoute({
    operationId: 'accountUpdateWatch',
    summary: 'Pause, resume or change a watch',
    auth: 'session',
    errors: { ...CHANGES, ...WATCH_NOT_FOUND },
  })
  @ApiOkResponse({ type: WatchResponseDto })
  update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: AccountJobModeQueryDto,
    @Body() body: UpdateWatchDto,
  ): Promise<WatchResponseDto> {
    return this.watches.update(scope(account, query.mode), id, body);
  }

  @Delete(':id')
  @ApiDashboardRoute({
    operationId: 'accountDeleteWatch',
    summary: 'Delete a watch',
    auth: 'session',
    errors: { ...CHANGES, ...WATCH_NOT_FOUND },
  })
  @ApiOkResponse({ type: DeletedWatchResponseDto })
  delete(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: AccountJobModeQueryDto,
  ): Promise<DeletedWatchResponseDto> {
    return this.watches.delete(scope(account, query.mode), id);
  }

  @Post(':id/run')
  @HttpCode(202)
  @ApiDashboardRoute({
    operationId: 'accountRunWatch',
    summary: 'Run a watch now (an async job)',
    description:
      'The run `POST /v1/watches/{id}/run` starts, as an async job of the account with no key (`source: dashboard`): held before work (402 `insufficient_credit`); a niche watch’s run is charged per new reel delivered (free when nothing is new), a creator watch’s at its flat price. Live runs must confirm the price (`confirm_price_usd`). Poll the job at `Location`.',
    auth: 'session',
    errors: {
      ...CHANGES,
      ...WATCH_NOT_FOUND,
      400: {
        description:
          '`price_confirmation_required`: a live run without `confirm_price_usd` equal to its price (in `x-service-price-usd`); nothing is charged.',
        codes: ['invalid_request', 'price_confirmation_required'],
      },
      402: {
        description:
          '`insufficient_credit`: the available credit of the mode is below the run’s price; live runs only: `credit_shortfall` or `payment_disputed`; nothing was held or run.',
        codes: ['insufficient_credit', 'credit_shortfall', 'payment_disputed'],
      },
      429: {
        description:
          '`rate_limited`: over the per-IP ceiling of the dashboard, or this watch ran (by its schedule or by hand) less than `WATCHES_MIN_RUN_GAP_S` (15 minutes by default) ago; retry after `Retry-After` seconds. Nothing was held or run.',
        headers: { ...RETRY_AFTER, ...RATE_LIMIT },
      },
      503: {
        description: '`provider_unavailable`: a live provider a scan needs is not configured.',
        codes: ['provider_unavailable'],
      },
    },
  })
  @ApiResponse({
    status: 202,
    type: JobDto,
    description: 'The job, queued: poll it (`Location`) until it ends; its result is the run’s.',
    headers: {
      Location: {
        description: 'Where to poll the job: `/account/jobs/{id}?mode=…`.',
        schema: { type: 'string' },
      },
      'x-job-id': { description: "The job's id.", schema: { type: 'string' } },
    },
  })
  run(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: AccountJobModeQueryDto,
    @Body() body: AccountWatchRunDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<JobView> {
    return this.runs.run(account.id, query.mode, id, body.confirm_price_usd, req, res);
  }
}
