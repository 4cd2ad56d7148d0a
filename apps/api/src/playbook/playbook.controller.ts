import type { JobView } from '@reelscout/domain';
import { Body, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentCaller, type Caller } from '../request-context/caller';
import { ApiOperationErrors, ApiOperationOk } from '../operation-runner/api-docs';
import { OperationRunner } from '../operation-runner/operation.runner';
import { V1Controller } from '../operation-runner/v1-controller.decorator';
import { PlaybookRequestDto, PlaybookResponseDto } from './dto/playbook.dto';
import { playbookOperation } from './playbook.operation';

@V1Controller('playbook')
export class PlaybookController {
  constructor(private readonly runner: OperationRunner) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'playbook',
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
  ): Promise<PlaybookResponseDto | JobView> {
    return this.runner.run(playbookOperation, { caller, req, res }, body);
  }
}
