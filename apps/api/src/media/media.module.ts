import { Module } from '@nestjs/common';
import { AudioAnalyzer } from './audio-analyzer';
import { FfmpegRunner } from './ffmpeg.runner';
import { OverlayTextService } from './overlay-candidates';
import { SandboxMediaRendererService } from './sandbox-media.renderer';
import { SANDBOX_MEDIA_RENDERER } from './sandbox-media.types';
import { VideoAnalyzer } from './video-analyzer';

/**
 * ffmpeg and audio analysis (ARCHITECTURE.md §9, Media): the runner with its per-instance
 * limiter, video and audio analysis, on-screen text candidates, and the sandbox media renderer
 * (also under `SANDBOX_MEDIA_RENDERER` for the providers module). Needs the global ConfigModule.
 */
@Module({
  providers: [
    FfmpegRunner,
    VideoAnalyzer,
    AudioAnalyzer,
    OverlayTextService,
    SandboxMediaRendererService,
    { provide: SANDBOX_MEDIA_RENDERER, useExisting: SandboxMediaRendererService },
  ],
  exports: [
    FfmpegRunner,
    VideoAnalyzer,
    AudioAnalyzer,
    OverlayTextService,
    SandboxMediaRendererService,
    SANDBOX_MEDIA_RENDERER,
  ],
})
export class MediaModule {}
