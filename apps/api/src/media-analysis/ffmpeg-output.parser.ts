/**
 * Pure parsers for what ffprobe and ffmpeg print. Kept free of I/O so they can be tested on
 * captured output. ffmpeg runs with `-loglevel level+info`, so every log line carries its level
 * (`[info]`, `[warning]`, `[error]`, `[fatal]`) after the optional `[filter @ 0x…]` context.
 */

export interface TimeSpan {
  start: number;
  end: number;
}

/** What ffprobe says about a media file. */
export interface MediaProbe {
  /** Full runtime in seconds; `null` when the container does not say. */
  durationSec: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  /** Display size of the first video stream (rotation applied); 0 when there is no video. */
  width: number;
  height: number;
  videoCodec: string | null;
  audioCodec: string | null;
  /** Average frame rate of the first video stream, when known. */
  frameRate: number | null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number | string }[];
}

/** Parses `ffprobe -print_format json -show_format -show_streams`. Throws on anything else. */
export function parseProbeJson(text: string): MediaProbe {
  const data = JSON.parse(text) as {
    format?: { duration?: string };
    streams?: ProbeStream[];
  };
  if (!data || typeof data !== 'object' || !Array.isArray(data.streams)) {
    throw new Error('ffprobe output has no stream list');
  }
  const video = data.streams.find(
    (stream) => stream.codec_type === 'video' && !isAttachedPicture(stream),
  );
  const audio = data.streams.find((stream) => stream.codec_type === 'audio');
  const durations = [
    positiveNumber(data.format?.duration),
    ...data.streams.map((stream) => positiveNumber(stream.duration)),
  ].filter((value): value is number => value !== null);
  const formatDuration = positiveNumber(data.format?.duration);
  let width = video?.width ?? 0;
  let height = video?.height ?? 0;
  if (video && Math.abs(rotationOf(video)) % 180 === 90) [width, height] = [height, width];
  return {
    durationSec: formatDuration ?? (durations.length > 0 ? Math.max(...durations) : null),
    hasVideo: video !== undefined,
    hasAudio: audio !== undefined,
    width,
    height,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    frameRate: video ? parseRate(video.avg_frame_rate) : null,
  };
}

function isAttachedPicture(stream: ProbeStream): boolean {
  // Cover art in audio files shows up as a one-frame "video" stream (mjpeg/png).
  return stream.codec_name === 'mjpeg' || stream.codec_name === 'png';
}

function rotationOf(stream: ProbeStream): number {
  const tag = Number(stream.tags?.rotate);
  if (Number.isFinite(tag) && tag !== 0) return tag;
  for (const side of stream.side_data_list ?? []) {
    const rotation = Number(side.rotation);
    if (Number.isFinite(rotation) && rotation !== 0) return rotation;
  }
  return 0;
}

function parseRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [num, den] = rate.split('/').map(Number);
  const value = den ? num / den : num;
  return Number.isFinite(value) && value > 0 ? value : null;
}

function positiveNumber(value: string | number | undefined): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null;
}

/** `pts_time` of every frame the `showinfo` filter printed, in order of appearance. */
export function parseShowinfoTimes(lines: Iterable<string>): number[] {
  const times: number[] = [];
  for (const line of lines) {
    if (!line.includes('Parsed_showinfo')) continue;
    const match = /\bpts_time:\s*(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)/i.exec(line);
    if (match) times.push(Number(match[1]));
  }
  return times;
}

/**
 * Silent spans from `silencedetect` lines, clipped to [0, endSec]. A silence still open when
 * the stream ends (no `silence_end`) runs to `endSec`.
 */
export function parseSilences(lines: Iterable<string>, endSec: number): TimeSpan[] {
  const spans: TimeSpan[] = [];
  let open: number | null = null;
  for (const line of lines) {
    const start = /silence_start:\s*(-?\d+(?:\.\d+)?)/.exec(line);
    if (start) {
      open = Math.max(0, Number(start[1]));
      continue;
    }
    const end = /silence_end:\s*(-?\d+(?:\.\d+)?)/.exec(line);
    if (end) {
      const stop = Math.min(endSec, Number(end[1]));
      const begin = open ?? 0;
      if (stop > begin) spans.push({ start: round3(begin), end: round3(stop) });
      open = null;
    }
  }
  if (open !== null && endSec > open) spans.push({ start: round3(open), end: round3(endSec) });
  return spans;
}

/**
 * The integrated loudness (LUFS) from the `ebur128` summary, or `null` when there is none.
 * Silence reads as -70 LUFS (the gate's floor); `-inf` is reported as -70 as well.
 */
export function parseEbur128Integrated(text: string): number | null {
  const summary = text.lastIndexOf('Summary:');
  if (summary < 0) return null;
  const match = /^\s*I:\s*(-?\d+(?:\.\d+)?|-?inf)\s*LUFS/im.exec(text.slice(summary));
  if (!match) return null;
  const value = Number(match[1]);
  return Number.isFinite(value) ? Math.max(-70, value) : -70;
}

/** Lines logged at `error` or `fatal` level (requires `-loglevel level+…`). */
export function errorLines(lines: Iterable<string>): string[] {
  const found: string[] = [];
  for (const line of lines) if (/\[(error|fatal|panic)\]/.test(line)) found.push(line);
  return found;
}

/**
 * Whether ffmpeg's complaints are about the input file (unreadable, corrupt, truncated) rather
 * than about our command line or filter graph.
 */
export function looksLikeBadInput(stderr: string): boolean {
  return BAD_INPUT.some((pattern) => pattern.test(stderr));
}

const BAD_INPUT = [
  /Invalid data found when processing input/i,
  /moov atom not found/i,
  /partial file/i,
  /error reading header/i,
  /Cannot determine format of input/i,
  /could not find codec parameters/i,
  /does not contain any stream/i,
  /Output file #\d+ does not contain any stream/i,
  /Stream map '.*' matches no streams/i,
  /End of file/i,
  /truncat/i,
  /corrupt/i,
  /Invalid NAL unit size/i,
  /missing picture in access unit/i,
  /Header missing/i,
  /Format not on whitelist/i,
];

/**
 * Whether ffmpeg rejected the command itself (unknown option or filter, bad filter arguments,
 * missing input path): a bug on our side, whatever the input file is like.
 */
export function looksLikeOurMistake(stderr: string): boolean {
  return OUR_MISTAKE.some((pattern) => pattern.test(stderr));
}

const OUR_MISTAKE = [
  /Unrecognized option/i,
  /Option .* not found/i,
  /No such filter/i,
  /Error initializing (complex )?filter/i,
  /Error (parsing|applying) option/i,
  /Error reinitializing filters/i,
  /Unable to find a suitable output format/i,
  /Invalid (filter|stream) specifier/i,
  /Unknown encoder/i,
  /No such file or directory/i,
  /Missing argument for option/i,
  /Undefined constant or missing '\(' in/i,
];

/** Whether an input file was cut short while ffmpeg read it (a truncated download). */
export function looksTruncated(stderr: string): boolean {
  return /partial file|truncat|Invalid data found when processing input|End of file/i.test(stderr);
}

/**
 * Turns detected cut times into ordered scenes covering [0, endSec]. Cuts outside
 * (minGap, endSec - minGap) are dropped, and so is a cut closer than `minGap` to the previous
 * kept one (flash frames and encoder hiccups are not scenes).
 */
export function scenesFromCuts(
  cutTimes: number[],
  endSec: number,
  minGap = 0.25,
): { cuts: number[]; scenes: TimeSpan[] } {
  const cuts: number[] = [];
  for (const raw of [...cutTimes].sort((a, b) => a - b)) {
    const time = round3(raw);
    if (!Number.isFinite(time) || time < minGap || time > endSec - minGap) continue;
    const previous = cuts.length > 0 ? cuts[cuts.length - 1] : 0;
    if (time - previous < minGap) continue;
    cuts.push(time);
  }
  const bounds = [0, ...cuts, round3(endSec)];
  const scenes = bounds.slice(0, -1).map((start, index) => ({ start, end: bounds[index + 1] }));
  return { cuts, scenes };
}

export function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
