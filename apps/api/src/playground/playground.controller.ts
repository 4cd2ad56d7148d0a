import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiExtraModels, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import type { JobView } from '@reelscout/domain';
import type { Request, Response } from 'express';
import { RATE_LIMIT, RETRY_AFTER } from '../common/openapi/api-errors';
import { ApiDashboardRoute, dashboardBodyErrors } from '../common/openapi/route-docs';
import { AccountJobModeQueryDto } from '../execution/account-jobs.controller';
import { JobDto } from '../execution/dto/jobs.dto';
import { ApiAccessGuard, CurrentAccount, SessionGuard } from '../request-context/session.guard';
import { INPUT_DTOS, PlaygroundRunDto } from './dto/playground.dto';
import { parseMediaIndex } from './media-kinds';
import type { MediaRoute } from './media-targets';
import { MEDIA_DOCS, sendMedia } from './media-response';
import { PlaygroundMediaService } from './playground-media.service';
import { PlaygroundRunsService } from './playground-runs.service';

const NO_ACCESS = '`forbidden`: the account has no API access.';

/**
 * Dashboard back end of the playground: runs an operation as the signed-in account's
 * async job (no key), and serves the media of its own succeeded jobs from our cache.
 */
@ApiTags('dashboard: playground')
@ApiExtraModels(...Object.values(INPUT_DTOS))
@Controller('account/jobs')
@UseGuards(SessionGuard, ApiAccessGuard)
export class PlaygroundController {
  constructor(
    private readonly runs: PlaygroundRunsService,
    private readonly media: PlaygroundMediaService,
  ) {}

  @Post()
  @HttpCode(202)
  @ApiDashboardRoute({
    operationId: 'accountRunJob',
    summary: 'Run an operation from the dashboard (an async job)',
    description:
      'The playground: runs `operation` with `input` (exactly the body of `POST /v1/<operation>`) as ' +
      'an async job of the signed-in account, the way `Prefer: respond-async` does on /v1: the same ' +
      'validation (a field error is `invalid_request` with `param` prefixed `input.`), the hold before ' +
      'any work (402 `insufficient_credit` when the credit is short), the same capture or void. The ' +
      'run has no key: its job and usage record say `source: dashboard`. Live runs must confirm the ' +
      'price (`confirm_price_usd`); test runs are free of that. `Idempotency-Key` works as on /v1. ' +
      'Poll the job at `Location` (`GET /account/jobs/{id}?mode=`).',
    auth: 'session',
    errors: {
      ...dashboardBodyErrors({ forbidden: 'Or: the account has no API access.' }),
      400: {
        description:
          '`invalid_request`: a field of the body or of `input` is invalid (`param`: `operation`, ' +
          '`input.limit`, …). `price_confirmation_required`: a live run without `confirm_price_usd` ' +
          'equal to its price (`param: confirm_price_usd`; the price in `x-service-price-usd`); ' +
          'nothing is charged.',
        codes: ['invalid_request', 'price_confirmation_required'],
      },
      402: {
        description:
          '`insufficient_credit`: the available credit of the mode is below the run’s price; ' +
          'live runs only: `credit_shortfall` (a refund or a lost dispute left credit owed) or ' +
          '`payment_disputed` (a payment is disputed); nothing was held or run.',
        codes: ['insufficient_credit', 'credit_shortfall', 'payment_disputed'],
      },
      409: {
        description: '`idempotency_key_in_use`: a run with this `Idempotency-Key` is still going.',
        codes: ['idempotency_key_in_use'],
      },
      422: {
        description: '`idempotency_key_reused`: this `Idempotency-Key` was used for another run.',
        codes: ['idempotency_key_reused'],
      },
      429: {
        description:
          '`rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` ' +
          'seconds. `queue_limit_reached`: the account already has `JOBS_MAX_QUEUED_PER_ACCOUNT` ' +
          'jobs of the mode queued; nothing was held or queued; retry after `Retry-After` seconds.',
        codes: ['rate_limited', 'queue_limit_reached'],
        headers: { ...RETRY_AFTER, ...RATE_LIMIT },
      },
      503: {
        description:
          '`provider_unavailable`: a live provider the operation needs is not configured.',
        codes: ['provider_unavailable'],
      },
    },
  })
  @ApiResponse({
    status: 202,
    type: JobDto,
    description: 'The job, queued: poll it (`Location`) until it ends.',
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
    @Query() query: AccountJobModeQueryDto,
    @Body() body: PlaygroundRunDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<JobView> {
    return this.runs.run(account.id, query.mode, body, req, res);
  }

  @Get(':id/media/cover/:index')
  @ApiDashboardRoute({
    operationId: 'accountJobCover',
    summary: 'A cover image of a job’s result (JPEG)',
    description:
      'scan: the cover of reel `index` (0-based, in result order). playbook and music: `index` 0, the ' +
      'analysed video’s cover (its post’s cover, else a frame of the video).',
    auth: 'session',
    errors: MEDIA_DOCS.errors(NO_ACCESS),
  })
  @ApiParam({ name: 'index', schema: { type: 'integer', minimum: 0, maximum: 999 } })
  @MEDIA_DOCS.ok('image/jpeg', false)
  async cover(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Param('index') index: string,
    @Query() query: AccountJobModeQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.serve(account, id, 'cover', index, query, req, res);
  }

  @Get(':id/media/frame/:index')
  @ApiDashboardRoute({
    operationId: 'accountJobFrame',
    summary: 'The frame of a playbook scene (JPEG)',
    description:
      'Scene `index` (0-based, as in `playbook.scenes`), taken with ffmpeg just after its measured ' +
      'cut from the analysed video. All scenes’ frames are extracted at the first request, once per ' +
      'video. 404 for a job that analysed no scenes (not a succeeded playbook).',
    auth: 'session',
    errors: MEDIA_DOCS.errors(NO_ACCESS),
  })
  @ApiParam({ name: 'index', schema: { type: 'integer', minimum: 0, maximum: 999 } })
  @MEDIA_DOCS.ok('image/jpeg', false)
  async frame(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Param('index') index: string,
    @Query() query: AccountJobModeQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.serve(account, id, 'frame', index, query, req, res);
  }

  @Get(':id/media/video')
  @ApiDashboardRoute({
    operationId: 'accountJobVideo',
    summary: 'The video a playbook or music job analysed',
    description:
      'For the player: `Range` requests are answered 206 with `Content-Range`, so it can seek.',
    auth: 'session',
    errors: MEDIA_DOCS.errors(NO_ACCESS),
  })
  @MEDIA_DOCS.ok('video/mp4', true)
  async video(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: AccountJobModeQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.serve(account, id, 'video', '0', query, req, res);
  }

  @Get(':id/media/audio/:index')
  @ApiDashboardRoute({
    operationId: 'accountJobAudio',
    summary: 'The audio preview of a music suggestion',
    description:
      'Suggestion `index` (0-based, as ranked). `Range` requests are answered 206, for the player.',
    auth: 'session',
    errors: MEDIA_DOCS.errors(NO_ACCESS),
  })
  @ApiParam({ name: 'index', schema: { type: 'integer', minimum: 0, maximum: 999 } })
  @MEDIA_DOCS.ok('audio/mp4', true)
  async audio(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Param('index') index: string,
    @Query() query: AccountJobModeQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.serve(account, id, 'audio', index, query, req, res);
  }

  private async serve(
    account: Account,
    id: string,
    route: MediaRoute,
    index: string,
    query: AccountJobModeQueryDto,
    req: Request,
    res: Response,
  ): Promise<void> {
    const file = await this.media.media(
      { accountId: account.id, mode: query.mode },
      id,
      route,
      parseMediaIndex(index),
    );
    await sendMedia(req, res, file);
  }
}
