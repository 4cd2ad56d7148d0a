import { Injectable } from '@nestjs/common';
import { DomainError } from '@reelscout/domain';
import type { AudioFeatures } from './audio-features';
import { ANALYSIS_SAMPLE_RATE, type PcmAudio } from './audio-reading';
import { AudioReadingPool } from './audio-reading.pool';
import { FfmpegRunner, MEDIA_INPUT, fileInput } from './ffmpeg.runner';
import { round3 } from './ffmpeg-output.parser';

export {
  ANALYSIS_SAMPLE_RATE,
  AUDIO_ANALYZER_VERSION,
  analyzePcm,
  type PcmAudio,
} from './audio-reading';

export interface AudioAnalysisOptions {
  /** Only the first this-many seconds are decoded and read (default 60). */
  maxSeconds?: number;
  signal?: AbortSignal;
}

/**
 * Reads tempo, energy and mood from an audio (or video) file: ffmpeg decodes the first
 * `maxSeconds` to mono 22.05 kHz floats; music-tempo (BeatRoot) finds the beat on a 11 kHz copy;
 * meyda reads spectral features and chroma on up to 96 frames spread over the clip. That reading
 * runs in a worker thread (`AudioReadingPool`), so the API's event loop keeps serving other calls
 * meanwhile: read in-process, a cold music call's sounds held it for long stretches.
 */
@Injectable()
export class AudioAnalyzer {
  constructor(
    private readonly ffmpeg: FfmpegRunner,
    private readonly readings: AudioReadingPool,
  ) {}

  async analyze(filePath: string, options: AudioAnalysisOptions = {}): Promise<AudioFeatures> {
    const maxSeconds = options.maxSeconds ?? 60;
    // Probe and decode together; when one fails the other is stopped, not left running.
    const inner = new AbortController();
    const onAbort = () => inner.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    const passes = [
      this.ffmpeg.probe(filePath, { signal: inner.signal }),
      this.decode(filePath, maxSeconds, inner.signal),
    ] as const;
    const [probe, pcm] = await Promise.all(passes)
      .catch(async (error: unknown) => {
        inner.abort(error);
        await Promise.allSettled(passes);
        throw error;
      })
      .finally(() => options.signal?.removeEventListener('abort', onAbort));
    if (!probe.hasAudio) throw new DomainError('provider_error', 'The media file has no audio');
    if (pcm.samples.length < pcm.sampleRate * 0.5) {
      throw new DomainError('provider_error', 'The audio is too short to analyze');
    }
    const features = await this.readings.read(pcm, options.signal);
    const durationSec = probe.durationSec === null ? null : round3(probe.durationSec);
    // Decoders pad the last frame: never report more than the file or the cap holds.
    const analyzedSeconds = round3(
      Math.min(features.analyzedSeconds, maxSeconds, durationSec ?? Infinity),
    );
    return { ...features, analyzedSeconds, durationSec };
  }

  /** Decodes the first `maxSeconds` to mono float PCM at `ANALYSIS_SAMPLE_RATE`. */
  async decode(filePath: string, maxSeconds: number, signal?: AbortSignal): Promise<PcmAudio> {
    const result = await this.ffmpeg.ffmpeg(
      [
        '-t',
        String(maxSeconds),
        ...MEDIA_INPUT,
        '-i',
        fileInput(filePath),
        '-map',
        '0:a:0',
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(ANALYSIS_SAMPLE_RATE),
        '-f',
        'f32le',
        'pipe:1',
      ],
      {
        purpose: 'analyze',
        label: 'audio decode',
        signal,
        stdoutMaxBytes: Math.ceil(maxSeconds * ANALYSIS_SAMPLE_RATE * 4 * 1.02) + 65_536,
      },
    );
    const bytes = result.stdout;
    const usable = bytes.length - (bytes.length % 4);
    // Copy into a fresh (aligned) buffer; little-endian floats are the platform's order here.
    const aligned = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + usable);
    return { samples: new Float32Array(aligned), sampleRate: ANALYSIS_SAMPLE_RATE };
  }
}
