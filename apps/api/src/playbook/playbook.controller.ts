import type { JobView } from '@reelscout/domain';
import { Body, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentCaller, type Caller } from '../request-context/caller';
import { ApiOperationErrors, ApiOperationOk } from '../execution/api-docs';
import { ExecutionService } from '../execution/execution.service';
import { ApiOperationOf, V1OperationController } from '../execution/v1-operation.decorator';
import { PlaybookRequestDto, PlaybookResponseDto } from './dto/playbook.dto';
import { playbookOperation } from './playbook.operation';

@V1OperationController(playbookOperation)
export class PlaybookController {
  constructor(private readonly execution: ExecutionService) {}

  @Post()
  @HttpCode(200)
  @ApiOperationOf(playbookOperation)
  @ApiOperationOk(PlaybookResponseDto)
  @ApiOperationErrors({ notFound: true })
  run(
    @CurrentCaller() caller: Caller,
    @Body() body: PlaybookRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PlaybookResponseDto | JobView> {
    return this.execution.run(playbookOperation, { caller, req, res }, body);
  }
}
