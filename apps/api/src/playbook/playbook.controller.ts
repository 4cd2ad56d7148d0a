import { Body, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiOperation } from '@nestjs/swagger';
import { parseVideoLink, PRICES, resolveLanguage } from '@reelscout/domain';
import type { Request, Response } from 'express';
import { CurrentCaller, type Caller } from '../api-keys/caller';
import type { Environment } from '../config/environment';
import { ApiOperationErrors, ApiOperationOk } from '../operations/api-docs';
import { OperationRunner } from '../operations/operation.runner';
import { V1Controller } from '../operations/v1-controller.decorator';
import { PlaybookRequestDto, PlaybookResponseDto } from './dto/playbook.dto';
import { PlaybookService } from './playbook.service';

@V1Controller('playbook')
export class PlaybookController {
  constructor(
    private readonly runner: OperationRunner,
    private readonly config: ConfigService<Environment, true>,
    private readonly playbook: PlaybookService,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Watch one video and write the shoot-ready remake plan: transcript, hook, scene map, script, shot list, editing guide, experiments',
    description:
      'Charged 0.200000 USD per playbook (held before work; any error is free). Typical 50–90 s; ' +
      'deadline 300 s (504 `timeout`). Only the first 120 s are analyzed (`analyzedSeconds`); a longer ' +
      'video is clipped, never refused, and the document describes nothing after it. Every timing ' +
      '(scenes, transcript, overlays, script beats, hook) comes from our own measurement of the video: ' +
      'scene cuts by ffmpeg scene detection, the platform caption track or a transcription. There is ' +
      'no OCR: on-screen text is known text, or text the model read in a key frame, timed by its scene.',
  })
  @ApiOperationOk(PlaybookResponseDto)
  @ApiOperationErrors({ notFound: true })
  run(
    @CurrentCaller() caller: Caller,
    @Body() body: PlaybookRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PlaybookResponseDto> {
    // Refuse what needs no provider before any hold: an unsupported link, an unknown language.
    parseVideoLink(body.url);
    resolveLanguage(body.language, 'network_a');
    return this.runner.execute(
      { caller, req, res },
      {
        operation: 'playbook',
        holdMicros: PRICES.playbook,
        deadlineMs: this.config.get('PLAYBOOK_DEADLINE_MS', { infer: true }),
        requires: ['videoData', 'llm'],
      },
      async (signal) => {
        const result = await this.playbook.run(caller.mode, body, signal);
        return { body: result, chargeMicros: PRICES.playbook, market: result.reel.market };
      },
    );
  }
}
