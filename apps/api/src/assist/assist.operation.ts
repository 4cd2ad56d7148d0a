import { flatCharge, maxCharge } from '@reelscout/domain';
import type { OperationContract } from '../operation-runner/operation.contract';
import { AssistService } from './assist.service';
import type { AssistRequestDto, AssistResponseDto } from './dto/assist.dto';

/** POST /v1/assist: one LLM call, no video provider; the price of every answer. */
export const assistOperation: OperationContract<
  AssistRequestDto,
  AssistResponseDto,
  AssistService
> = {
  operation: 'assist',
  deadline: 'ASSIST_DEADLINE_MS',
  requires: ['llm'],
  hold: () => maxCharge('assist'),
  charge: () => flatCharge('assist'),
  service: AssistService,
  work: (assist, { mode, body, signal }) => assist.run(mode, body, signal),
};
