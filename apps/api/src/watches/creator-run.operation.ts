import { formatUsd, PRICES, type CreatorPostView } from '@reelscout/domain';
import type { AnyContract, OperationContract } from '../execution/operation.contract';
import {
  CreatorRunService,
  isCreatorRun,
  type CreatorRunBody,
  type CreatorRunResult,
} from './creator-run.service';
import type { WatchRunBody } from './watch-run.service';
import { watchRunOperation } from './watch-run.operation';

/**
 * A creator watch's run (docs/watches.md): the creator's profile and newest posts, a snapshot
 * and the posts not seen before. Registered, like a niche watch's run, as a variant of scan:
 * held, settled and recorded as a scan of its key, at its own flat price, charged only when the
 * run succeeded (it reached the provider and recorded what it found).
 */
export const creatorRunOperation: OperationContract<
  CreatorRunBody,
  CreatorRunResult,
  CreatorRunService
> = {
  operation: 'scan',
  variant: { name: 'creator_run', matches: isCreatorRun },
  deadline: 'SCAN_DEADLINE_MS',
  queue: 'light',
  slow: true,
  requires: ['videoData'],
  hold: () => PRICES.creatorRun,
  charge: () => PRICES.creatorRun,
  market: (result) => result.creator.market,
  events: (job) => {
    const result = job.result as CreatorRunResult | null;
    if (!result || result.posts.length === 0) return [];
    const base = { watch_id: result.watch_id, job_id: job.id, creator: result.creator };
    return [
      { type: 'creator.new_posts', data: { ...base, posts: result.posts } },
      ...result.posts
        .filter((post: CreatorPostView) => post.outlier === true)
        .map((post: CreatorPostView) => ({
          type: 'creator.outlier_post' as const,
          data: { ...base, post },
        })),
    ];
  },
  docs: {
    summary: 'Run a watch now',
    description:
      `A niche watch runs a scan of its brief that delivers only reels it has not delivered: it holds ${formatUsd(PRICES.scanPerReel)} × the watch's \`limit\` and charges ${formatUsd(PRICES.scanPerReel)} per new reel (a run with nothing new is free). ` +
      `A creator watch reads the creator's profile and newest posts and answers \`{ watch_id, creator, snapshot, posts }\` with the posts new in this run: ${formatUsd(PRICES.creatorRun)} per successful run; a failed run is not charged. ` +
      'Answers like `POST /v1/scan`: at once, with `Prefer: wait=N`, or 202 with the job under `Prefer: respond-async`.',
  },
  service: CreatorRunService,
  work: (runs, { mode, body, signal, deadline }) => runs.run(mode, body, signal, deadline),
};

/** The stored body of either kind of watch's run. */
export type AnyWatchRunBody = WatchRunBody | CreatorRunBody;

/** The contract that runs this body: a creator watch's or a niche watch's run. */
export function runOperationOf(body: AnyWatchRunBody): AnyContract {
  return isCreatorRun(body) ? creatorRunOperation : watchRunOperation;
}
