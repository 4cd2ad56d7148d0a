import type { Language, VideoPlatform } from '@reelscout/domain';
import type { LlmPrompt } from '../providers/llm.provider';
import type { TimedText } from '../providers/provider.types';
import {
  PLAYBOOK_DOCUMENT_SCHEMA,
  type PlaybookOverlaySource,
  type TranscriptSource,
} from './playbook.document';

/**
 * The one multimodal request that writes a playbook: the system prompt states the rules (the
 * model describes, our measurements time), the user prompt carries the measured facts as JSON,
 * and the key frames travel as images in the order the prompt lists them.
 */

/** What the playbook operation measured in the video, and what the post says about itself. */
export interface PlaybookAnalysisInput {
  language: Language;
  /** Seconds actually analysed (the video is clipped to 120 s). */
  analyzedSeconds: number;
  /** Full runtime, when known. */
  durationSec?: number | null;
  clipped?: boolean;
  /** Measured scenes, contiguous over [0, analyzedSeconds]. */
  scenes: { start: number; end: number; description?: string | null }[];
  cutsPerMinute?: number;
  transcript: TimedText[];
  transcriptSource?: TranscriptSource;
  /** Language of the transcript as the track reports it. */
  transcriptLanguage?: string | null;
  /** Known on-screen text; what the model reads in key frames (`key_frame`) is its own answer. */
  overlays: (TimedText & { source?: Exclude<PlaybookOverlaySource, 'key_frame'> })[];
  keyFrames?: { t: number; sceneIndex: number }[];
  audio?: { loudnessLufs: number | null; speechShare: number } | null;
  caption?: string | null;
  hashtags?: string[];
  authorHandle?: string | null;
}

/** What the prompt shows besides the measured analysis. */
export interface PlaybookPromptMeta {
  platform: VideoPlatform;
  market: string;
}

/** The platform as the model knows it: each network by the name of its app. */
const PLATFORM_NAME: Readonly<Record<VideoPlatform, string>> = {
  network_a: 'tiktok',
  network_b: 'douyin',
  instagram: 'instagram',
  youtube: 'youtube',
};

/** What the playbook prompt is written from (and what the sandbox's stand-in answers from). */
export type PlaybookPromptInput = PlaybookAnalysisInput & PlaybookPromptMeta;

const LANGUAGE_RULE: Record<Language, string> = {
  en: 'Write every text field in English. When you quote speech or on-screen text in another language, translate it.',
  'zh-Hans':
    'Write every text field in Simplified Chinese (简体中文). When you quote speech or on-screen text in another language, translate it.',
  'zh-Hant':
    'Write every text field in Traditional Chinese as used in Taiwan (繁體中文), in Traditional characters only, never Simplified characters. When you quote speech or on-screen text in another language, translate it.',
};

export function playbookSystemPrompt(language: Language, analyzedSeconds: number): string {
  return `You are Reelscout's short-form video analyst. You study one video through the facts we measured (scene cuts, transcript, known on-screen text, audio) and its key frames (one image per listed frame, in order), and write a shoot-ready remake plan: a version-2 playbook document in JSON that follows the schema exactly.

Timing is measured, never guessed. Describe only [0, ${analyzedSeconds}] seconds; nothing after ${analyzedSeconds} s exists for you.
- scenes: exactly the measured scenes, same count, same start and end; write each description from its key frame and what is said during it (framing, action, text on screen, purpose in the story).
- hook: "text" is the opening line or on-screen promise, "why" explains why it holds attention; start 0, end when the opening line or text ends.
- transcript: copy "language" and "source" as given, set "segments" to [] and "fullText" to "" (we attach the measured transcript).
- overlays: the known on-screen text exactly as given (same times and source), plus text you can clearly read in a key frame, with source "key_frame" and the span of that frame's scene. Never invent text you cannot see.
- pacing: copy the measured numbers; "notes" says how the cut rhythm serves the video.
- format: the repeatable format underneath this video, and why it works.
- playbook.script: the remake script as beats {t, line}: t is when the beat happens in the original (inside the span, on a measured cut or spoken line), line is what to say or show, usable as is tomorrow. shotList: one string per shot. setup: camera, lighting, audio, props. editingGuide: cut rhythm, captions, music, notes. caption: ready to post. cta: one line.
- experiments: 3 to 5 variations worth testing, each with why. caveats: what would not transfer to a different brand or creator.
- version 2, tier "full".
${LANGUAGE_RULE[language]}`;
}

export function playbookUserPrompt(facts: PlaybookAnalysisInput, meta: PlaybookPromptMeta): string {
  const clipped = facts.clipped
    ? `, of which only the first ${facts.analyzedSeconds} s were analyzed (clipped)`
    : '';
  const lines = [
    `Video on ${PLATFORM_NAME[meta.platform]} (${meta.market})${facts.authorHandle ? ` by @${facts.authorHandle}` : ''}.`,
    `Caption: ${facts.caption ?? '(none)'}`,
    `Hashtags: ${(facts.hashtags ?? []).map((tag) => `#${tag}`).join(' ') || '(none)'}`,
    `Duration: ${facts.durationSec ?? 'unknown'} s${clipped}. Analyzed span: [0, ${facts.analyzedSeconds}] s.`,
    `Measured scenes (${facts.scenes.length}, ${facts.cutsPerMinute ?? 0} cuts per minute): ${JSON.stringify(
      facts.scenes.map((scene, index) => ({ index, start: scene.start, end: scene.end })),
    )}`,
    `Key frames, one image each in this order: ${JSON.stringify(
      (facts.keyFrames ?? []).map((frame, image) => ({
        image: image + 1,
        t: frame.t,
        scene: frame.sceneIndex,
      })),
    )}`,
    `Transcript (source: ${facts.transcriptSource ?? 'none'}, language: ${facts.transcriptLanguage ?? 'unknown'}): ${JSON.stringify(
      facts.transcript.map(({ start, end, text }) => ({ start, end, text })),
    )}`,
    `Known on-screen text: ${JSON.stringify(
      facts.overlays.map(({ start, end, text, source }) => ({ start, end, text, source })),
    )}`,
    facts.audio
      ? `Audio: integrated loudness ${facts.audio.loudnessLufs ?? 'unknown'} LUFS; sound (speech or music) during ${Math.round(facts.audio.speechShare * 100)}% of the span.`
      : 'Audio: none.',
  ];
  return lines.join('\n');
}

/** playbook's one question: the version-2 document, from the measured facts and the key frames. */
export const PLAYBOOK_DOCUMENT_PROMPT: LlmPrompt<PlaybookPromptInput> = {
  name: 'playbook_document',
  schema: PLAYBOOK_DOCUMENT_SCHEMA,
  system: (input) => playbookSystemPrompt(input.language, input.analyzedSeconds),
  user: (input) => playbookUserPrompt(input, { platform: input.platform, market: input.market }),
};
