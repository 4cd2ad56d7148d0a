import { Inject, Injectable, Optional } from '@nestjs/common';
import type { KeyFrame } from './video-analyzer';

/**
 * On-screen text candidates. ffmpeg has no OCR and none is bundled, so the text we report is
 * what we can know honestly: overlay/sticker/caption text the platform's metadata carries (or,
 * in test mode, the sandbox spec's overlays), with its timing when known. An OCR engine can be
 * plugged in behind `OVERLAY_TEXT_DETECTOR`; nothing pretends to read pixels until one is.
 */

export type OverlaySource = 'platform_metadata' | 'sandbox_spec' | 'ocr';

export interface OverlayCandidate {
  start: number;
  end: number;
  text: string;
  source: OverlaySource;
  /** False when the source gave no timing and the span is the whole analyzed range. */
  timed: boolean;
  /** 0..1 for detected text; `null` for metadata (it is the platform's own record). */
  confidence: number | null;
}

/** Known overlay text as a provider or the sandbox reports it; timing optional. */
export interface KnownOverlay {
  text: string;
  start?: number | null;
  end?: number | null;
}

/** A pluggable on-screen text reader (e.g. an OCR service) working on the key frames. */
export interface OverlayTextDetector {
  readonly name: string;
  detect(input: {
    keyFrames: KeyFrame[];
    analyzedSeconds: number;
    signal?: AbortSignal;
  }): Promise<{ start: number; end: number; text: string; confidence: number }[]>;
}

export const OVERLAY_TEXT_DETECTOR = Symbol('OVERLAY_TEXT_DETECTOR');

export interface OverlayCandidatesInput {
  analyzedSeconds: number;
  known?: KnownOverlay[];
  /** Where `known` came from. */
  source?: Exclude<OverlaySource, 'ocr'>;
}

/**
 * Normalises known overlay text into candidates inside [0, analyzedSeconds]: blank texts and
 * spans starting at or after the clip end are dropped, ends are clipped, untimed text spans the
 * whole clip, duplicates (same text and span) are merged, and the result is ordered by start.
 */
export function overlayCandidates(input: OverlayCandidatesInput): OverlayCandidate[] {
  const limit = Math.max(0, input.analyzedSeconds);
  const source = input.source ?? 'platform_metadata';
  const seen = new Set<string>();
  const out: OverlayCandidate[] = [];
  for (const item of input.known ?? []) {
    const text = (item.text ?? '').replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const timed = isTime(item.start) || isTime(item.end);
    const start = clamp(isTime(item.start) ? item.start : 0, 0, limit);
    const end = clamp(isTime(item.end) ? item.end : limit, 0, limit);
    if (timed && (start >= limit || end <= start)) continue;
    if (!timed && limit <= 0) continue;
    const candidate: OverlayCandidate = {
      start: round3(start),
      end: round3(end),
      text,
      source,
      timed,
      confidence: null,
    };
    const identity = `${candidate.start}|${candidate.end}|${text}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    out.push(candidate);
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Combines known overlay text with a detector's readings when one is configured. Without a
 * detector (the default) the answer is exactly the known text.
 */
@Injectable()
export class OverlayTextService {
  constructor(
    @Optional()
    @Inject(OVERLAY_TEXT_DETECTOR)
    private readonly detector: OverlayTextDetector | null = null,
  ) {}

  /** Whether anything reads text from the pixels (false: metadata only). */
  get detects(): boolean {
    return this.detector !== null;
  }

  async candidates(
    input: OverlayCandidatesInput & { keyFrames?: KeyFrame[]; signal?: AbortSignal },
  ): Promise<OverlayCandidate[]> {
    const known = overlayCandidates(input);
    if (!this.detector || !input.keyFrames?.length) return known;
    const detected = await this.detector.detect({
      keyFrames: input.keyFrames,
      analyzedSeconds: input.analyzedSeconds,
      signal: input.signal,
    });
    const knownTexts = new Set(known.map((candidate) => candidate.text.toLowerCase()));
    const extra = overlayCandidates({
      analyzedSeconds: input.analyzedSeconds,
      known: detected.filter((item) => !knownTexts.has(item.text.trim().toLowerCase())),
    }).map((candidate) => {
      const match = detected.find((item) => item.text.trim() === candidate.text);
      return { ...candidate, source: 'ocr' as const, confidence: match?.confidence ?? null };
    });
    return [...known, ...extra].sort((a, b) => a.start - b.start || a.end - b.end);
  }
}

function isTime(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
