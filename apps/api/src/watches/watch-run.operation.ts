import { formatUsd, maxCharge, PRICES, scanCharge } from '@reelscout/domain';
import type { OperationContract } from '../execution/operation.contract';
import type { WatchRunBody, WatchRunResult } from './watch-run.service';
import { WatchRunService } from './watch-run.service';

/** A niche watch's run: a body naming a watch, of no other kind (a creator watch's has its own). */
function isWatchRun(body: unknown): body is WatchRunBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as WatchRunBody).watch_id === 'string' &&
    (body as { kind?: unknown }).kind === undefined
  );
}

/**
 * A watch's run (docs/watches.md): a scan job, priced, held, settled and recorded as a scan, that
 * delivers only the reels its watch has not delivered before and is charged for those alone.
 * Registered as a variant of scan: the jobs it runs are those whose stored body names a watch.
 */
export const watchRunOperation: OperationContract<WatchRunBody, WatchRunResult, WatchRunService> = {
  operation: 'scan',
  variant: { name: 'watch_run', matches: isWatchRun },
  deadline: 'SCAN_DEADLINE_MS',
  queue: 'light',
  slow: true,
  requires: ['videoData', 'llm'],
  hold: (body) => maxCharge('scan', { limit: body.limit }),
  charge: (result) => scanCharge(result.reels.length),
  market: (result) => result.market,
  events: (job) => {
    const result = job.result as WatchRunResult | null;
    if (!result || result.reels.length === 0) return [];
    return [
      {
        type: 'watch.new_reels',
        data: { watch_id: result.watch_id, job_id: job.id, reels: result.reels },
      },
    ];
  },
  docs: {
    summary: 'Run a watch now: a scan of its brief that delivers only reels it has not delivered',
    description:
      `Holds ${formatUsd(PRICES.scanPerReel)} × the watch's \`limit\` before work and charges ${formatUsd(PRICES.scanPerReel)} per new reel delivered; a run with nothing new (\`reels: []\`) is free. ` +
      'Answers like `POST /v1/scan`: at once, with `Prefer: wait=N`, or 202 with the job under `Prefer: respond-async`.',
  },
  service: WatchRunService,
  work: (runs, { mode, body, signal, deadline }) => runs.run(mode, body, signal, deadline),
};
