import {
  flatCharge,
  formatUsd,
  maxCharge,
  parseVideoLink,
  PRICES,
  resolveLanguage,
} from '@reelscout/domain';
import type { OperationContract } from '../execution/operation.contract';
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
  queue: 'heavy',
  slow: true,
  requires: ['videoData', 'llm'],
  // Refuse what needs no provider before any hold: an unsupported link, an unknown language.
  checks: [
    (body) => parseVideoLink(body.url),
    (body) => resolveLanguage(body.language, 'network_a'),
  ],
  hold: () => maxCharge('playbook'),
  charge: () => flatCharge('playbook'),
  market: (result) => result.reel.market,
  docs: {
    summary:
      'Watch one video and write the shoot-ready remake plan: transcript, hook, scene map, script, shot list, editing guide, experiments',
    description:
      `Charged ${formatUsd(PRICES.playbook)} USD per playbook (held before work; any error is free). Typical 50–90 s; ` +
      'deadline 300 s (504 `timeout`). Only the first 120 s are analyzed (`analyzedSeconds`); a longer ' +
      'video is clipped, never refused, and the document describes nothing after it. Every timing ' +
      '(scenes, transcript, overlays, script beats, hook) comes from our own measurement of the video: ' +
      'scene cuts by ffmpeg scene detection, the platform caption track or a transcription. There is ' +
      'no OCR: on-screen text is known text, or text the model read in a key frame, timed by its scene.',
  },
  service: PlaybookService,
  work: (playbook, { mode, body, signal, deadline }) =>
    playbook.run(mode, body, signal, deadline.progress),
};
