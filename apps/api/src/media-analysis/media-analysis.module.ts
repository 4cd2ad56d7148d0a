import { Module } from '@nestjs/common';
import { AudioAnalyzer } from './audio-analyzer';
import { FfmpegRunner } from './ffmpeg.runner';
import { OverlayTextService } from './overlay-candidates';
import { VideoAnalyzer } from './video-analyzer';

/**
 * ffmpeg and media analysis (ARCHITECTURE.md §9, Media): the runner with its per-instance
 * limiter, video and audio analysis, on-screen text candidates. Needs the global ConfigModule.
 * The sandbox's media (test mode) is rendered by `SandboxMediaModule`, on this runner.
 */
@Module({
  providers: [FfmpegRunner, VideoAnalyzer, AudioAnalyzer, OverlayTextService],
  exports: [FfmpegRunner, VideoAnalyzer, AudioAnalyzer, OverlayTextService],
})
export class MediaAnalysisModule {}
