import { Body, Controller, HttpCode, Module, Post, UseGuards } from '@nestjs/common';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ApiKeyGuard } from '../../src/api-keys/api-key.guard';
import { ApiKeysModule } from '../../src/api-keys/api-keys.module';
import { ApiRateLimitGuard, OperationName } from '../../src/throttling/api-rate-limit.guard';
import { CurrentCaller, type Caller } from '../../src/request-context/caller';

class ProbeDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  note?: string;
}

/** A /v1 route that exists only in tests: it answers with the caller the guard produced. */
@Controller('v1/probe')
@UseGuards(ApiKeyGuard, ApiRateLimitGuard)
@OperationName('probe')
class V1ProbeController {
  @Post()
  @HttpCode(200)
  probe(
    @CurrentCaller() caller: Caller,
    @Body() body: ProbeDto,
  ): { caller: Caller; note: string | null } {
    return { caller, note: body.note ?? null };
  }
}

@Module({ imports: [ApiKeysModule], controllers: [V1ProbeController] })
export class V1ProbeModule {}
