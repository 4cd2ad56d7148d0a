import type { JobView } from '@reelscout/domain';
import { Body, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentCaller, type Caller } from '../request-context/caller';
import { ApiOperationErrors, ApiOperationOk } from '../operation-runner/api-docs';
import { OperationRunner } from '../operation-runner/operation.runner';
import { V1Controller } from '../operation-runner/v1-controller.decorator';
import { assistOperation } from './assist.operation';
import { AssistRequestDto, AssistResponseDto } from './dto/assist.dto';

@V1Controller('assist')
export class AssistController {
  constructor(private readonly runner: OperationRunner) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'assist',
    summary:
      'Classify a chat message (scan / chat / refuse) and write a self-contained search query',
    description:
      'Charged 0.010000 USD per call. Never calls a video provider and never runs the scan. Deadline 30 s.',
  })
  @ApiOperationOk(AssistResponseDto)
  @ApiOperationErrors()
  run(
    @CurrentCaller() caller: Caller,
    @Body() body: AssistRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AssistResponseDto | JobView> {
    return this.runner.run(assistOperation, { caller, req, res }, body);
  }
}
