import { Body, HttpCode, Module, Post } from '@nestjs/common';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { V1Controller } from '../../src/operation-runner/v1-controller.decorator';
import { ApiKeysModule } from '../../src/api-keys/api-keys.module';
import { CurrentCaller, type Caller } from '../../src/request-context/caller';

class ProbeDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  note?: string;
}

/** A /v1 route that exists only in tests: it answers with the caller the guard produced. */
@V1Controller('probe')
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
