import { Module } from '@nestjs/common';
import { AudioAnalyzer } from './audio-analyzer';
import { AudioReadingPool } from './audio-reading.pool';
import { FfmpegRunner } from './ffmpeg.runner';
import { OverlayTextService } from './overlay-candidates';
import { VideoAnalyzer } from './video-analyzer';

/**
 * ffmpeg and media analysis (docs/architecture.md §9, Media): the runner with its per-instance
 * limiter, video and audio analysis (audio read in worker threads), on-screen text candidates.
 * Needs the global ConfigModule.
 * The sandbox's media (test mode) is rendered by `SandboxMediaModule`, on this runner.
 */
@Module({
  providers: [
    FfmpegRunner,
    VideoAnalyzer,
    AudioAnalyzer,
    OverlayTextService,
    {
      // Audio readings at once: as many as the CPU-heavy ffmpeg jobs (MEDIA_CONCURRENCY), from
      // the settings the runner has already read.
      provide: AudioReadingPool,
      useFactory: (ffmpeg: FfmpegRunner) => new AudioReadingPool(ffmpeg.settings.concurrency),
      inject: [FfmpegRunner],
    },
  ],
  exports: [FfmpegRunner, VideoAnalyzer, AudioAnalyzer, OverlayTextService],
})
export class MediaAnalysisModule {}
