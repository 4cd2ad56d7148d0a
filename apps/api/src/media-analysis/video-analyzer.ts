import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { DomainError } from '@reelscout/domain';
import { abortReason } from '../common/async/abort';
import { FfmpegRunner, MEDIA_INPUT, fileInput } from './ffmpeg.runner';
import {
  errorLines,
  looksTruncated,
  parseEbur128Integrated,
  parseShowinfoTimes,
  parseSilences,
  round3,
  scenesFromCuts,
  type MediaProbe,
  type TimeSpan,
} from './ffmpeg-output.parser';

export interface VideoAnalysisOptions {
  /** Only the first this-many seconds are analyzed (default 120, the playbook's clip). */
  maxSeconds?: number;
  /** At most this many key frames, one per scene, spread over the scenes (default 12). */
  maxKeyFrames?: number;
  /** Longest side of a key frame in pixels (default 512). */
  keyFrameMaxSize?: number;
  /** ffmpeg scene-change score above which a frame starts a new scene (default 0.3). */
  sceneThreshold?: number;
  /** Extract mono 16 kHz WAV audio for transcription (default true when there is audio). */
  extractAudio?: boolean;
  signal?: AbortSignal;
}

export interface KeyFrame {
  /** Seconds from the start: the midpoint of its scene. */
  t: number;
  sceneIndex: number;
  /** `data:image/jpeg;base64,…`, at most `keyFrameMaxSize` px on its longest side. */
  jpegDataUrl: string;
}

export interface VideoAudioSummary {
  /** EBU R128 integrated loudness of the analyzed span; -70 for silence. */
  loudnessLufs: number | null;
  /** Spans quieter than -35 dB for at least 0.35 s, within [0, analyzedSeconds]. */
  silences: TimeSpan[];
  /**
   * Share (0..1) of the analyzed time that is not silent. A rough proxy for "someone is
   * talking or something is playing": music counts as much as speech.
   */
  speechShare: number;
}

export interface VideoAnalysis {
  /** Full runtime (ffprobe), even when longer than what was analyzed. */
  durationSec: number;
  /** min(durationSec, maxSeconds): nothing below describes anything after this. */
  analyzedSeconds: number;
  clipped: boolean;
  width: number;
  height: number;
  hasAudio: boolean;
  /** In order, contiguous, covering [0, analyzedSeconds]. */
  scenes: TimeSpan[];
  /** Hard-cut times (the starts of every scene but the first). */
  cuts: number[];
  cutsPerMinute: number;
  keyFrames: KeyFrame[];
  audio: VideoAudioSummary | null;
  /**
   * Mono 16 kHz PCM WAV of the analyzed span, for transcription. The caller owns it and must
   * delete it (`fs.rm(path, { force: true })`). Absent when there is no audio or it was not asked for.
   */
  audioFile?: string;
}

export const VIDEO_ANALYSIS_DEFAULTS = {
  maxSeconds: 120,
  maxKeyFrames: 12,
  keyFrameMaxSize: 512,
  /**
   * Tuned on sandbox videos (hard cuts between very different colours score ≈ 1, text overlays
   * appearing or leaving score < 0.05) and comfortably below typical hard cuts in real footage
   * (0.4–1), above camera motion and fades, which rarely exceed 0.15.
   */
  sceneThreshold: 0.3,
  silenceNoiseDb: -35,
  silenceMinSec: 0.35,
} as const;

/** Width of the copy scene detection looks at: fast, and cuts survive downscaling. */
const SCENE_DETECTION_WIDTH = 160;

/**
 * Watches the first `maxSeconds` of a local video: probe, scene cuts, one key frame per scene,
 * loudness and silences, and audio for transcription. The scene pass and the audio pass run
 * concurrently (both behind the ffmpeg limiter); key frames follow the scenes.
 */
@Injectable()
export class VideoAnalyzer {
  constructor(private readonly ffmpeg: FfmpegRunner) {}

  async analyze(filePath: string, options: VideoAnalysisOptions = {}): Promise<VideoAnalysis> {
    const maxSeconds = options.maxSeconds ?? VIDEO_ANALYSIS_DEFAULTS.maxSeconds;
    const probe = await this.ffmpeg.probe(filePath, { signal: options.signal });
    if (!probe.hasVideo) {
      throw new DomainError('provider_error', 'The media file has no video stream');
    }
    if (probe.durationSec === null) {
      throw new DomainError('provider_error', 'The video file does not state its duration');
    }
    const analyzedSeconds = round3(Math.min(probe.durationSec, maxSeconds));

    // One failure stops the sibling pass; the caller's abort stops both.
    const inner = new AbortController();
    const onAbort = () => inner.abort(abortReason(options.signal!));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    const signal = inner.signal;
    const wantAudioFile = probe.hasAudio && options.extractAudio !== false;
    const audioFile = wantAudioFile
      ? join(tmpdir(), `reelscout-audio-${randomUUID()}.wav`)
      : undefined;

    try {
      const scenePass = this.detectScenes(filePath, analyzedSeconds, options, signal);
      const audioPass = probe.hasAudio
        ? this.audioPass(filePath, analyzedSeconds, audioFile, signal)
        : Promise.resolve(null);
      const framesPass = scenePass.then(({ scenes }) =>
        this.keyFrames(filePath, scenes, probe, options, signal),
      );
      const passes = [scenePass, audioPass, framesPass] as const;
      const [{ scenes, cuts }, audio, keyFrames] = await Promise.all(passes).catch(
        async (error: unknown) => {
          // Stop the siblings and wait for their processes and temp files to be gone.
          inner.abort(error);
          await Promise.allSettled(passes);
          throw error;
        },
      );
      return {
        durationSec: round3(probe.durationSec),
        analyzedSeconds,
        clipped: probe.durationSec > analyzedSeconds,
        width: probe.width,
        height: probe.height,
        hasAudio: probe.hasAudio,
        scenes,
        cuts,
        cutsPerMinute:
          analyzedSeconds > 0 ? Math.round((cuts.length / analyzedSeconds) * 60 * 100) / 100 : 0,
        keyFrames,
        audio,
        ...(audioFile ? { audioFile } : {}),
      };
    } catch (error) {
      if (audioFile) await rm(audioFile, { force: true });
      throw error;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  private async detectScenes(
    filePath: string,
    analyzedSeconds: number,
    options: VideoAnalysisOptions,
    signal: AbortSignal,
  ): Promise<{ scenes: TimeSpan[]; cuts: number[] }> {
    const threshold = options.sceneThreshold ?? VIDEO_ANALYSIS_DEFAULTS.sceneThreshold;
    const result = await this.ffmpeg.ffmpeg(
      [
        '-t',
        String(analyzedSeconds),
        ...MEDIA_INPUT,
        '-i',
        fileInput(filePath),
        '-map',
        '0:v:0',
        '-an',
        '-sn',
        '-dn',
        '-vf',
        `scale=${SCENE_DETECTION_WIDTH}:-2:flags=fast_bilinear,` +
          `select='gt(scene,${threshold})',showinfo`,
        '-f',
        'null',
        '-',
      ],
      {
        purpose: 'analyze',
        label: 'scene detection',
        signal,
        keepLine: (line) => line.includes('Parsed_showinfo') && line.includes('pts_time'),
      },
    );
    assertComplete(result.lines);
    return scenesFromCuts(parseShowinfoTimes(result.lines), analyzedSeconds);
  }

  private async audioPass(
    filePath: string,
    analyzedSeconds: number,
    audioFile: string | undefined,
    signal: AbortSignal,
  ): Promise<VideoAudioSummary> {
    const { silenceNoiseDb, silenceMinSec } = VIDEO_ANALYSIS_DEFAULTS;
    const args = [
      '-t',
      String(analyzedSeconds),
      ...MEDIA_INPUT,
      '-i',
      fileInput(filePath),
      '-map',
      '0:a:0',
      '-af',
      `ebur128=peak=none:framelog=verbose,` +
        `silencedetect=noise=${silenceNoiseDb}dB:duration=${silenceMinSec}`,
      '-f',
      'null',
      '-',
    ];
    if (audioFile) {
      args.push('-map', '0:a:0', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le');
      args.push('-f', 'wav', '-y', audioFile);
    }
    const result = await this.ffmpeg.ffmpeg(args, {
      purpose: 'analyze',
      label: 'audio analysis',
      signal,
      keepLine: (line) => line.includes('silence_'),
    });
    assertComplete(result.lines);
    const silences = parseSilences(result.lines, analyzedSeconds);
    const silent = silences.reduce((sum, span) => sum + (span.end - span.start), 0);
    return {
      loudnessLufs: parseEbur128Integrated(result.stderrTail),
      silences,
      speechShare:
        analyzedSeconds > 0
          ? Math.round(Math.max(0, Math.min(1, 1 - silent / analyzedSeconds)) * 1000) / 1000
          : 0,
    };
  }

  private async keyFrames(
    filePath: string,
    scenes: TimeSpan[],
    probe: MediaProbe,
    options: VideoAnalysisOptions,
    signal: AbortSignal,
  ): Promise<KeyFrame[]> {
    const max = options.maxKeyFrames ?? VIDEO_ANALYSIS_DEFAULTS.maxKeyFrames;
    const size = options.keyFrameMaxSize ?? VIDEO_ANALYSIS_DEFAULTS.keyFrameMaxSize;
    const picks = pickKeyFrameScenes(scenes, max);
    if (picks.length === 0 || probe.width === 0) return [];

    const dir = await mkdtemp(join(tmpdir(), 'reelscout-frames-'));
    try {
      const args: string[] = [];
      picks.forEach(({ t }) => {
        args.push('-ss', t.toFixed(3), ...MEDIA_INPUT, '-i', fileInput(filePath));
      });
      picks.forEach((_, index) => {
        args.push(
          '-map',
          `${index}:v:0`,
          '-frames:v',
          '1',
          '-vf',
          `scale=w='min(${size},iw)':h='min(${size},ih)':force_original_aspect_ratio=decrease`,
          '-q:v',
          '4',
          '-f',
          'image2',
          '-y',
          join(dir, `frame-${index}.jpg`),
        );
      });
      await this.ffmpeg.ffmpeg(args, { purpose: 'analyze', label: 'key frames', signal });
      const present = new Set(await readdir(dir));
      const frames: KeyFrame[] = [];
      for (const [index, pick] of picks.entries()) {
        const name = `frame-${index}.jpg`;
        if (!present.has(name)) continue; // a seek past the last decodable frame yields none
        const jpeg = await readFile(join(dir, name));
        if (jpeg.length === 0) continue;
        frames.push({
          t: pick.t,
          sceneIndex: pick.sceneIndex,
          jpegDataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
        });
      }
      return frames;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/**
 * One frame per scene at its midpoint; with more scenes than `max`, scenes spread evenly over
 * the video (first and last included when possible).
 */
export function pickKeyFrameScenes(
  scenes: TimeSpan[],
  max: number,
): { t: number; sceneIndex: number }[] {
  if (max <= 0 || scenes.length === 0) return [];
  const indexes =
    scenes.length <= max
      ? scenes.map((_, index) => index)
      : Array.from({ length: max }, (_, k) =>
          max === 1 ? 0 : Math.round((k * (scenes.length - 1)) / (max - 1)),
        );
  return [...new Set(indexes)].map((sceneIndex) => ({
    sceneIndex,
    t: round3((scenes[sceneIndex].start + scenes[sceneIndex].end) / 2),
  }));
}

/** A file that ends early (a truncated download) reads as an error, never as a shorter video. */
function assertComplete(lines: string[]): void {
  const errors = errorLines(lines).join('\n');
  if (errors && looksTruncated(errors)) {
    throw new DomainError('provider_error', 'The media file is truncated or corrupt');
  }
}
