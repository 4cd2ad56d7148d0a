import { flatCharge, maxCharge, parseVideoLink, resolveLanguage } from '@reelscout/domain';
import type { OperationContract } from '../operation-runner/operation.contract';
import type { PlaybookRequestDto, PlaybookResponseDto } from './dto/playbook.dto';
import { PlaybookService } from './playbook.service';

/** POST /v1/playbook: the price of every playbook; an unsupported link or language is 400 first. */
export const playbookOperation: OperationContract<
  PlaybookRequestDto,
  PlaybookResponseDto,
  PlaybookService
> = {
  operation: 'playbook',
  deadline: 'PLAYBOOK_DEADLINE_MS',
  requires: ['videoData', 'llm'],
  // Refuse what needs no provider before any hold: an unsupported link, an unknown language.
  checks: [
    (body) => parseVideoLink(body.url),
    (body) => resolveLanguage(body.language, 'network_a'),
  ],
  hold: () => maxCharge('playbook'),
  charge: () => flatCharge('playbook'),
  market: (result) => result.reel.market,
  service: PlaybookService,
  work: (playbook, { mode, body, signal, deadline }) =>
    playbook.run(mode, body, signal, deadline.progress),
};
