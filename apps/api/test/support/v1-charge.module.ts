import { Body, HttpCode, Module, Post, Req, Res } from '@nestjs/common';
import { DomainError } from '@reelscout/domain';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Request, Response } from 'express';
import { V1Controller } from '../../src/operation-runner/v1-controller.decorator';
import { ApiKeysModule } from '../../src/api-keys/api-keys.module';
import { CurrentCaller, type Caller } from '../../src/request-context/caller';
import { OperationRunner } from '../../src/operation-runner/operation.runner';
import { OperationRunnerModule } from '../../src/operation-runner/operation-runner.module';

class ChargeDto {
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  hold: number;

  @IsInt()
  @Min(0)
  @Max(1_000_000)
  charge: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10_000)
  delayMs?: number;

  @IsOptional()
  @IsIn(['provider_error', 'not_found', 'bug'])
  fail?: 'provider_error' | 'not_found' | 'bug';

  @IsOptional()
  @IsInt()
  @Min(10)
  @Max(60_000)
  deadlineMs?: number;

  @IsOptional()
  @IsInt()
  nonce?: number;
}

/** Counts executions of the handler body, so tests can prove "ran once". */
export const chargeProbe = { executions: 0 };

/** A billed /v1 route that exists only in tests, until the operations land. */
@V1Controller('test-charge')
class V1ChargeController {
  constructor(private readonly runner: OperationRunner) {}

  @Post()
  @HttpCode(200)
  run(
    @CurrentCaller() caller: Caller,
    @Body() body: ChargeDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.runner.execute(
      { caller, req, res },
      { operation: 'test-charge', holdMicros: body.hold, deadlineMs: body.deadlineMs ?? 10_000 },
      async (signal) => {
        chargeProbe.executions++;
        if (body.delayMs) {
          await new Promise((resolve, reject) => {
            const timer = setTimeout(resolve, body.delayMs);
            signal.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(signal.reason);
            });
          });
        }
        if (body.fail === 'provider_error')
          throw new DomainError('provider_error', 'The provider failed.');
        if (body.fail === 'not_found') throw new DomainError('not_found', 'No such post.');
        if (body.fail === 'bug') throw new Error('boom: secret internals');
        return {
          body: { ok: true, charge: body.charge, execution: chargeProbe.executions },
          chargeMicros: body.charge,
          market: 'network_a',
        };
      },
    );
  }
}

@Module({ imports: [ApiKeysModule, OperationRunnerModule], controllers: [V1ChargeController] })
export class V1ChargeModule {}
