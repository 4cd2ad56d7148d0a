import type { JobView } from '@reelscout/domain';
import { Body, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentCaller, type Caller } from '../request-context/caller';
import { ApiOperationErrors, ApiOperationOk } from '../operation-runner/api-docs';
import { OperationRunner } from '../operation-runner/operation.runner';
import { V1Controller } from '../operation-runner/v1-controller.decorator';
import { MusicRequestDto, MusicResponseDto } from './dto/music.dto';
import { musicOperation } from './music.operation';

@V1Controller('music')
export class MusicController {
  constructor(private readonly runner: OperationRunner) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'music',
    summary: "Rank the sounds of one video's own network by how well they fit that video",
    description:
      "Reads the video's cut rhythm and audio (tempo, energy, mood), gathers up to 50 candidate sounds " +
      "(the video's own sound, sounds of similar videos, sound search, the market's rising and popular " +
      'charts), reads each sound from its own audio (cached permanently, so a repeat niche is much faster) ' +
      'and ranks them by `finalScore = 0.85 × fit.score + 0.15 × trend.strength`. The market is the ' +
      "video's network (Instagram and YouTube → network_a); there is no parameter. " +
      'Holds and charges 0.250000 whatever `limit`; `suggestions: []` is 200 and free. ' +
      'Typical 35 s for a familiar niche, up to 150 s for an unfamiliar one; deadline 300 s. ' +
      'Preview URLs expire within hours.',
  })
  @ApiOperationOk(MusicResponseDto)
  @ApiOperationErrors({ notFound: true })
  run(
    @CurrentCaller() caller: Caller,
    @Body() body: MusicRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MusicResponseDto | JobView> {
    return this.runner.run(musicOperation, { caller, req, res }, body);
  }
}
