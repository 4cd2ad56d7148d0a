import { Body, HttpCode, Injectable, Module, Post, Req, Res } from '@nestjs/common';
import { DomainError, type Operation } from '@reelscout/domain';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Request, Response } from 'express';
import { ApiKeysModule } from '../../src/api-keys/api-keys.module';
import { ExecutionModule } from '../../src/execution/execution.module';
import { ExecutionService } from '../../src/execution/execution.service';
import { OperationCatalog } from '../../src/execution/operation-catalog';
import type { OperationContract } from '../../src/execution/operation.contract';
import { V1OperationController } from '../../src/execution/v1-operation.decorator';
import { CurrentCaller, type Caller } from '../../src/request-context/caller';

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
  nonce?: number;
}

interface ChargeResult {
  ok: true;
  charge: number;
  execution: number;
}

/** Counts executions of the work, so tests can prove "ran once". */
export const chargeProbe = { executions: 0 };

@Injectable()
export class TestChargeService {
  async run(body: ChargeDto, signal: AbortSignal): Promise<ChargeResult> {
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
    return { ok: true, charge: body.charge, execution: chargeProbe.executions };
  }
}

/**
 * A billed operation that exists only in tests: it holds and charges what the request says, on
 * the same execution path as the four (its deadline is assist's setting).
 */
export const testChargeOperation: OperationContract<ChargeDto, ChargeResult, TestChargeService> = {
  operation: 'test-charge' as Operation,
  deadline: 'ASSIST_DEADLINE_MS',
  queue: 'light',
  slow: false,
  requires: [],
  hold: (body) => body.hold,
  charge: (_result, body) => body.charge,
  market: () => 'network_a',
  docs: { summary: 'A test-only billed call', description: 'Holds and charges what it is told.' },
  service: TestChargeService,
  work: (service, { body, signal }) => service.run(body, signal),
};

@V1OperationController(testChargeOperation)
class V1ChargeController {
  constructor(private readonly execution: ExecutionService) {}

  @Post()
  @HttpCode(200)
  run(
    @CurrentCaller() caller: Caller,
    @Body() body: ChargeDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.execution.run(testChargeOperation, { caller, req, res }, body);
  }
}

@Module({
  imports: [ApiKeysModule, ExecutionModule],
  controllers: [V1ChargeController],
  providers: [TestChargeService],
})
export class V1ChargeModule {
  constructor(catalog: OperationCatalog, service: TestChargeService) {
    catalog.register(testChargeOperation, service);
  }
}
