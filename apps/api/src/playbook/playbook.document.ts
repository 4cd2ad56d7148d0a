import type { JsonSchema } from '../providers/llm.provider';

/**
 * The playbook document, version 2 (docs/playbook.md), defined once:
 * `PLAYBOOK_DOCUMENT` below is a JSON schema, and everything else derives from it:
 *
 * - `PlaybookDocument`, the TypeScript type (`FromSchema`);
 * - `PLAYBOOK_DOCUMENT_SCHEMA`, the strict schema the model answers in (`modelSchema`: every
 *   property required, no extras, only keywords OpenAI's strict structured outputs accept);
 * - `validatePlaybookDocument`, our check of the model's answer and of our final document: a
 *   walk of the same schema (`readSchema`, with the `check` rules the model is not sent), then
 *   the timing rules JSON Schema cannot state (`checkTimings`: inside the span, in order).
 *
 * The API's response DTO (dto/playbook.dto.ts) implements these types, and its spec checks that
 * the fields it documents are exactly this schema's.
 */

export const PLAYBOOK_VERSION = 2;
/** Every playbook is full depth (docs/playbook.md): the only tier there is. */
export const PLAYBOOK_TIER = 'full';

export const TRANSCRIPT_SOURCES = ['platform_captions', 'transcription', 'none'] as const;

/**
 * Where an overlay's text comes from. `platform_metadata` and `sandbox_spec`: known text with
 * its exact timing. `key_frame`: text the model read in a key frame; there is no OCR, so its
 * span is the span of the scene whose frame showed it (approximate, never invented).
 */
export const OVERLAY_SOURCES = ['platform_metadata', 'sandbox_spec', 'key_frame'] as const;

export const RHYTHMS = ['fast', 'medium', 'slow'] as const;

/** A time this close outside the span is rounding (120.04 for 120), not a claim about more video. */
export const TIME_EPSILON_SEC = 0.05;
/** Scenes may leave gaps or overlap each other (and the span's ends) by at most this much. */
export const SCENE_COVERAGE_TOLERANCE_SEC = 0.5;
export const MAX_TEXT_CHARS = 2_000;
/** Lists are capped (not refused) at these lengths, so one answer cannot balloon a response. */
export const LIST_LIMITS = {
  script: 120,
  shotList: 60,
  overlays: 100,
  experiments: 10,
  caveats: 12,
  props: 20,
  notes: 12,
} as const;

// --- the schema language: the JSON Schema subset strict mode accepts, plus our `check` rules ---

/** What we check beyond the model's schema; never sent to the model. */
interface Check {
  /** string: may be empty once trimmed (otherwise refused). */
  empty?: boolean;
  /** string: kept up to this many characters (default `MAX_TEXT_CHARS`), the rest cut. */
  maxChars?: number;
  /** array: fewer items are refused. */
  minItems?: number;
  /** array: only this many items are kept (and read); more are dropped, never refused. */
  keep?: number;
}

type Primitive = 'string' | 'number' | 'integer' | 'boolean';
type SchemaNode =
  | { type: Primitive | readonly [Primitive, 'null']; enum?: readonly (string | number)[] }
  | { type: 'array'; items: SchemaNode }
  | ObjectNode<Record<string, SchemaNode>>;
interface ObjectNode<P> {
  type: 'object';
  properties: P;
  required: readonly (keyof P & string)[];
  additionalProperties: false;
}
/** A node of the definition: a schema node, with our rules. */
type Node = SchemaNode & { check?: Check };

/** The TypeScript type of a value a schema node describes. */
export type FromSchema<N> = N extends { enum: readonly (infer V)[] }
  ? V
  : N extends { type: readonly [infer T, 'null'] }
    ? FromSchema<{ type: T }> | null
    : N extends { type: 'string' }
      ? string
      : N extends { type: 'number' | 'integer' }
        ? number
        : N extends { type: 'boolean' }
          ? boolean
          : N extends { type: 'array'; items: infer I }
            ? FromSchema<I>[]
            : N extends { type: 'object'; properties: infer P }
              ? { -readonly [K in keyof P]: FromSchema<P[K]> }
              : never;

function object<const P extends Record<string, Node>>(properties: P): ObjectNode<P> {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties) as (keyof P & string)[],
    additionalProperties: false,
  };
}

function list<const I extends Node>(items: I, check?: Check): { type: 'array'; items: I } {
  return { type: 'array', items, ...(check ? { check } : {}) };
}

function text(check?: Check): { type: 'string' } {
  return { type: 'string', ...(check ? { check } : {}) };
}

const string = text();
const number = { type: 'number' } as const;
/** Seconds from the start of the video; `checkTimings` keeps it inside the analyzed span. */
const seconds = number;
const strings = (check?: Check) => list(string, check);

// --- the definition ---------------------------------------------------------------------------

const timedLine = object({ start: seconds, end: seconds, text: string });

export const PLAYBOOK_DOCUMENT = object({
  version: { type: 'integer', enum: [PLAYBOOK_VERSION] },
  tier: { type: 'string', enum: [PLAYBOOK_TIER] },
  overview: object({
    summary: string,
    audience: string,
    analyzedSeconds: number,
    /** Full runtime; `null` when unknown. */
    durationSec: { type: ['number', 'null'] },
    clipped: { type: 'boolean' },
  }),
  hook: object({ text: string, why: string, start: seconds, end: seconds }),
  transcript: object({
    /** Language of the text as given (`en`, `zh-Hans`, …); `null` when unknown. */
    language: { type: ['string', 'null'], check: { empty: true } },
    source: { type: 'string', enum: TRANSCRIPT_SOURCES },
    fullText: text({ empty: true, maxChars: 20_000 }),
    segments: list(timedLine),
  }),
  scenes: list(object({ start: seconds, end: seconds, description: string }), { minItems: 1 }),
  overlays: list(
    object({
      start: seconds,
      end: seconds,
      text: string,
      source: { type: 'string', enum: OVERLAY_SOURCES },
    }),
    { keep: LIST_LIMITS.overlays },
  ),
  pacing: object({
    analyzedSeconds: number,
    sceneCount: { type: 'integer' },
    averageSceneSec: number,
    cutsPerMinute: number,
    rhythm: { type: 'string', enum: RHYTHMS },
    notes: text({ empty: true }),
  }),
  format: object({ name: string, description: string, whyItWorks: text({ empty: true }) }),
  playbook: object({
    /** `t`: seconds from the start of the original video where this beat happens. */
    script: list(object({ t: seconds, line: string }), { minItems: 1, keep: LIST_LIMITS.script }),
    shotList: strings({ minItems: 1, keep: LIST_LIMITS.shotList }),
    setup: object({
      camera: string,
      lighting: string,
      audio: string,
      props: strings({ keep: LIST_LIMITS.props }),
    }),
    editingGuide: object({
      cutEverySec: number,
      captions: string,
      music: string,
      notes: strings({ keep: LIST_LIMITS.notes }),
    }),
    caption: string,
    cta: string,
  }),
  experiments: list(object({ idea: string, why: string }), {
    minItems: 1,
    keep: LIST_LIMITS.experiments,
  }),
  caveats: strings({ keep: LIST_LIMITS.caveats }),
});

export type PlaybookDocument = FromSchema<typeof PLAYBOOK_DOCUMENT>;
// Its parts, by name:
export type PlaybookOverview = PlaybookDocument['overview'];
export type PlaybookHook = PlaybookDocument['hook'];
export type PlaybookTranscript = PlaybookDocument['transcript'];
export type TranscriptSource = PlaybookTranscript['source'];
export type TimedLine = PlaybookTranscript['segments'][number];
export type PlaybookScene = PlaybookDocument['scenes'][number];
export type PlaybookOverlay = PlaybookDocument['overlays'][number];
export type PlaybookOverlaySource = PlaybookOverlay['source'];
export type PlaybookPacing = PlaybookDocument['pacing'];
export type Rhythm = PlaybookPacing['rhythm'];
export type PlaybookFormat = PlaybookDocument['format'];
export type PlaybookPlan = PlaybookDocument['playbook'];
export type PlaybookScriptLine = PlaybookPlan['script'][number];
export type PlaybookSetup = PlaybookPlan['setup'];
export type PlaybookEditingGuide = PlaybookPlan['editingGuide'];
export type PlaybookExperiment = PlaybookDocument['experiments'][number];

/** The schema node's keywords OpenAI's strict mode accepts, in the order we send them. */
const MODEL_KEYWORDS = ['type', 'enum', 'properties', 'required', 'additionalProperties', 'items'];

/** The schema the model is sent: the definition without our `check` rules. */
export function modelSchema(node: Node): JsonSchema {
  const out: JsonSchema = {};
  for (const keyword of MODEL_KEYWORDS) {
    if (!(keyword in node)) continue;
    const value = (node as Record<string, unknown>)[keyword];
    out[keyword] =
      keyword === 'items'
        ? modelSchema(value as Node)
        : keyword === 'properties'
          ? Object.fromEntries(
              Object.entries(value as Record<string, Node>).map(([k, v]) => [k, modelSchema(v)]),
            )
          : Array.isArray(value)
            ? [...(value as unknown[])]
            : value;
  }
  return out;
}

/** The strict JSON schema of the model's answer (OpenAI structured outputs). */
export const PLAYBOOK_DOCUMENT_SCHEMA: JsonSchema = modelSchema(PLAYBOOK_DOCUMENT);

// --- validation ----------------------------------------------------------------------------------

export class PlaybookDocumentError extends Error {
  override readonly name = 'PlaybookDocumentError';
}

export interface PlaybookValidationOptions {
  /** The span the document may describe: [0, analyzedSeconds]. */
  analyzedSeconds: number;
}

/**
 * Our own check of a version-2 playbook document (the model's answer, and our final document):
 * the schema (`readSchema`), then the timings (`checkTimings`). Throws `PlaybookDocumentError`
 * naming the first problem (the model is asked once more with it); returns a normalised copy:
 * strings trimmed and capped, lists capped, times rounded to milliseconds and snapped into the
 * span when they overshoot it by rounding only, unknown fields dropped.
 */
export function validatePlaybookDocument(
  value: unknown,
  options: PlaybookValidationOptions,
): PlaybookDocument {
  const span = options.analyzedSeconds;
  if (!Number.isFinite(span) || span <= 0) {
    throw new PlaybookDocumentError('the analyzed span must be a positive number of seconds');
  }
  return checkTimings(readSchema(PLAYBOOK_DOCUMENT, value), span);
}

/**
 * Reads `value` as the schema node describes it, or throws naming the first problem
 * (`scenes[1].end must be a number`). Objects keep only their properties; strings are trimmed,
 * refused when empty (unless `check.empty`) and cut to `check.maxChars`; arrays are refused below
 * `check.minItems` and cut to `check.keep` before their items are read. An `integer` is read as
 * any finite number, as the document has always been (strict mode already sends integers).
 */
export function readSchema<N extends Node>(node: N, value: unknown, path = ''): FromSchema<N> {
  return read(node, value, path) as FromSchema<N>;
}

function read(node: Node, value: unknown, path: string): unknown {
  if (Array.isArray(node.type)) {
    return value === null ? null : read({ ...node, type: node.type[0] } as Node, value, path);
  }
  if ('enum' in node && node.enum) {
    const allowed: readonly unknown[] = node.enum;
    if (!allowed.includes(value)) {
      fail(
        path,
        allowed.length === 1
          ? `must be ${JSON.stringify(allowed[0])}`
          : `must be one of ${allowed.join(', ')}`,
      );
    }
    return value;
  }
  switch (node.type) {
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        fail(path, 'must be an object');
      }
      const fields = value as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(node.properties).map(([key, child]) => [
          key,
          read(child, fields[key], path ? `${path}.${key}` : key),
        ]),
      );
    }
    case 'array': {
      if (!Array.isArray(value)) fail(path, 'must be an array');
      const items = value as unknown[];
      const min = node.check?.minItems ?? 0;
      if (items.length < min) fail(path, `needs at least ${min} item${min === 1 ? '' : 's'}`);
      return items
        .slice(0, node.check?.keep)
        .map((item, i) => read(node.items, item, `${path}[${i}]`));
    }
    case 'string': {
      if (typeof value !== 'string') fail(path, 'must be a string');
      const trimmed = (value as string).trim();
      if (trimmed === '' && !node.check?.empty) fail(path, 'must not be empty');
      return trimmed.slice(0, node.check?.maxChars ?? MAX_TEXT_CHARS);
    }
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'must be a number');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') fail(path, 'must be true or false');
      return value;
  }
}

/**
 * The timing rules JSON Schema cannot state, on a document that has passed the schema: every
 * time inside [0, analyzedSeconds] (overshoot within `TIME_EPSILON_SEC` is rounding: snapped to
 * the span's ends, rounded to milliseconds), the hook not ending before it starts, timed lines
 * with `start < end`, and scenes that cover the span in order, without gaps or overlaps beyond
 * `SCENE_COVERAGE_TOLERANCE_SEC`. Returns the document with its times snapped; throws
 * `PlaybookDocumentError` naming the first problem.
 */
export function checkTimings(doc: PlaybookDocument, analyzedSeconds: number): PlaybookDocument {
  const span = analyzedSeconds;
  const time = (t: number, path: string): number => {
    if (t < -TIME_EPSILON_SEC || t > span + TIME_EPSILON_SEC) {
      fail(path, `(${t}) lies outside the analyzed span [0, ${span}]`);
    }
    return round3(Math.min(span, Math.max(0, t)));
  };
  const timed = <T extends { start: number; end: number }>(item: T, path: string): T => {
    const start = time(item.start, `${path}.start`);
    const end = time(item.end, `${path}.end`);
    if (!(start < end)) fail(path, `start (${start}) must be before end (${end})`);
    return { ...item, start, end };
  };

  const hookStart = time(doc.hook.start, 'hook.start');
  const hookEnd = time(doc.hook.end, 'hook.end');
  if (hookEnd < hookStart) fail('hook', 'ends before it starts');
  const segments = doc.transcript.segments.map((line, i) =>
    timed(line, `transcript.segments[${i}]`),
  );
  const scenes = doc.scenes.map((scene, i) => timed(scene, `scenes[${i}]`));
  checkSceneCoverage(scenes, span);
  const overlays = doc.overlays.map((overlay, i) => timed(overlay, `overlays[${i}]`));
  const script = doc.playbook.script.map((beat, i) => ({
    ...beat,
    t: time(beat.t, `playbook.script[${i}].t`),
  }));
  return {
    ...doc,
    hook: { ...doc.hook, start: hookStart, end: hookEnd },
    transcript: { ...doc.transcript, segments },
    scenes,
    overlays,
    playbook: { ...doc.playbook, script },
  };
}

/** Scenes start at 0, follow each other in order without a gap or overlap, and reach the end. */
function checkSceneCoverage(scenes: PlaybookScene[], span: number): void {
  const tolerance = SCENE_COVERAGE_TOLERANCE_SEC;
  if (scenes[0].start > tolerance) {
    fail('scenes[0].start', `must be 0: the scenes cover the analyzed span from its start`);
  }
  for (let i = 1; i < scenes.length; i += 1) {
    const previous = scenes[i - 1];
    if (scenes[i].start < previous.start) fail(`scenes[${i}]`, 'is out of order');
    if (Math.abs(scenes[i].start - previous.end) > tolerance) {
      fail(
        `scenes[${i}].start`,
        `(${scenes[i].start}) must follow scenes[${i - 1}].end (${previous.end}) without a gap or overlap`,
      );
    }
  }
  const last = scenes[scenes.length - 1];
  if (span - last.end > tolerance) {
    fail(
      `scenes[${scenes.length - 1}].end`,
      `(${last.end}) must reach the end of the analyzed span (${span})`,
    );
  }
}

function fail(path: string, problem: string): never {
  throw new PlaybookDocumentError(`${path || 'document'} ${problem}`);
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Cut rhythm from the average scene length: under 2.5 s fast, up to 5 s medium, else slow. */
export function rhythmFor(averageSceneSec: number): Rhythm {
  return averageSceneSec < 2.5 ? 'fast' : averageSceneSec <= 5 ? 'medium' : 'slow';
}
