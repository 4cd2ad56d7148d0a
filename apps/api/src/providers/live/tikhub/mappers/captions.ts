import type { TimedText } from '../../../provider.types';
import { asArray, at, firstDefined, text } from '../../json-read';

/**
 * Segments of a caption file: WebVTT, or JSON `{utterances: [{start_time, end_time, text}]}`
 * (milliseconds). `null` when the file is neither.
 */
export function parseCaptionFile(body: string): TimedText[] | null {
  const trimmed = body.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('WEBVTT')) return parseWebVtt(trimmed);
  try {
    const parsed: unknown = JSON.parse(trimmed);
    const utterances = asArray(
      firstDefined(
        at(parsed, 'utterances'),
        at(parsed, 'captions'),
        at(parsed, 'data', 'utterances'),
      ),
    );
    const segments = utterances
      .map((entry) => {
        const start = msToSecondsOrZero(at(entry, 'start_time'));
        const end = msToSecondsOrZero(at(entry, 'end_time'));
        const line = text(at(entry, 'text'));
        return line !== null && end > start ? { start, end, text: line } : null;
      })
      .filter((entry): entry is TimedText => entry !== null);
    return segments.length > 0 ? segments : null;
  } catch {
    return null;
  }
}

function msToSecondsOrZero(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number / 1000 : 0;
}

const VTT_TIME = /(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})/;

function parseWebVtt(body: string): TimedText[] | null {
  const segments: TimedText[] = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    const lines = block.split(/\r?\n/);
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0) continue;
    const [from, to] = lines[timing].split('-->');
    const start = vttSeconds(from);
    const end = vttSeconds(to);
    const line = lines
      .slice(timing + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .trim();
    if (start !== null && end !== null && end > start && line !== '') {
      segments.push({ start, end, text: line });
    }
  }
  return segments.length > 0 ? segments : null;
}

function vttSeconds(value: string | undefined): number | null {
  const match = value ? VTT_TIME.exec(value) : null;
  if (!match) return null;
  const [, hours, minutes, secs, millis] = match;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}
