import { maxCharge, SCAN_MAX_REELS, scanCharge } from '@reelscout/domain';
import type { OperationContract } from '../operation-runner/operation.contract';
import type { ScanRequestDto, ScanResponseDto } from './dto/scan.dto';
import { ScanService } from './scan.service';

/** POST /v1/scan: holds the price of `limit` reels, charges per reel delivered. */
export const scanOperation: OperationContract<ScanRequestDto, ScanResponseDto, ScanService> = {
  operation: 'scan',
  deadline: 'SCAN_DEADLINE_MS',
  requires: ['videoData', 'llm'],
  hold: (body) => maxCharge('scan', { limit: body.limit ?? SCAN_MAX_REELS }),
  charge: (result) => scanCharge(result.reels.length),
  market: (result) => result.market,
  service: ScanService,
  work: (scan, { mode, body, signal, deadline }) => scan.run(mode, body, signal, deadline),
};
