/**
 * Pure helpers behind the playground's result views: sorting reels, the number formats they use,
 * the playbook's timeline and transcript sync, its Markdown, and the music view's bars and
 * sparkline.
 */
import type { NumberFormatOptions } from 'next-intl';
import type { PlaygroundTexts } from './playground';
import type {
  OutlierBand,
  PlaybookResult,
  ScanReel,
  SoundSuggestion,
  SoundTrend,
  TimedText,
} from './playground-types';

// ---------- scan ----------

export type ReelSort = 'traction' | 'outlier' | 'relevance';

/** A reel with its place in the result: the media routes address reels by that index. */
export interface IndexedReel {
  index: number;
  reel: ScanReel;
}

/**
 * Traction: views, then likes (the API's own order). Outlier: score, reels without one last, then
 * traction. Relevance: score, reels without one last, then traction. Stable: equal reels keep the
 * result's order.
 */
export function sortReels(reels: readonly ScanReel[], by: ReelSort): IndexedReel[] {
  const traction = (a: IndexedReel, b: IndexedReel) =>
    b.reel.playCount - a.reel.playCount || b.reel.likeCount - a.reel.likeCount;
  const indexed = reels.map((reel, index) => ({ index, reel }));
  const key = (item: IndexedReel): number | null =>
    by === 'outlier' ? (item.reel.outlier?.score ?? null) : (item.reel.relevance?.score ?? null);
  const compare =
    by === 'traction'
      ? traction
      : (a: IndexedReel, b: IndexedReel) => descNullsLast(key(a), key(b)) || traction(a, b);
  return indexed.sort((a, b) => compare(a, b) || a.index - b.index);
}

/** Highest first, a missing value after every present one (outlier scores can be negative). */
function descNullsLast(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return b - a;
}

/** The badge style of each outlier band: the stronger the breakout, the louder the colour. */
export const OUTLIER_BADGE: Record<OutlierBand, string> = {
  exceptional: 'badge-ok',
  very_strong: 'badge-ok',
  strong: 'badge-test',
  promising: 'badge-warn',
  ordinary: 'badge-neutral',
};

/** Counts as `1.2M` (`123.5万`): `useFormatter().number(value, COMPACT_NUMBER)`. */
export const COMPACT_NUMBER: NumberFormatOptions = {
  notation: 'compact',
  maximumFractionDigits: 1,
};

// ---------- playbook ----------

/** `75.4` → `1:15`. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The transcript segment playing at `time`, or -1 between segments. */
export function activeSegment(segments: readonly TimedText[], time: number): number {
  return segments.findIndex((segment) => time >= segment.start && time < segment.end);
}

/** The span the timeline draws: what was analysed, else the last scene's end. */
export function timelineSeconds(result: PlaybookResult): number {
  const ends = result.playbook.scenes.map((scene) => scene.end);
  const span = result.analyzedSeconds ?? result.playbook.overview.analyzedSeconds;
  return Math.max(span || 0, ...ends, 0.001);
}

/** Where a span sits on the timeline, in percent of it (clamped to the timeline). */
export function spanPercent(
  start: number,
  end: number,
  total: number,
): { left: number; width: number } {
  const clamp = (value: number) => Math.min(100, Math.max(0, (value / total) * 100));
  const left = clamp(start);
  return { left, width: Math.max(0, clamp(end) - left) };
}

/**
 * Text from a caption or the model, safe inside one Markdown line: line breaks become spaces
 * (a multi-line caption would end a heading or a quote), Markdown marks are escaped, and `<` is
 * an entity so no renderer takes it for HTML.
 */
const mdEscape = (text: string) =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/([\\`*_[\]#|])/g, '\\$1')
    .replace(/</g, '&lt;');

/** The playbook as a Markdown document (the reader's own notes, a doc or a ticket). */
export function playbookMarkdown(result: PlaybookResult, t: PlaygroundTexts): string {
  const doc = result.playbook;
  const plan = doc.playbook;
  const lines: string[] = [];
  const item = (label: string, value: string) => `- ${t('labelled', { label, value })}`;
  const title = result.reel.caption?.trim() || t('markdown.untitled');
  lines.push(`# ${t('markdown.title', { caption: mdEscape(title) })}`, '');
  lines.push(t('labelled', { label: t('markdown.source'), value: result.reel.url }), '');
  lines.push(`## ${t('markdown.hook')}`, '', `> ${mdEscape(doc.hook.text)}`, '');
  lines.push(mdEscape(doc.hook.why), '');
  lines.push(`## ${t('markdown.scenes')}`, '');
  doc.scenes.forEach((scene, i) =>
    lines.push(
      `${i + 1}. **${clock(scene.start)}–${clock(scene.end)}** ${mdEscape(scene.description)}`,
    ),
  );
  lines.push('');
  if (doc.transcript.segments.length) {
    lines.push(`## ${t('markdown.transcript')}`, '');
    for (const segment of doc.transcript.segments)
      lines.push(`- \`${clock(segment.start)}\` ${mdEscape(segment.text)}`);
    lines.push('');
  }
  lines.push(`## ${t('markdown.script')}`, '');
  for (const beat of plan.script) lines.push(`- \`${clock(beat.t)}\` ${mdEscape(beat.line)}`);
  lines.push('', `## ${t('markdown.shotList')}`, '');
  plan.shotList.forEach((shot, i) => lines.push(`${i + 1}. ${mdEscape(shot)}`));
  lines.push('', `## ${t('markdown.setup')}`, '');
  const { camera, lighting, audio, props } = plan.setup;
  lines.push(item(t('playbook.camera'), mdEscape(camera)));
  lines.push(item(t('playbook.lighting'), mdEscape(lighting)));
  lines.push(item(t('playbook.audio'), mdEscape(audio)));
  if (props.length) lines.push(item(t('playbook.props'), props.map(mdEscape).join(', ')));
  const guide = plan.editingGuide;
  lines.push('', `## ${t('markdown.editing')}`, '');
  lines.push(`- ${t('playbook.cutEvery', { seconds: guide.cutEverySec })}`);
  lines.push(item(t('playbook.captions'), mdEscape(guide.captions)));
  lines.push(item(t('playbook.music'), mdEscape(guide.music)));
  for (const note of guide.notes) lines.push(`- ${mdEscape(note)}`);
  lines.push('', `## ${t('markdown.caption')}`, '', mdEscape(plan.caption), '');
  lines.push(`## ${t('markdown.cta')}`, '', mdEscape(plan.cta), '');
  if (doc.experiments.length) {
    lines.push(`## ${t('markdown.experiments')}`, '');
    for (const experiment of doc.experiments)
      lines.push(item(`**${mdEscape(experiment.idea)}**`, mdEscape(experiment.why)));
    lines.push('');
  }
  if (doc.caveats.length) {
    lines.push(`## ${t('markdown.caveats')}`, '');
    for (const caveat of doc.caveats) lines.push(`- ${mdEscape(caveat)}`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

// ---------- music ----------

export const FIT_PARTS = ['tempo', 'energy', 'mood', 'length'] as const;
export type FitPart = (typeof FIT_PARTS)[number];

/** 0..1 → a whole percentage (out-of-range values clamped). */
export function percent(value: number): number {
  return Math.round(Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)) * 100);
}

/** The fit's breakdown as bars, in the order the API weighs them; none when it has no parts. */
export function fitBars(fit: SoundSuggestion['fit']): { part: FitPart; percent: number }[] {
  const parts = fit.parts;
  if (!parts) return [];
  return FIT_PARTS.filter((part) => typeof parts[part] === 'number').map((part) => ({
    part,
    percent: percent(parts[part]),
  }));
}

/**
 * The values a sound's sparkline draws. With the usage history the result carries, that series;
 * without one, the two ends its growth reading implies (first quarter 1, last quarter 1+growth;
 * a rise from nothing 0 → 1; steady flat). Null when the trend has neither (nothing to draw).
 */
export function trendSeries(trend: SoundTrend): number[] | null {
  const history = (trend.history ?? [])
    .map((point) => point.value)
    .filter((value) => Number.isFinite(value));
  if (history.length >= 2) return history;
  if (trend.basis !== 'usage_history') return null;
  if (trend.growth === null) return trend.direction === 'rising' ? [0, 1] : [1, 1];
  return [1, Math.max(0, 1 + trend.growth)];
}

/** An SVG polyline's points for `values` in a `width` × `height` box (a flat line mid-height). */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = 2;
  const step = values.length > 1 ? (width - pad * 2) / (values.length - 1) : 0;
  const y = (value: number) =>
    max === min ? height / 2 : pad + (1 - (value - min) / (max - min)) * (height - pad * 2);
  const round = (n: number) => Math.round(n * 10) / 10;
  return values.map((value, i) => `${round(pad + i * step)},${round(y(value))}`).join(' ');
}

/** A trend's growth as `+35%` / `-50%`: `useFormatter().number(growth, GROWTH_PERCENT)`. */
export const GROWTH_PERCENT: NumberFormatOptions = {
  style: 'percent',
  signDisplay: 'exceptZero',
  maximumFractionDigits: 0,
};

/**
 * Rows for spans that may overlap (on-screen texts on the timeline): each span goes to the first
 * row whose last span has ended. Returns each span's row, in the input's order.
 */
export function assignLanes(spans: readonly { start: number; end: number }[]): number[] {
  const order = spans.map((_, i) => i).sort((a, b) => spans[a].start - spans[b].start || a - b);
  const laneEnds: number[] = [];
  const lanes = new Array<number>(spans.length).fill(0);
  for (const i of order) {
    const lane = laneEnds.findIndex((end) => end <= spans[i].start);
    const chosen = lane === -1 ? laneEnds.length : lane;
    laneEnds[chosen] = spans[i].end;
    lanes[i] = chosen;
  }
  return lanes;
}

/** A safe file name for a download: `playbook-network_b_7500….json`. */
export function downloadName(prefix: string, id: string, extension: string): string {
  return `${prefix}-${id.replace(/[^\w.-]+/g, '_')}.${extension}`;
}
