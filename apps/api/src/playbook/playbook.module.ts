import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { MediaModule } from '../media/media.module';
import { OperationsModule } from '../operations/operations.module';
import { ProvidersModule } from '../providers/providers.module';
import { VideoSourceModule } from '../video-source/video-source.module';
import { PlaybookController } from './playbook.controller';
import { PlaybookService } from './playbook.service';
import { SpeechAudioExtractor } from './speech-audio.extractor';

@Module({
  imports: [ApiKeysModule, OperationsModule, ProvidersModule, MediaModule, VideoSourceModule],
  controllers: [PlaybookController],
  providers: [PlaybookService, SpeechAudioExtractor],
})
export class PlaybookModule {}
