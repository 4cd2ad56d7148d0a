import type { Language } from '@reelscout/domain';
import { toLanguageScript } from './chinese-script';
import {
  rhythmFor,
  type PlaybookDocument,
  type PlaybookOverlay,
  type PlaybookScene,
  type TimedLine,
  type TranscriptSource,
} from './playbook.document';

/**
 * Timing anchoring: the model describes, it does not time. Every timing in the final document
 * comes from what we measured in the video, whatever the model wrote:
 *
 * - **scenes**: our scene cuts (ffmpeg scene detection) give `start`/`end`; each of our scenes
 *   takes the description of the model's scene that overlaps it most.
 * - **transcript**: our track (the platform's captions, or the transcription), clipped to the
 *   analyzed span; the model's copy is discarded.
 * - **overlays**: known text (platform metadata, sandbox spec) keeps its exact timing; text the
 *   model read in a key frame gets the span of the scene its midpoint falls in (no OCR: the
 *   frame proves the text is on screen in that scene, nothing finer). Model text that repeats
 *   known text (ignoring case, punctuation and Simplified/Traditional script) is dropped.
 * - **script**: each beat's `t` is clamped into the span and snapped to the nearest measured
 *   event (a cut, a spoken line, an overlay) within `SCRIPT_SNAP_WINDOW_SEC`; beats are ordered.
 * - **hook**: from 0 to the end of the opening line or on-screen text (else the first scene).
 * - **pacing**, `editingGuide.cutEverySec`, `overview` coverage: measured numbers.
 */

export interface MeasuredVideo {
  /** min(duration, 120): the span [0, analyzedSeconds] the document may describe. */
  analyzedSeconds: number;
  /** Full runtime, `null` when unknown. */
  durationSec: number | null;
  clipped: boolean;
  /** Contiguous, in order, covering [0, analyzedSeconds]. */
  scenes: { start: number; end: number }[];
  cutsPerMinute: number;
  transcript: { language: string | null; source: TranscriptSource; segments: TimedLine[] };
  /** Known on-screen text with its timing (OCR readings, when a detector exists, are `key_frame`). */
  overlays: PlaybookOverlay[];
}

/** A script beat this close to a measured event moves onto it. */
export const SCRIPT_SNAP_WINDOW_SEC = 1;
/** Spoken lines starting this early belong to the hook. */
export const HOOK_SPEECH_WINDOW_SEC = 3;
/** On-screen text starting this early belongs to the hook. */
export const HOOK_TEXT_WINDOW_SEC = 1;

const COVERAGE_NOTE: Record<Language, (analyzed: number, total: number) => string> = {
  en: (analyzed, total) =>
    `Only the first ${analyzed} s of this ${total}-second video were analyzed; nothing after ${analyzed} s is described.`,
  'zh-Hans': (analyzed, total) =>
    `这条视频长${total}秒，只分析了前${analyzed}秒；${analyzed}秒之后的内容没有描述。`,
  'zh-Hant': (analyzed, total) =>
    `這支影片長${total}秒，只分析了前${analyzed}秒；${analyzed}秒之後的內容沒有描述。`,
};

export function anchorPlaybook(
  doc: PlaybookDocument,
  measured: MeasuredVideo,
  language: Language,
): PlaybookDocument {
  const span = measured.analyzedSeconds;
  const scenes = anchorScenes(measured.scenes, doc.scenes, span);
  const segments = clipToSpan(measured.transcript.segments, span).map(({ start, end, text }) => ({
    start,
    end,
    text,
  }));
  const known = clipToSpan(measured.overlays, span).map(({ start, end, text, source }) => ({
    start,
    end,
    text,
    source,
  }));
  const overlays = anchorOverlays(known, doc.overlays, scenes);
  const averageSceneSec = round2(span / scenes.length);

  const events = [
    ...scenes.map((scene) => scene.start),
    ...segments.map((segment) => segment.start),
    ...known.map((overlay) => overlay.start),
  ];
  const script = doc.playbook.script
    .map((beat) => ({ t: snap(beat.t, events, span), line: beat.line }))
    .sort((a, b) => a.t - b.t);

  const caveats = [...doc.caveats];
  if (measured.clipped && measured.durationSec !== null) {
    caveats.push(COVERAGE_NOTE[language](round1(span), Math.round(measured.durationSec)));
  }

  return {
    ...doc,
    overview: {
      ...doc.overview,
      analyzedSeconds: span,
      durationSec: measured.durationSec,
      clipped: measured.clipped,
    },
    hook: { ...doc.hook, start: 0, end: hookEnd(segments, known, scenes, span) },
    transcript: {
      language: measured.transcript.language,
      source: measured.transcript.source,
      fullText: joinLines(segments.map((segment) => segment.text)),
      segments,
    },
    scenes,
    overlays,
    pacing: {
      ...doc.pacing,
      analyzedSeconds: span,
      sceneCount: scenes.length,
      averageSceneSec,
      cutsPerMinute: measured.cutsPerMinute,
      rhythm: rhythmFor(averageSceneSec),
    },
    playbook: {
      ...doc.playbook,
      script,
      editingGuide: { ...doc.playbook.editingGuide, cutEverySec: averageSceneSec },
    },
    caveats,
  };
}

/** Our scene spans, each with the description of the model's scene that overlaps it most. */
export function anchorScenes(
  measured: { start: number; end: number }[],
  described: PlaybookScene[],
  span: number,
): PlaybookScene[] {
  const spans = clipToSpan(
    measured.map((scene) => ({ ...scene, text: '' })),
    span,
  );
  const bounds = spans.length > 0 ? spans : [{ start: 0, end: span, text: '' }];
  return bounds.map(({ start, end }) => {
    let best: PlaybookScene | undefined;
    let bestOverlap = -Infinity;
    for (const candidate of described) {
      // Negative when they do not overlap: then the nearest one wins.
      const overlap = Math.min(end, candidate.end) - Math.max(start, candidate.start);
      if (overlap > bestOverlap) {
        best = candidate;
        bestOverlap = overlap;
      }
    }
    return { start, end, description: best?.description ?? '' };
  });
}

/** Known overlays as measured; text read from key frames spans the scene it was seen in. */
export function anchorOverlays(
  known: PlaybookOverlay[],
  described: PlaybookOverlay[],
  scenes: PlaybookScene[],
): PlaybookOverlay[] {
  const knownTexts = known.map((overlay) => normalise(overlay.text));
  const out: PlaybookOverlay[] = [...known];
  const seen = new Set(known.map((overlay) => `${normalise(overlay.text)}|${overlay.start}`));
  for (const overlay of described) {
    const text = normalise(overlay.text);
    if (!text || knownTexts.some((k) => k.includes(text) || text.includes(k))) continue;
    const middle = (overlay.start + overlay.end) / 2;
    const scene =
      scenes.find((candidate) => middle >= candidate.start && middle < candidate.end) ??
      scenes[scenes.length - 1];
    const identity = `${text}|${scene.start}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    out.push({ start: scene.start, end: scene.end, text: overlay.text, source: 'key_frame' });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Clamps into [0, span] and moves onto the nearest event within the snap window. */
export function snap(t: number, events: number[], span: number): number {
  const clamped = Math.min(span, Math.max(0, t));
  let best = clamped;
  let distance = SCRIPT_SNAP_WINDOW_SEC;
  for (const event of events) {
    const d = Math.abs(event - clamped);
    if (d <= distance && event >= 0 && event <= span) {
      best = event;
      distance = d;
    }
  }
  return round3(best);
}

/** Lines starting inside the span, their ends clipped to it; empty spans dropped; in order. */
export function clipToSpan<T extends TimedLine>(lines: T[], span: number): T[] {
  return lines
    .filter((line) => Number.isFinite(line.start) && Number.isFinite(line.end))
    .filter((line) => line.start < span && line.end > Math.max(0, line.start))
    .map((line) => ({
      ...line,
      start: round3(Math.max(0, line.start)),
      end: round3(Math.min(span, line.end)),
    }))
    .filter((line) => line.end > line.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

function hookEnd(
  segments: TimedLine[],
  overlays: PlaybookOverlay[],
  scenes: PlaybookScene[],
  span: number,
): number {
  const ends = [
    ...overlays.filter((o) => o.start < HOOK_TEXT_WINDOW_SEC).map((o) => o.end),
    ...segments
      .filter((s) => s.start < HOOK_SPEECH_WINDOW_SEC)
      .slice(0, 1)
      .map((s) => s.end),
  ];
  const end = ends.length > 0 ? Math.max(...ends) : scenes[0].end;
  return round3(Math.min(span, end));
}

/** Joins lines with a space, but not between Chinese (or Japanese) text. */
export function joinLines(lines: string[]): string {
  let out = '';
  for (const line of lines) {
    const text = line.trim();
    if (!text) continue;
    const tight = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]$/u.test(out);
    out += out === '' || (tight && /^[\p{Script=Han}]/u.test(text)) ? text : ` ${text}`;
  }
  return out;
}

/** For comparing texts: lower case, Simplified script, letters and digits only. */
function normalise(text: string): string {
  return toLanguageScript(text.toLowerCase(), 'zh-Hans').replace(/[^\p{L}\p{N}]+/gu, '');
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
