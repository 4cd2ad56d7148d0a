import type { JobView } from '@reelscout/domain';
import { Body, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentCaller, type Caller } from '../request-context/caller';
import { ApiOperationErrors, ApiOperationOk } from '../execution/api-docs';
import { ExecutionService } from '../execution/execution.service';
import { ApiOperationOf, V1OperationController } from '../execution/v1-operation.decorator';
import { MusicRequestDto, MusicResponseDto } from './dto/music.dto';
import { musicOperation } from './music.operation';

@V1OperationController(musicOperation)
export class MusicController {
  constructor(private readonly execution: ExecutionService) {}

  @Post()
  @HttpCode(200)
  @ApiOperationOf(musicOperation)
  @ApiOperationOk(MusicResponseDto)
  @ApiOperationErrors({ notFound: true })
  run(
    @CurrentCaller() caller: Caller,
    @Body() body: MusicRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MusicResponseDto | JobView> {
    return this.execution.run(musicOperation, { caller, req, res }, body);
  }
}
