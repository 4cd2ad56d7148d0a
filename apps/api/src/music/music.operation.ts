import { maxCharge, musicCharge, parseVideoLink } from '@reelscout/domain';
import type { OperationContract } from '../operation-runner/operation.contract';
import type { MusicRequestDto, MusicResponseDto } from './dto/music.dto';
import { MusicService } from './music.service';

/** POST /v1/music: the price of any delivery, whatever `limit`; `suggestions: []` is free. */
export const musicOperation: OperationContract<MusicRequestDto, MusicResponseDto, MusicService> = {
  operation: 'music',
  deadline: 'MUSIC_DEADLINE_MS',
  requires: ['videoData'],
  // An unsupported link is 400 even on an empty balance (ARCHITECTURE §3). Only resolving the
  // link needs a provider, so that happens in the work.
  checks: [(body) => parseVideoLink(body.url)],
  hold: () => maxCharge('music'),
  charge: (result) => musicCharge(result.suggestions.length),
  market: (result) => result.market,
  service: MusicService,
  work: (music, { mode, body, signal, deadline }) =>
    music.run(mode, body, signal, deadline.progress),
};
