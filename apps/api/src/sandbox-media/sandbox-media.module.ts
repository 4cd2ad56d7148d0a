import { Module } from '@nestjs/common';
import { MediaAnalysisModule } from '../media-analysis/media-analysis.module';
import { SandboxMediaRendererService } from './sandbox-media.renderer';
import { SANDBOX_MEDIA_RENDERER } from './sandbox-media.types';

/**
 * The sandbox's real media (test mode): videos and sounds rendered with ffmpeg from their specs
 * and cached, also under `SANDBOX_MEDIA_RENDERER` for the providers module.
 */
@Module({
  imports: [MediaAnalysisModule],
  providers: [
    SandboxMediaRendererService,
    { provide: SANDBOX_MEDIA_RENDERER, useExisting: SandboxMediaRendererService },
  ],
  exports: [MediaAnalysisModule, SandboxMediaRendererService, SANDBOX_MEDIA_RENDERER],
})
export class SandboxMediaModule {}
