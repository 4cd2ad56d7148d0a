import type { JobView } from '@reelscout/domain';
import { Body, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentCaller, type Caller } from '../request-context/caller';
import { ApiOperationErrors, ApiOperationOk } from '../execution/api-docs';
import { ExecutionService } from '../execution/execution.service';
import { ApiOperationOf, V1OperationController } from '../execution/v1-operation.decorator';
import { assistOperation } from './assist.operation';
import { AssistRequestDto, AssistResponseDto } from './dto/assist.dto';

@V1OperationController(assistOperation)
export class AssistController {
  constructor(private readonly execution: ExecutionService) {}

  @Post()
  @HttpCode(200)
  @ApiOperationOf(assistOperation)
  @ApiOperationOk(AssistResponseDto)
  @ApiOperationErrors()
  run(
    @CurrentCaller() caller: Caller,
    @Body() body: AssistRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AssistResponseDto | JobView> {
    return this.execution.run(assistOperation, { caller, req, res }, body);
  }
}
