import { flatCharge, formatUsd, maxCharge, PRICES } from '@reelscout/domain';
import type { OperationContract } from '../execution/operation.contract';
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
  queue: 'light',
  slow: false,
  requires: ['llm'],
  hold: () => maxCharge('assist'),
  charge: () => flatCharge('assist'),
  docs: {
    summary:
      'Classify a chat message (scan / chat / refuse) and write a self-contained search query',
    description: `Charged ${formatUsd(PRICES.assist)} USD per call. Never calls a video provider and never runs the scan. Deadline 30 s.`,
  },
  service: AssistService,
  work: (assist, { mode, body, signal }) => assist.run(mode, body, signal),
};
