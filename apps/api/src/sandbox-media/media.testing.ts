import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mediaConfig, validateEnvironment } from '../config';
import { AudioAnalyzer } from '../media-analysis/audio-analyzer';
import { AudioReadingPool } from '../media-analysis/audio-reading.pool';
import { FfmpegRunner } from '../media-analysis/ffmpeg.runner';
import { SandboxMediaRendererService } from './sandbox-media.renderer';
import { VideoAnalyzer } from '../media-analysis/video-analyzer';

/** Real media services on a private cache directory, for specs (no mocks of ffmpeg). */
export interface MediaTestKit {
  dir: string;
  runner: FfmpegRunner;
  video: VideoAnalyzer;
  audio: AudioAnalyzer;
  renderer: SandboxMediaRendererService;
  cleanup(): void;
}

export function createMediaTestKit(settings: Record<string, unknown> = {}): MediaTestKit {
  const dir = mkdtempSync(join(tmpdir(), 'reelscout-media-spec-'));
  const environment = validateEnvironment({
    DATABASE_URL: 'postgres://127.0.0.1/unused',
    MEDIA_CACHE_DIR: join(dir, 'cache'),
    ...settings,
  });
  const runner = new FfmpegRunner(mediaConfig.from(environment));
  // Audio is read in worker threads, as in the app; cleanup stops them.
  const readings = new AudioReadingPool(runner.settings.concurrency);
  return {
    dir,
    runner,
    video: new VideoAnalyzer(runner),
    audio: new AudioAnalyzer(runner, readings),
    renderer: new SandboxMediaRendererService(runner),
    cleanup: () => {
      void readings.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
