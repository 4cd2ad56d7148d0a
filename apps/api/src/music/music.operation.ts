import { formatUsd, maxCharge, musicCharge, parseVideoLink, PRICES } from '@reelscout/domain';
import type { OperationContract } from '../execution/operation.contract';
import type { MusicRequestDto, MusicResponseDto } from './dto/music.dto';
import { MusicService } from './music.service';

/** POST /v1/music: the price of any delivery, whatever `limit`; `suggestions: []` is free. */
export const musicOperation: OperationContract<MusicRequestDto, MusicResponseDto, MusicService> = {
  operation: 'music',
  deadline: 'MUSIC_DEADLINE_MS',
  queue: 'heavy',
  slow: true,
  requires: ['videoData'],
  // An unsupported link is 400 even on an empty balance (docs/architecture.md §3). Only resolving the
  // link needs a provider, so that happens in the work.
  checks: [(body) => parseVideoLink(body.url)],
  hold: () => maxCharge('music'),
  charge: (result) => musicCharge(result.suggestions.length),
  market: (result) => result.market,
  docs: {
    summary: "Rank the sounds of one video's own network by how well they fit that video",
    description:
      "Reads the video's cut rhythm and audio (tempo, energy, mood), gathers up to 50 candidate sounds " +
      "(the video's own sound, sounds of similar videos, sound search, the market's rising and popular " +
      'charts), reads each sound from its own audio (cached permanently, so a repeat niche is much faster) ' +
      'and ranks them by `finalScore = 0.85 × fit.score + 0.15 × trend.strength`. The market is the ' +
      "video's network (Instagram and YouTube → network_a); there is no parameter. " +
      `Holds and charges ${formatUsd(PRICES.music)} whatever \`limit\`; \`suggestions: []\` is 200 and free. ` +
      'Typical 35 s for a familiar niche, up to 150 s for an unfamiliar one; deadline 300 s. ' +
      'Preview URLs expire within hours.',
  },
  service: MusicService,
  work: (music, { mode, body, signal, deadline }) =>
    music.run(mode, body, signal, deadline.progress),
};
