import type { JobView } from '@reelscout/domain';
import { Body, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentCaller, type Caller } from '../request-context/caller';
import { ApiOperationErrors, ApiOperationOk } from '../execution/api-docs';
import { ExecutionService } from '../execution/execution.service';
import { ApiOperationOf, V1OperationController } from '../execution/v1-operation.decorator';
import { ScanRequestDto, ScanResponseDto } from './dto/scan.dto';
import { scanOperation } from './scan.operation';

@V1OperationController(scanOperation)
export class ScanController {
  constructor(private readonly execution: ExecutionService) {}

  @Post()
  @HttpCode(200)
  @ApiOperationOf(scanOperation)
  @ApiOperationOk(ScanResponseDto)
  @ApiOperationErrors()
  run(
    @CurrentCaller() caller: Caller,
    @Body() body: ScanRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ScanResponseDto | JobView> {
    return this.execution.run(scanOperation, { caller, req, res }, body);
  }
}
