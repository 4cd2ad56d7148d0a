import { Module } from '@nestjs/common';
import { LinkResolutionModule } from '../link-resolution/link-resolution.module';
import { MediaAnalysisModule } from '../media-analysis/media-analysis.module';
import { ProvidersModule } from '../providers/providers.module';
import { VideoSourceService } from './video-source.service';

@Module({
  imports: [LinkResolutionModule, MediaAnalysisModule, ProvidersModule],
  providers: [VideoSourceService],
  exports: [VideoSourceService],
})
export class VideoSourceModule {}
