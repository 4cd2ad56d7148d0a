import type { JsonSchema } from '../providers/llm.provider';

/**
 * The playbook document, version 2 (SPEC.md "Playbook document"): its TypeScript shape and the
 * strict JSON schema the model answers in. One shape for both: the model fills every field, our
 * validator checks it, and the timing anchor then replaces every timing with what we measured.
 */

export const PLAYBOOK_VERSION = 2;
/** Every playbook is full depth (SPEC.md playbook rule 1): the only tier there is. */
export const PLAYBOOK_TIER = 'full';

export const TRANSCRIPT_SOURCES = ['platform_captions', 'transcription', 'none'] as const;
export type TranscriptSource = (typeof TRANSCRIPT_SOURCES)[number];

/**
 * Where an overlay's text comes from. `platform_metadata` and `sandbox_spec`: known text with
 * its exact timing. `key_frame`: text the model read in a key frame; there is no OCR, so its
 * span is the span of the scene whose frame showed it (approximate, never invented).
 */
export const OVERLAY_SOURCES = ['platform_metadata', 'sandbox_spec', 'key_frame'] as const;
export type PlaybookOverlaySource = (typeof OVERLAY_SOURCES)[number];

export const RHYTHMS = ['fast', 'medium', 'slow'] as const;
export type Rhythm = (typeof RHYTHMS)[number];

export interface TimedLine {
  start: number;
  end: number;
  text: string;
}

export interface PlaybookScene {
  start: number;
  end: number;
  description: string;
}

export interface PlaybookOverlay {
  start: number;
  end: number;
  text: string;
  source: PlaybookOverlaySource;
}

export interface PlaybookScriptLine {
  /** Seconds from the start of the original video where this beat happens. */
  t: number;
  line: string;
}

export interface PlaybookDocument {
  version: typeof PLAYBOOK_VERSION;
  tier: typeof PLAYBOOK_TIER;
  overview: {
    summary: string;
    audience: string;
    analyzedSeconds: number;
    /** Full runtime; `null` when unknown. */
    durationSec: number | null;
    clipped: boolean;
  };
  hook: { text: string; why: string; start: number; end: number };
  transcript: {
    /** Language of the text as given (`en`, `zh-Hans`, …); `null` when unknown. */
    language: string | null;
    source: TranscriptSource;
    fullText: string;
    segments: TimedLine[];
  };
  scenes: PlaybookScene[];
  overlays: PlaybookOverlay[];
  pacing: {
    analyzedSeconds: number;
    sceneCount: number;
    averageSceneSec: number;
    cutsPerMinute: number;
    rhythm: Rhythm;
    notes: string;
  };
  format: { name: string; description: string; whyItWorks: string };
  playbook: {
    script: PlaybookScriptLine[];
    shotList: string[];
    setup: { camera: string; lighting: string; audio: string; props: string[] };
    editingGuide: { cutEverySec: number; captions: string; music: string; notes: string[] };
    caption: string;
    cta: string;
  };
  experiments: { idea: string; why: string }[];
  caveats: string[];
}

// --- the strict JSON schema (OpenAI structured outputs: every property required, no extras) ---

const string = { type: 'string' } as const;
const number = { type: 'number' } as const;
const strings = { type: 'array', items: string } as const;

function object(properties: Record<string, unknown>): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

const timedText = object({ start: number, end: number, text: string });

export const PLAYBOOK_DOCUMENT_SCHEMA: JsonSchema = object({
  version: { type: 'integer', enum: [PLAYBOOK_VERSION] },
  tier: { type: 'string', enum: [PLAYBOOK_TIER] },
  overview: object({
    summary: string,
    audience: string,
    analyzedSeconds: number,
    durationSec: { type: ['number', 'null'] },
    clipped: { type: 'boolean' },
  }),
  hook: object({ text: string, why: string, start: number, end: number }),
  transcript: object({
    language: { type: ['string', 'null'] },
    source: { type: 'string', enum: [...TRANSCRIPT_SOURCES] },
    fullText: string,
    segments: { type: 'array', items: timedText },
  }),
  scenes: {
    type: 'array',
    items: object({ start: number, end: number, description: string }),
  },
  overlays: {
    type: 'array',
    items: object({
      start: number,
      end: number,
      text: string,
      source: { type: 'string', enum: [...OVERLAY_SOURCES] },
    }),
  },
  pacing: object({
    analyzedSeconds: number,
    sceneCount: { type: 'integer' },
    averageSceneSec: number,
    cutsPerMinute: number,
    rhythm: { type: 'string', enum: [...RHYTHMS] },
    notes: string,
  }),
  format: object({ name: string, description: string, whyItWorks: string }),
  playbook: object({
    script: { type: 'array', items: object({ t: number, line: string }) },
    shotList: strings,
    setup: object({ camera: string, lighting: string, audio: string, props: strings }),
    editingGuide: object({ cutEverySec: number, captions: string, music: string, notes: strings }),
    caption: string,
    cta: string,
  }),
  experiments: { type: 'array', items: object({ idea: string, why: string }) },
  caveats: strings,
});

/** Cut rhythm from the average scene length: under 2.5 s fast, up to 5 s medium, else slow. */
export function rhythmFor(averageSceneSec: number): Rhythm {
  return averageSceneSec < 2.5 ? 'fast' : averageSceneSec <= 5 ? 'medium' : 'slow';
}
