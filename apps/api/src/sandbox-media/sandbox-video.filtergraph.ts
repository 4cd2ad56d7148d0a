import type { SandboxVideoSpec } from './sandbox-media.types';

/**
 * Builds the ffmpeg filter graph of a sandbox video: one solid-colour segment per scene
 * (consecutive colours far apart, so a cut scores ≈ 1 in scene detection), concatenated with
 * hard cuts on exact frame boundaries, a small scene label, and the overlay text burned in with
 * drawtext. Pure: the renderer writes the text files and runs ffmpeg.
 */

export interface VideoGraphOptions {
  width: number;
  height: number;
  fps: number;
  fontFile: string;
  /** Directory where the renderer writes the overlay text files named in the plan. */
  textDir: string;
}

export interface VideoGraphPlan {
  /** For `-filter_complex`; the output pad is `[v]`. */
  graph: string;
  /** Files the graph's drawtext filters read (`textfile=`), to be written before ffmpeg runs. */
  textFiles: { path: string; text: string }[];
  /** Frames in the whole video (duration × fps, rounded). */
  frames: number;
  /** Overlays not drawn: text the font cannot show (Han, kana, hangul). */
  skippedOverlays: number;
}

/** Solid colours in an order where neighbours (and the wrap-around) differ strongly. */
export const SCENE_PALETTE = [
  '0xD32F2F', // red
  '0x0D47A1', // deep blue
  '0xFBC02D', // yellow
  '0x1B5E20', // dark green
  '0xF5F5F5', // near white
  '0x4A148C', // purple
  '0x00BCD4', // cyan
  '0x212121', // near black
] as const;

/** Scripts DejaVu Sans has no glyphs for: such overlays are skipped rather than drawn as boxes. */
const UNDRAWABLE =
  /[\u2E80-\u2FFF\u3000-\u30FF\u3100-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/u;
/** Control characters except the line feed, drawn as spaces. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F]/g;
/** Emoji and other astral-plane symbols, stripped before drawing. */
const ASTRAL = /[\u{10000}-\u{10FFFF}]/gu;

export function buildSandboxVideoGraph(
  spec: SandboxVideoSpec,
  options: VideoGraphOptions,
): VideoGraphPlan {
  const { width, height, fps } = options;
  const frames = Math.round(spec.durationSec * fps);
  const boundaries = [0, ...spec.sceneCuts.map((cut) => Math.round(cut * fps)), frames];
  const font = escapeFilterValue(options.fontFile);
  const labelSize = Math.max(12, Math.round(height / 32));

  const segments: string[] = [];
  boundaries.slice(0, -1).forEach((first, index) => {
    const count = boundaries[index + 1] - first;
    if (count <= 0) return;
    const colour = SCENE_PALETTE[index % SCENE_PALETTE.length];
    // The colour source emits frames while t < d: (count - ½) frames' worth yields exactly count.
    const seconds = ((count - 0.5) / fps).toFixed(6);
    segments.push(
      `color=c=${colour}:s=${width}x${height}:r=${fps}:d=${seconds},` +
        `drawtext=fontfile=${font}:text='Scene ${index + 1}':fontsize=${labelSize}:` +
        `fontcolor=white@0.85:borderw=1:bordercolor=black@0.6:x=${labelSize}:y=${labelSize}` +
        `[s${segments.length}]`,
    );
  });
  const inputs = segments.map((_, index) => `[s${index}]`).join('');
  const chain = [`${inputs}concat=n=${segments.length}:v=1:a=0`, 'format=yuv420p'];

  const fontSize = Math.max(14, Math.round(height / 22));
  const maxChars = Math.max(8, Math.floor((width * 0.9) / (fontSize * 0.6)));
  const slots = [0.62, 0.72, 0.82];
  const textFiles: { path: string; text: string }[] = [];
  let skippedOverlays = 0;
  for (const overlay of spec.overlays) {
    const start = Math.max(0, overlay.start);
    const end = Math.min(spec.durationSec, overlay.end);
    const text = drawableText(overlay.text);
    if (end <= start || text === null) {
      if (text === null) skippedOverlays += 1;
      continue;
    }
    const path = `${options.textDir}/overlay-${textFiles.length}.txt`;
    textFiles.push({ path, text: wrapText(text, maxChars) });
    const y = slots[(textFiles.length - 1) % slots.length];
    chain.push(
      `drawtext=fontfile=${font}:textfile=${escapeFilterValue(path)}:expansion=none:` +
        `fontsize=${fontSize}:fontcolor=white:borderw=2:bordercolor=black:line_spacing=6:` +
        `x=(w-text_w)/2:y=h*${y}-text_h/2:fix_bounds=1:` +
        `enable='between(t,${start.toFixed(3)},${end.toFixed(3)})'`,
    );
  }
  return {
    graph: `${segments.join(';')};${chain.join(',')}[v]`,
    textFiles,
    frames,
    skippedOverlays,
  };
}

/**
 * The text as the font can draw it, or `null` when it is in a script DejaVu Sans lacks (the
 * sandbox then skips the overlay; on-screen text detection reads the spec, not the pixels).
 */
export function drawableText(text: string): string | null {
  if (UNDRAWABLE.test(text)) return null;
  const cleaned = text
    .replace(ASTRAL, '')
    .replace(CONTROL, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return cleaned.length > 0 ? cleaned : null;
}

/** Greedy word wrap to `maxChars` per line; longer words are split. */
export function wrapText(text: string, maxChars: number): string {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ').filter(Boolean)) {
      let rest = word;
      while (rest.length > maxChars) {
        if (line) {
          lines.push(line);
          line = '';
        }
        lines.push(rest.slice(0, maxChars));
        rest = rest.slice(maxChars);
      }
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= maxChars) line += ` ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    if (line) lines.push(line);
  }
  return lines.join('\n');
}

/**
 * Escapes a value for a filter option inside a filter graph: first for the option parser
 * (`\`, `'`, `:`), then for the graph parser (`\`, `'`, `[`, `]`, `,`, `;`), as ffmpeg's
 * "Notes on filtergraph escaping" describe.
 */
export function escapeFilterValue(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, (char) => `\\${char}`);
  return optionLevel.replace(/[\\'[\],;]/g, (char) => `\\${char}`);
}
