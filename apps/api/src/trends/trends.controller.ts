import type { JobView } from '@reelscout/domain';
import { Body, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentCaller, type Caller } from '../request-context/caller';
import { ApiOperationErrors, ApiOperationOk } from '../execution/api-docs';
import { ExecutionService } from '../execution/execution.service';
import { ApiOperationOf, V1OperationController } from '../execution/v1-operation.decorator';
import { TrendsRequestDto, TrendsResponseDto } from './dto/trends.dto';
import { trendsOperation } from './trends.operation';

@V1OperationController(trendsOperation)
export class TrendsController {
  constructor(private readonly execution: ExecutionService) {}

  @Post()
  @HttpCode(200)
  @ApiOperationOf(trendsOperation)
  @ApiOperationOk(TrendsResponseDto)
  @ApiOperationErrors()
  run(
    @CurrentCaller() caller: Caller,
    @Body() body: TrendsRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TrendsResponseDto | JobView> {
    return this.execution.run(trendsOperation, { caller, req, res }, body);
  }
}
