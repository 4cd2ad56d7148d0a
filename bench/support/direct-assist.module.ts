import { Body, Controller, HttpCode, Inject, Module, Post, Res, UseGuards } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { flatCharge, formatUsd, maxCharge } from '@reelscout/domain';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { ApiKeyGuard } from '../../apps/api/src/api-keys/api-key.guard';
import { ApiKeysModule } from '../../apps/api/src/api-keys/api-keys.module';
import { AssistService } from '../../apps/api/src/assist/assist.service';
import { AssistRequestDto, type AssistResponseDto } from '../../apps/api/src/assist/dto/assist.dto';
import { jobsConfig } from '../../apps/api/src/config';
import { withDeadline } from '../../apps/api/src/execution/deadline';
import { ProvidersModule } from '../../apps/api/src/providers/providers.module';
import { ProvidersService } from '../../apps/api/src/providers/providers.service';
import { CurrentCaller, type Caller } from '../../apps/api/src/request-context/caller';
import {
  ApiRateLimitGuard,
  OperationName,
  SlowOperation,
} from '../../apps/api/src/throttling/api-rate-limit.guard';
import { bareCapture, bareHold, bareVoid } from './bare-ledger';

/**
 * Bench only (never part of the app): synchronous assist as it ran before every call became a
 * job: the bare ledger's hold → the work under its deadline → its capture, no job row, no queue
 * (bench/support/bare-ledger.ts). Same guards (key, access, the assist ceilings), same validation,
 * same work (AssistService, the sandbox LLM in test mode), the same billing headers, and a usage
 * record (the key guard's), so `jobs.bench.ts` can compare the job path's sync latency against it.
 */
@Controller('v1/bench-direct-assist')
@UseGuards(ApiKeyGuard, ApiRateLimitGuard)
@OperationName('assist')
@SlowOperation(false)
class DirectAssistController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly assist: AssistService,
    private readonly providers: ProvidersService,
    @Inject(jobsConfig.KEY) private readonly config: ConfigType<typeof jobsConfig>,
  ) {}

  @Post()
  @HttpCode(200)
  async run(
    @CurrentCaller() caller: Caller,
    @Body() body: AssistRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AssistResponseDto> {
    this.providers.requireConfigured(caller.mode, 'llm');
    const deadlineMs = this.config.deadlinesMs.ASSIST_DEADLINE_MS;
    const holdId = await bareHold(this.dataSource, caller, maxCharge('assist'));
    let result: AssistResponseDto;
    try {
      result = await withDeadline(deadlineMs, (signal) =>
        this.assist.run(caller.mode, body, signal),
      );
    } catch (error) {
      await bareVoid(this.dataSource, holdId);
      throw error;
    }
    const charge = flatCharge('assist');
    const balance = await bareCapture(this.dataSource, caller, holdId, charge);
    res.setHeader('x-service-charged-usd', formatUsd(charge));
    res.setHeader('x-service-balance-usd', formatUsd(balance));
    return result;
  }
}

@Module({
  imports: [ApiKeysModule, ProvidersModule],
  controllers: [DirectAssistController],
  providers: [AssistService],
})
export class DirectAssistModule {}
