import type { JobView } from '@reelscout/domain';
import { Body, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentCaller, type Caller } from '../request-context/caller';
import { ApiOperationErrors, ApiOperationOk } from '../operation-runner/api-docs';
import { OperationRunner } from '../operation-runner/operation.runner';
import { V1Controller } from '../operation-runner/v1-controller.decorator';
import { ScanRequestDto, ScanResponseDto } from './dto/scan.dto';
import { scanOperation } from './scan.operation';

@V1Controller('scan')
export class ScanController {
  constructor(private readonly runner: OperationRunner) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'scan',
    summary:
      'Find reels on one network that match a brief, scored for relevance, ranked by traction',
    description:
      'Holds 0.007500 × `limit` before work and charges 0.007500 per reel delivered (`reels: []` is free). ' +
      'Typical 20–30 s; deadline 90 s. Never mixes networks. Cover URLs expire within hours.',
  })
  @ApiOperationOk(ScanResponseDto)
  @ApiOperationErrors()
  run(
    @CurrentCaller() caller: Caller,
    @Body() body: ScanRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ScanResponseDto | JobView> {
    return this.runner.run(scanOperation, { caller, req, res }, body);
  }
}
