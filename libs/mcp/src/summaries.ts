/**
 * The short text each tool result carries beside its structured content: what a model (or a
 * person reading the transcript) needs at a glance. The structured content is the full body.
 */
import type { ToolName } from './schemas';

type Obj = Record<string, unknown>;

const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {};
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.map(obj) : []);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function clip(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** 1234567 → "1.2M", 12345 → "12.3K". */
export function compact(n: number | undefined): string {
  if (n === undefined) return '?';
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)}B`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}K`;
  return String(n);
}

const TOP = 5;

/** `, outlier exceptional (133.33× followers)`; nothing when the reel has no outlier score. */
function outlier(reel: Obj): string {
  const value = obj(reel.outlier);
  const band = str(value.band);
  if (!band) return '';
  return `, outlier ${band.replace('_', ' ')} (${num(value.multiple) ?? '?'}× followers)`;
}

function scan(body: Obj): string[] {
  const reels = list(body.reels);
  const lines = [
    `${reels.length} reel${reels.length === 1 ? '' : 's'} on ${str(body.market)} for "${str(body.niche)}"${body.degraded ? ' (degraded: fewer sources answered)' : ''}.`,
  ];
  reels.slice(0, TOP).forEach((reel, i) => {
    lines.push(
      `${i + 1}. @${str(reel.authorHandle)}: ${compact(num(reel.playCount))} views, ${compact(num(reel.likeCount))} likes${outlier(reel)}: "${clip(str(reel.caption), 70)}" ${str(reel.url)}`,
    );
  });
  if (reels.length > TOP) lines.push(`…and ${reels.length - TOP} more in the structured content.`);
  return lines;
}

function playbook(body: Obj): string[] {
  const reel = obj(body.reel);
  const doc = obj(body.playbook);
  const hook = obj(doc.hook);
  const overview = obj(doc.overview);
  const lines = [
    `Playbook (${str(body.language)}) for @${str(reel.authorHandle)} on ${str(reel.market)}, ${num(body.analyzedSeconds) ?? '?'} s analyzed: ${str(reel.url)}`,
  ];
  if (str(hook.text))
    lines.push(`Hook: "${clip(str(hook.text), 140)}": ${clip(str(hook.why), 160)}`);
  if (str(overview.summary)) lines.push(`Summary: ${clip(str(overview.summary), 240)}`);
  const experiments = list(doc.experiments).length;
  lines.push(
    `Scenes: ${list(doc.scenes).length}, experiments: ${experiments}; the full plan is in the structured content.`,
  );
  return lines;
}

function music(body: Obj): string[] {
  const suggestions = list(body.suggestions);
  const video = obj(body.video);
  const lines = [
    `${suggestions.length} sound${suggestions.length === 1 ? '' : 's'} from ${str(body.market)} for ${str(video.url)} (${num(body.considered) ?? '?'} considered), best first:`,
  ];
  suggestions.slice(0, TOP).forEach((s, i) => {
    const fit = obj(s.fit);
    const score = num(s.finalScore);
    lines.push(
      `${i + 1}. "${clip(str(s.title), 60)}" by ${clip(str(s.author), 40)} (score ${score === undefined ? '?' : score.toFixed(2)}${obj(s.commercial).clearedForBrandUse === true ? ', cleared for brand use' : ''}): ${clip(str(fit.why), 120)}`,
    );
  });
  const notes = Array.isArray(body.notes) ? body.notes : [];
  for (const note of notes.slice(0, 3)) {
    if (typeof note === 'string') lines.push(`Note: ${clip(note, 160)}`);
  }
  return lines;
}

function trends(body: Obj): string[] {
  const items = list(body.items);
  const lines = [
    `${items.length} ${str(body.kind)} on ${str(body.market)} as of ${str(body.asOf)} (${num(body.window) ?? '?'}-day window):`,
  ];
  items.slice(0, TOP).forEach((item, i) => {
    const growth = num(item.growth);
    const label = str(item.title) || str(item.name) || str(item.id);
    lines.push(
      `${i + 1}. ${clip(label, 60)}: ${str(item.stage)} (current ${num(item.current) ?? '?'}, previous ${num(item.previous) ?? '?'}${growth === undefined ? '' : `, growth ×${growth.toFixed(2)}`})`,
    );
  });
  const notes = Array.isArray(body.notes) ? body.notes : [];
  for (const note of notes.slice(0, 3)) {
    if (typeof note === 'string') lines.push(`Note: ${clip(note, 160)}`);
  }
  return lines;
}

function assist(body: Obj): string[] {
  const lines = [str(body.reply)];
  if (str(body.query)) lines.push(`Suggested scan query: "${str(body.query)}"`);
  return lines;
}

function job(body: Obj): string[] {
  const billing = obj(body.billing);
  const lines = [
    `Job ${str(body.id)} (${str(body.operation)}, ${body.livemode ? 'live' : 'test'}): ${str(body.status)}, progress ${Math.round((num(body.progress) ?? 0) * 100)}%.`,
  ];
  if (body.status === 'succeeded') {
    lines.push(
      body.result_purged
        ? 'Its result was purged (kept 24 h).'
        : 'Its result is in `result` of the structured content.',
    );
  }
  const error = obj(obj(body.error).error);
  if (str(error.code)) lines.push(`Error ${str(error.code)}: ${str(error.message)}`);
  if (str(billing.charged_usd)) lines.push(`Charged ${str(billing.charged_usd)} USD.`);
  return lines;
}

function balance(body: Obj): string[] {
  return [
    `${body.livemode ? 'Live' : 'Test'} credit: ${str(body.balance_usd)} USD, ${str(body.available_usd)} USD available for new calls.`,
  ];
}

function watchLine(watch: Obj): string {
  const last = obj(watch.last_run);
  const lastRun = str(last.job_id)
    ? `last run ${str(last.status)}${num(last.new_reels) !== undefined ? `, ${num(last.new_reels)} new` : ''}`
    : 'not run yet';
  const next = str(watch.next_run_at)
    ? `next ${str(watch.next_run_at)}`
    : str(watch.status_reason) || 'paused';
  return `Watch ${str(watch.id)} (${str(watch.interval)}, ${str(watch.status)}): "${clip(str(watch.query), 60)}"; ${lastRun}; ${next}.`;
}

function watches(body: Obj): string[] {
  const data = list(body.data);
  const lines = [
    `${data.length} watch${data.length === 1 ? '' : 'es'}${body.has_more ? ' (more with starting_after)' : ''}:`,
  ];
  for (const watch of data) lines.push(watchLine(watch));
  return lines;
}

function usage(body: Obj): string[] {
  const data = list(body.data);
  const lines = [
    `${data.length} usage bucket${data.length === 1 ? '' : 's'}${body.has_more ? ' (more with cursor)' : ''}:`,
  ];
  for (const b of data) {
    const group = ['operation', 'subject', 'key_id']
      .filter((k) => k in b)
      .map((k) => `${k} ${str(b[k]) || '(none)'}`)
      .join(', ');
    lines.push(
      `${str(b.start)}${group ? ` ${group}` : ''}: ${num(b.calls) ?? 0} calls, ${num(b.charged_calls) ?? 0} charged, ${str(b.charged_usd)} USD, ${num(b.refused_calls) ?? 0} refused.`,
    );
  }
  return lines;
}

/** One post of a creator: when, plays, and its multiple of the creator's median. */
function creatorPost(post: Obj): string {
  const multiple = num(post.multipleOfMedian);
  const verdict =
    multiple === undefined
      ? 'no median yet'
      : `${multiple}× median${post.outlier === true ? ', OUTLIER' : ''}`;
  return `- ${str(post.postedAt).slice(0, 10)} ${compact(num(post.playCount))} plays (${verdict}): "${clip(str(post.caption), 60)}" ${str(post.url)}`;
}

function snapshotLine(snapshot: Obj): string {
  const delta = num(snapshot.followersDelta);
  const change =
    delta === undefined
      ? ''
      : ` (${delta >= 0 ? '+' : ''}${compact(Math.abs(delta)) === '?' ? delta : delta})`;
  return `${compact(num(snapshot.followers))} followers${change}, ${compact(num(snapshot.videos))} videos at ${str(snapshot.at)}`;
}

function creatorRun(body: Obj): string[] {
  const creator = obj(body.creator);
  const posts = list(body.posts);
  return [
    `@${str(creator.handle)} (${str(creator.market)}): ${snapshotLine(obj(body.snapshot))}.`,
    posts.length === 0 ? 'No new posts.' : `${posts.length} new post(s):`,
    ...posts.slice(0, TOP).map(creatorPost),
  ];
}

function creatorReport(body: Obj): string[] {
  const watch = obj(body.watch);
  const creator = obj(watch.creator);
  const snapshots = list(body.snapshots);
  const posts = list(body.posts);
  const latest = snapshots[snapshots.length - 1];
  const outliers = posts.filter((post) => post.outlier === true);
  return [
    `@${str(creator.handle)} (${str(creator.market)}), watch ${str(watch.id)} (${str(watch.interval)}, ${str(watch.status)}).`,
    latest ? `Latest: ${snapshotLine(latest)}; ${snapshots.length} snapshot(s).` : 'Not run yet.',
    `${posts.length} recent post(s), ${outliers.length} outlier(s):`,
    ...posts.slice(0, TOP).map(creatorPost),
  ];
}

function watchRun(body: Obj): string[] {
  if (body.snapshot !== undefined) return creatorRun(body);
  const reels = list(body.reels);
  if (reels.length === 0) return [`Nothing new for watch ${str(body.watch_id)}.`];
  return [`New for watch ${str(body.watch_id)}:`, ...scan(body)];
}

/** The text of a successful tool result. */
export function summarize(
  tool: ToolName,
  body: Obj,
  billing: { chargedUsd?: string; balanceUsd?: string; jobId?: string },
): string {
  const lines = {
    assist,
    scan,
    playbook,
    music,
    get_trends: trends,
    get_job: job,
    get_balance: balance,
    create_watch: (watch: Obj) => [watchLine(watch)],
    list_watches: watches,
    run_watch: watchRun,
    get_usage: usage,
    track_creator: (watch: Obj) => [watchLine(watch)],
    get_creator_report: creatorReport,
  }[tool](body);
  const money = [
    billing.chargedUsd !== undefined ? `charged ${billing.chargedUsd} USD` : '',
    billing.balanceUsd !== undefined ? `balance ${billing.balanceUsd} USD` : '',
    billing.jobId ? `job ${billing.jobId}` : '',
  ].filter(Boolean);
  if (money.length) lines.push(`(${money.join(', ')})`);
  return lines.join('\n');
}
