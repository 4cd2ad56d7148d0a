import type { ToolName } from './schemas';

/** Titles shown by MCP clients. */
export const TOOL_TITLES: Record<ToolName, string> = {
  assist: 'Ask the short-video research assistant',
  scan: 'Find reels that work in a niche',
  playbook: 'Turn one reel into a shoot-ready playbook',
  music: 'Suggest sounds for a video',
  get_trends: 'Which sounds or hashtags are new, rising, steady or fading',
  get_job: 'Get a Reelscout job',
  get_balance: 'Get the Reelscout credit balance',
  create_watch: 'Watch a niche: a scan that reruns on a schedule',
  list_watches: 'List Reelscout watches',
  run_watch: 'Run a watch now: only reels it has not delivered',
  get_usage: 'Get Reelscout usage by day or hour, per operation, customer or key',
  track_creator: 'Track a creator: followers and breakout posts',
  get_creator_report: 'Report on a tracked creator',
};

const COST =
  "Cost is charged to the API key's credit: an `rs_test_` key uses free test credit and answers from a deterministic sandbox (sample data, fine for trying things out); an `rs_live_` key uses bought credit and live data. Errors are never charged.";

const NETWORKS =
  '`network_a` is the short-video network used everywhere except mainland China; `network_b` is the one used in mainland China.';

/** Written for a model: what the tool does, when to use it, what it costs, how long it takes. */
export const TOOL_DESCRIPTIONS: Record<ToolName, string> = {
  assist: [
    "Chat with Reelscout's research assistant about short-form video (TikTok-style reels): what formats work, how to approach a niche, what to look for.",
    'Use it for open questions or to turn a vague idea into a concrete search; its answer may include a `query` to pass to `scan`. For actual data (reels, plays, hooks, sounds) use `scan`, `playbook` or `music`.',
    'Pass earlier turns in `history` (roles `user` and `agent`) to keep a conversation going.',
    `Costs 0.01 USD per answer and takes a few seconds. ${COST}`,
  ].join('\n\n'),
  scan: [
    'Search short-video networks for reels that perform well for a brief: a niche ("home espresso tips"), a product description, or competitors named by @handle. Returns up to `limit` reels (default and maximum 20) with play, like, comment and share counts, captions, links and a relevance note, plus the queries searched. Each reel also has `outlier` (its views against its author\'s follower count: `multiple`, `score` and a band from `exceptional` to `ordinary`; null when the follower count is unknown); `sort: "outlier"` puts the breakouts from small accounts first.',
    `Use it first, to find what already works; then call \`playbook\` on the most promising reel URL. ${NETWORKS} \`market\` picks the network; \`auto\` (default) infers it from the brief's language and places (Simplified Chinese or a mainland place → network_b).`,
    `Costs 0.0075 USD per reel delivered (at most 0.15 USD for 20; nothing when no reel is found). Takes about 10–60 seconds; with a progress token the tool reports progress. ${COST}`,
  ].join('\n\n'),
  playbook: [
    'Analyze one short video (its frames, transcript and on-screen text) and write a shoot-ready playbook: the hook and why it works, scenes, overlays, pacing, format, a script and setup to recreate it, experiments to try and caveats.',
    'Use it on one reel URL, typically from `scan`. Accepts network_a and network_b video links (including short share links or a pasted share text), Instagram reels and YouTube shorts. `language` is `en`, `zh-Hans` or `zh-Hant` (default: zh-Hans for network_b videos, en otherwise).',
    `Costs 0.20 USD per playbook. Takes up to a few minutes (it downloads and analyzes the video); with a progress token the tool runs as a job and reports progress. ${COST}`,
  ].join('\n\n'),
  music: [
    'Suggest trending sounds that fit one short video, best first: for each, title, author, preview and network links, trend data, whether it is in the commercial library, a fit score and why it fits.',
    `Use it when planning a video, on a reel URL (network_a, network_b, Instagram reel or YouTube short). Sounds come from the video's network's catalogue (${NETWORKS}). Set \`requireCommercial\` for brand posts (only tracks cleared for commercial use).`,
    `Costs 0.25 USD per call whatever \`limit\` (nothing when no sound fits). Takes up to a few minutes (it listens to the video and the candidate sounds); with a progress token the tool runs as a job and reports progress. ${COST}`,
  ].join('\n\n'),
  get_trends: [
    "List a network's sounds or hashtags (`kind`, `market`) labelled `new`, `rising`, `steady` or `fading` from the daily history Reelscout keeps; each item carries that `history` (one point per day for `2 × window` days) and the figures its label was judged from: `current` and `previous` (sums of the last and the earlier `window` days, a missing day counted as 0) and `growth` = current / previous rounded to 2 decimals (rising ≥ 1.5, fading ≤ 0.67, new when previous is 0).",
    `Use it to time content: rank by growth, not volume (\`sort: "growth"\`, the default, puts new items first). Filter with \`stage\` (any of), \`window\` (7 or 30 days) and, for sounds, \`commercialOnly\`. ${NETWORKS}`,
    `Costs 0.05 USD per list whatever \`limit\` (nothing when no item matches); answers in about a second. ${COST}`,
  ].join('\n\n'),
  get_job: [
    'Get a Reelscout job by id (`job_…`): its status (`queued`, `running`, `succeeded`, `failed`, `canceled`), progress (0–1), and once it ended its `result` (the same body the tool returns) or `error`, and what it cost.',
    'Use it when a `scan`, `playbook` or `music` call reported a job id that was still running (for example after a timeout), to fetch its result later. Free; results are kept 24 hours.',
  ].join('\n\n'),
  get_balance: [
    "Get the credit balance of the API key's account in the key's mode (test credit for `rs_test_` keys, bought credit for `rs_live_`): `balance_usd`, and `available_usd` (the balance less what running calls hold).",
    'Use it before expensive calls or after an `insufficient_credit` error. Free.',
  ].join('\n\n'),
  create_watch: [
    "Save a scan brief (same `query`, `market`, `limit`, `sort` as `scan`) that reruns every hour or every day (`interval`) and delivers only reels it has not delivered before, optionally only those with an outlier score of at least `min_outlier_score`. New reels arrive as `watch.new_reels` webhooks to endpoints subscribed to it, and in each run's job.",
    `Free to create; each run costs 0.0075 USD per new reel it delivers (nothing when there is nothing new); a run that cannot pay pauses the watch. ${COST}`,
  ].join('\n\n'),
  list_watches: [
    "List the watches of the API key's account and mode, newest first: each with its brief, interval, status, next run and last run (new reels, charge). Page with `limit` and `starting_after`.",
    'Free.',
  ].join('\n\n'),
  run_watch: [
    'Run a watch now (by `id`). A niche watch scans its brief and returns only reels this watch has not delivered before, in the same shape as `scan`; an empty `reels` means nothing new. A creator watch (from `track_creator`) returns `{ watch_id, creator, snapshot, posts }`: a follower snapshot and the posts new since its last run.',
    `A niche watch's run costs 0.0075 USD per new reel (nothing when nothing is new) and takes about as long as \`scan\`; a creator watch's run costs 0.02 USD and takes seconds. ${COST}`,
  ].join('\n\n'),
  track_creator: [
    "Track one creator (a competitor, an account you follow) on a schedule: `creator` is a profile link (https://www.tiktok.com/@handle, https://www.douyin.com/user/…) or an @handle with `market`; `interval` is `hourly` or `daily`. Each run records a follower snapshot (with the change since the last) and every post not seen before, with its plays as a multiple of the creator's median (`multipleOfMedian`) and `outlier` when that reaches `outlier_multiple` (default 2). New posts and outliers also arrive as `creator.new_posts` and `creator.outlier_post` webhooks.",
    `An unknown or private creator is a not_found error. Free to create; each run costs 0.02 USD; a run that cannot pay pauses the watch. Use \`get_creator_report\` to read what the runs found and \`run_watch\` to run it now. ${COST}`,
  ].join('\n\n'),
  get_creator_report: [
    "Report on a creator watch (by `id`, from `track_creator` or `list_watches`): the watch, its follower snapshots (oldest first, up to 100; `days` keeps only the last so many days) and the creator's most recent posts (newest first, up to `limit`, default 20), each with `multipleOfMedian` and `outlier`.",
    'Use it to see how a creator is growing and which of their posts broke out. Free.',
  ].join('\n\n'),
  get_usage: [
    "Get the API key's usage in its mode, in UTC day or hour buckets (`granularity`) between `from` and `to` (ISO 8601; default the last 30 days): calls, charged calls, `charged_usd` and refused calls per bucket, optionally per `operation`, `subject` (the end customer sent as `x-subject`) and `key` (`group_by`, any of them), filtered by `operation`, `subject` or `key_id`. A key restricted to some operations sees only its own key line's usage.",
    'Use it to answer "how much did customer X cost this week" or to bill end customers. Free. Page with `cursor` (the previous `next_cursor`).',
  ].join('\n\n'),
};
