import { Body, HttpCode, Module, Post, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { flatCharge, formatUsd, maxCharge } from '@reelscout/domain';
import type { Request, Response } from 'express';
import { ApiKeysModule } from '../../apps/api/src/api-keys/api-keys.module';
import { requestIdOf } from '../../apps/api/src/common/http/request-id';
import { AssistService } from '../../apps/api/src/assist/assist.service';
import { AssistRequestDto, type AssistResponseDto } from '../../apps/api/src/assist/dto/assist.dto';
import type { Environment } from '../../apps/api/src/config/environment';
import { withDeadline } from '../../apps/api/src/execution/deadline';
import { BillingService } from '../../apps/api/src/ledger/billing.service';
import { LedgerModule } from '../../apps/api/src/ledger/ledger.module';
import { V1Controller } from '../../apps/api/src/operation-runner/v1-controller.decorator';
import { ProvidersModule } from '../../apps/api/src/providers/providers.module';
import { ProvidersService } from '../../apps/api/src/providers/providers.service';
import { CurrentCaller, type Caller } from '../../apps/api/src/request-context/caller';
import type { OperationLocals } from '../../apps/api/src/request-context/operation-locals';
import { OperationName } from '../../apps/api/src/throttling/api-rate-limit.guard';

/** Extra time a hold outlives the deadline (the operation runner's HOLD_MARGIN_MS). */
const HOLD_MARGIN_MS = 60_000;

/**
 * Bench only (never part of the app): synchronous assist as it ran before every call became a
 * job: hold → the work under its deadline → capture, no job row, no queue. Same guards (key,
 * access, the assist ceilings), same validation, same work (AssistService, the sandbox LLM in
 * test mode), the same billing headers and usage record, so `jobs.bench.ts` can compare the
 * job path's sync latency against it.
 */
@V1Controller('bench-direct-assist')
class DirectAssistController {
  constructor(
    private readonly billing: BillingService,
    private readonly assist: AssistService,
    private readonly providers: ProvidersService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  @Post()
  @HttpCode(200)
  @OperationName('assist')
  async run(
    @CurrentCaller() caller: Caller,
    @Body() body: AssistRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AssistResponseDto> {
    this.providers.requireConfigured(caller.mode, 'llm');
    const locals = res.locals as OperationLocals;
    locals.operation = 'assist';
    const requestId = requestIdOf(req);
    const deadlineMs = this.config.get('ASSIST_DEADLINE_MS', { infer: true });
    const hold = await this.billing.hold(caller, maxCharge('assist'), {
      operation: 'assist',
      requestId,
      ttlMs: deadlineMs + HOLD_MARGIN_MS,
    });
    let result: AssistResponseDto;
    try {
      result = await withDeadline(deadlineMs, (signal) =>
        this.assist.run(caller.mode, body, signal),
      );
    } catch (error) {
      await this.billing.void(hold);
      throw error;
    }
    const captured = await this.billing.capture(hold, flatCharge('assist'), {
      operation: 'assist',
      requestId,
    });
    res.setHeader('x-service-charged-usd', formatUsd(captured.charged));
    res.setHeader('x-service-balance-usd', formatUsd(captured.balance));
    locals.chargedMicros = captured.charged;
    locals.market = null;
    return result;
  }
}

@Module({
  imports: [ApiKeysModule, LedgerModule, ProvidersModule],
  controllers: [DirectAssistController],
  providers: [AssistService],
})
export class DirectAssistModule {}
