import {
  OVERLAY_SOURCES,
  PLAYBOOK_TIER,
  PLAYBOOK_VERSION,
  RHYTHMS,
  TRANSCRIPT_SOURCES,
  type PlaybookDocument,
  type PlaybookScene,
  type TimedLine,
} from './playbook.document';

/**
 * Our own check of a version-2 playbook document (the model's answer, and our final document):
 * every field of the shape, `version: 2`, the `full` tier, a hook with `text` and `why`, scenes
 * with `start < end` inside [0, analyzedSeconds] that cover the analyzed span in order, script
 * beats inside the span, and every other timing inside it too. Throws `PlaybookDocumentError`
 * naming the first problem (the model is asked once more with it); returns a normalised copy:
 * strings trimmed and capped, lists capped, times rounded to milliseconds and snapped into the
 * span when they overshoot it by rounding only, unknown fields dropped.
 */

export class PlaybookDocumentError extends Error {
  override readonly name = 'PlaybookDocumentError';
}

export interface PlaybookValidationOptions {
  /** The span the document may describe: [0, analyzedSeconds]. */
  analyzedSeconds: number;
}

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

export function validatePlaybookDocument(
  value: unknown,
  options: PlaybookValidationOptions,
): PlaybookDocument {
  return new DocumentReader(options.analyzedSeconds).document(value);
}

type Fields = Record<string, unknown>;

class DocumentReader {
  constructor(private readonly span: number) {
    if (!Number.isFinite(span) || span <= 0) {
      throw new PlaybookDocumentError('the analyzed span must be a positive number of seconds');
    }
  }

  document(value: unknown): PlaybookDocument {
    const doc = this.object(value, 'document');
    if (doc.version !== PLAYBOOK_VERSION) this.fail('version', `must be ${PLAYBOOK_VERSION}`);
    if (doc.tier !== PLAYBOOK_TIER) this.fail('tier', `must be "${PLAYBOOK_TIER}"`);
    return {
      version: PLAYBOOK_VERSION,
      tier: PLAYBOOK_TIER,
      overview: this.overview(doc.overview),
      hook: this.hook(doc.hook),
      transcript: this.transcript(doc.transcript),
      scenes: this.scenes(doc.scenes),
      overlays: this.overlays(doc.overlays),
      pacing: this.pacing(doc.pacing),
      format: this.format(doc.format),
      playbook: this.playbook(doc.playbook),
      experiments: this.list(doc.experiments, 'experiments', LIST_LIMITS.experiments, 1).map(
        (item, i) => {
          const experiment = this.object(item, `experiments[${i}]`);
          return {
            idea: this.text(experiment.idea, `experiments[${i}].idea`),
            why: this.text(experiment.why, `experiments[${i}].why`),
          };
        },
      ),
      caveats: this.strings(doc.caveats, 'caveats', LIST_LIMITS.caveats),
    };
  }

  private overview(value: unknown): PlaybookDocument['overview'] {
    const o = this.object(value, 'overview');
    return {
      summary: this.text(o.summary, 'overview.summary'),
      audience: this.text(o.audience, 'overview.audience'),
      analyzedSeconds: this.number(o.analyzedSeconds, 'overview.analyzedSeconds'),
      durationSec:
        o.durationSec === null ? null : this.number(o.durationSec, 'overview.durationSec'),
      clipped: this.boolean(o.clipped, 'overview.clipped'),
    };
  }

  private hook(value: unknown): PlaybookDocument['hook'] {
    const o = this.object(value, 'hook');
    const start = this.time(o.start, 'hook.start');
    const end = this.time(o.end, 'hook.end');
    if (end < start) this.fail('hook', 'ends before it starts');
    return {
      text: this.text(o.text, 'hook.text'),
      why: this.text(o.why, 'hook.why'),
      start,
      end,
    };
  }

  private transcript(value: unknown): PlaybookDocument['transcript'] {
    const o = this.object(value, 'transcript');
    return {
      language:
        o.language === null ? null : this.text(o.language, 'transcript.language', { empty: true }),
      source: this.oneOf(o.source, 'transcript.source', TRANSCRIPT_SOURCES),
      fullText: this.text(o.fullText, 'transcript.fullText', { empty: true, max: 20_000 }),
      segments: this.list(o.segments, 'transcript.segments').map((item, i) =>
        this.timedLine(item, `transcript.segments[${i}]`),
      ),
    };
  }

  private scenes(value: unknown): PlaybookScene[] {
    const tolerance = SCENE_COVERAGE_TOLERANCE_SEC;
    const scenes = this.list(value, 'scenes', undefined, 1).map((item, i) => {
      const o = this.object(item, `scenes[${i}]`);
      const start = this.time(o.start, `scenes[${i}].start`);
      const end = this.time(o.end, `scenes[${i}].end`);
      if (!(start < end)) this.fail(`scenes[${i}]`, `start (${start}) must be before end (${end})`);
      return { start, end, description: this.text(o.description, `scenes[${i}].description`) };
    });
    if (scenes[0].start > tolerance) {
      this.fail('scenes[0].start', `must be 0: the scenes cover the analyzed span from its start`);
    }
    for (let i = 1; i < scenes.length; i += 1) {
      const previous = scenes[i - 1];
      if (scenes[i].start < previous.start) this.fail(`scenes[${i}]`, 'is out of order');
      if (Math.abs(scenes[i].start - previous.end) > tolerance) {
        this.fail(
          `scenes[${i}].start`,
          `(${scenes[i].start}) must follow scenes[${i - 1}].end (${previous.end}) without a gap or overlap`,
        );
      }
    }
    const last = scenes[scenes.length - 1];
    if (this.span - last.end > tolerance) {
      this.fail(
        `scenes[${scenes.length - 1}].end`,
        `(${last.end}) must reach the end of the analyzed span (${this.span})`,
      );
    }
    return scenes;
  }

  private overlays(value: unknown): PlaybookDocument['overlays'] {
    return this.list(value, 'overlays', LIST_LIMITS.overlays).map((item, i) => {
      const path = `overlays[${i}]`;
      const line = this.timedLine(item, path);
      const o = item as Fields;
      return { ...line, source: this.oneOf(o.source, `${path}.source`, OVERLAY_SOURCES) };
    });
  }

  private pacing(value: unknown): PlaybookDocument['pacing'] {
    const o = this.object(value, 'pacing');
    return {
      analyzedSeconds: this.number(o.analyzedSeconds, 'pacing.analyzedSeconds'),
      sceneCount: this.number(o.sceneCount, 'pacing.sceneCount'),
      averageSceneSec: this.number(o.averageSceneSec, 'pacing.averageSceneSec'),
      cutsPerMinute: this.number(o.cutsPerMinute, 'pacing.cutsPerMinute'),
      rhythm: this.oneOf(o.rhythm, 'pacing.rhythm', RHYTHMS),
      notes: this.text(o.notes, 'pacing.notes', { empty: true }),
    };
  }

  private format(value: unknown): PlaybookDocument['format'] {
    const o = this.object(value, 'format');
    return {
      name: this.text(o.name, 'format.name'),
      description: this.text(o.description, 'format.description'),
      whyItWorks: this.text(o.whyItWorks, 'format.whyItWorks', { empty: true }),
    };
  }

  private playbook(value: unknown): PlaybookDocument['playbook'] {
    const o = this.object(value, 'playbook');
    const setup = this.object(o.setup, 'playbook.setup');
    const guide = this.object(o.editingGuide, 'playbook.editingGuide');
    return {
      script: this.list(o.script, 'playbook.script', LIST_LIMITS.script, 1).map((item, i) => {
        const line = this.object(item, `playbook.script[${i}]`);
        return {
          t: this.time(line.t, `playbook.script[${i}].t`),
          line: this.text(line.line, `playbook.script[${i}].line`),
        };
      }),
      shotList: this.strings(o.shotList, 'playbook.shotList', LIST_LIMITS.shotList, 1),
      setup: {
        camera: this.text(setup.camera, 'playbook.setup.camera'),
        lighting: this.text(setup.lighting, 'playbook.setup.lighting'),
        audio: this.text(setup.audio, 'playbook.setup.audio'),
        props: this.strings(setup.props, 'playbook.setup.props', LIST_LIMITS.props),
      },
      editingGuide: {
        cutEverySec: this.number(guide.cutEverySec, 'playbook.editingGuide.cutEverySec'),
        captions: this.text(guide.captions, 'playbook.editingGuide.captions'),
        music: this.text(guide.music, 'playbook.editingGuide.music'),
        notes: this.strings(guide.notes, 'playbook.editingGuide.notes', LIST_LIMITS.notes),
      },
      caption: this.text(o.caption, 'playbook.caption'),
      cta: this.text(o.cta, 'playbook.cta'),
    };
  }

  private timedLine(value: unknown, path: string): TimedLine {
    const o = this.object(value, path);
    const start = this.time(o.start, `${path}.start`);
    const end = this.time(o.end, `${path}.end`);
    if (!(start < end)) this.fail(path, `start (${start}) must be before end (${end})`);
    return { start, end, text: this.text(o.text, `${path}.text`) };
  }

  // --- primitives -----------------------------------------------------------------------------

  /** A time in seconds inside [0, span]; overshoot within `TIME_EPSILON_SEC` is rounding. */
  private time(value: unknown, path: string): number {
    const t = this.number(value, path);
    if (t < -TIME_EPSILON_SEC || t > this.span + TIME_EPSILON_SEC) {
      this.fail(path, `(${t}) lies outside the analyzed span [0, ${this.span}]`);
    }
    return round3(Math.min(this.span, Math.max(0, t)));
  }

  private number(value: unknown, path: string): number {
    if (typeof value !== 'number' || !Number.isFinite(value)) this.fail(path, 'must be a number');
    return value as number;
  }

  private boolean(value: unknown, path: string): boolean {
    if (typeof value !== 'boolean') this.fail(path, 'must be true or false');
    return value as boolean;
  }

  private text(
    value: unknown,
    path: string,
    options: { empty?: boolean; max?: number } = {},
  ): string {
    if (typeof value !== 'string') this.fail(path, 'must be a string');
    const text = (value as string).trim();
    if (text === '' && !options.empty) this.fail(path, 'must not be empty');
    return text.slice(0, options.max ?? MAX_TEXT_CHARS);
  }

  private strings(value: unknown, path: string, max: number, min = 0): string[] {
    return this.list(value, path, max, min).map((item, i) => this.text(item, `${path}[${i}]`));
  }

  private oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
    if (!(allowed as readonly unknown[]).includes(value)) {
      this.fail(path, `must be one of ${allowed.join(', ')}`);
    }
    return value as T;
  }

  private list(value: unknown, path: string, max?: number, min = 0): unknown[] {
    if (!Array.isArray(value)) this.fail(path, 'must be an array');
    const items = value as unknown[];
    if (items.length < min) this.fail(path, `needs at least ${min} item${min === 1 ? '' : 's'}`);
    return max === undefined ? items : items.slice(0, max);
  }

  private object(value: unknown, path: string): Fields {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.fail(path, 'must be an object');
    }
    return value as Fields;
  }

  private fail(path: string, problem: string): never {
    throw new PlaybookDocumentError(`${path} ${problem}`);
  }
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
