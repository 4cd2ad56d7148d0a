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
      'Typical 20–30 s; deadline 90 s. Never mixes networks. Cover URLs expire within hours. ' +
      "Each reel carries its author's follower count and an outlier score, `ln(playCount / authorFollowers) × ln(authorFollowers)` " +
      '(≥ 35 exceptional, 25–35 very_strong, 18–25 strong, 10–18 promising, else ordinary), from counts already fetched: no extra provider call. ' +
      '`sort` picks the order: `traction` (default), `outlier` or `relevance`; the price is the same.',
  },
  service: ScanService,
  work: (scan, { mode, body, signal, deadline }) => scan.run(mode, body, signal, deadline),
};
