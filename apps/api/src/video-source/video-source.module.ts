import { Module } from '@nestjs/common';
import { MarketsModule } from '../markets/markets.module';
import { MediaModule } from '../media/media.module';
import { ProvidersModule } from '../providers/providers.module';
import { VideoSourceService } from './video-source.service';

@Module({
  imports: [MarketsModule, MediaModule, ProvidersModule],
  providers: [VideoSourceService],
  exports: [VideoSourceService],
})
export class VideoSourceModule {}
