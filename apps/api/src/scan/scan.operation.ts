import { formatUsd, maxCharge, PRICES, SCAN_MAX_REELS, scanCharge } from '@reelscout/domain';
import type { OperationContract } from '../execution/operation.contract';
import type { ScanRequestDto, ScanResponseDto } from './dto/scan.dto';
import { ScanService } from './scan.service';

/** POST /v1/scan: holds the price of `limit` reels, charges per reel delivered. */
export const scanOperation: OperationContract<ScanRequestDto, ScanResponseDto, ScanService> = {
  operation: 'scan',
  deadline: 'SCAN_DEADLINE_MS',
  queue: 'light',
  slow: true,
  requires: ['videoData', 'llm'],
  hold: (body) => maxCharge('scan', { limit: body.limit ?? SCAN_MAX_REELS }),
  charge: (result) => scanCharge(result.reels.length),
  market: (result) => result.market,
  docs: {
    summary:
      'Find reels on one network that match a brief, scored for relevance, ranked by traction',
    description:
      `Holds ${formatUsd(PRICES.scanPerReel)} × \`limit\` before work and charges ${formatUsd(PRICES.scanPerReel)} per reel delivered (\`reels: []\` is free). ` +
      'Typical 20–30 s; deadline 90 s. Never mixes networks. Cover URLs expire within hours.',
  },
  service: ScanService,
  work: (scan, { mode, body, signal, deadline }) => scan.run(mode, body, signal, deadline),
};
