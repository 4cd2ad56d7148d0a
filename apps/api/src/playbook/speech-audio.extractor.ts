import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { FfmpegRunner, MEDIA_INPUT, fileInput } from '../media-analysis/ffmpeg.runner';

/** Audio codecs a transcription accepts as they are, with the container to copy them into. */
const COPYABLE: Readonly<Record<string, { format: string; extension: string }>> = {
  aac: { format: 'mp4', extension: 'm4a' },
  mp3: { format: 'mp3', extension: 'mp3' },
};

/**
 * The audio a transcription needs, extracted on its own so the transcription can start while
 * the video analysis (scene detection, key frames) is still running: the first `maxSeconds` of
 * the first audio stream. AAC (nearly every short video) and MP3 are copied into an M4A/MP3
 * file without decoding (milliseconds, and a smaller upload); anything else is decoded to mono
 * 16 kHz PCM WAV (≈ 3.8 MB for 120 s) behind the per-instance ffmpeg limiter. The caller deletes
 * the file; on failure it is already gone.
 */
@Injectable()
export class SpeechAudioExtractor {
  constructor(private readonly ffmpeg: FfmpegRunner) {}

  async extract(
    videoPath: string,
    maxSeconds: number,
    options: { audioCodec?: string | null; signal?: AbortSignal } = {},
  ): Promise<string> {
    const copy = options.audioCodec ? COPYABLE[options.audioCodec] : undefined;
    const out = join(tmpdir(), `reelscout-speech-${randomUUID()}.${copy?.extension ?? 'wav'}`);
    const input = ['-t', String(maxSeconds), ...MEDIA_INPUT, '-i', fileInput(videoPath)];
    const output = copy
      ? ['-c:a', 'copy', '-f', copy.format]
      : ['-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav'];
    try {
      await this.ffmpeg.ffmpeg([...input, '-map', '0:a:0', '-vn', ...output, '-y', out], {
        purpose: 'analyze',
        label: 'speech audio',
        signal: options.signal,
        // A stream copy reads and writes packets only: no slot of the CPU limiter needed.
        heavy: !copy,
      });
      return out;
    } catch (error) {
      await rm(out, { force: true });
      throw error;
    }
  }
}
