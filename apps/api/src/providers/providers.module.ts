import { Module } from '@nestjs/common';
import { EgressModule } from '../egress';
import { SandboxMediaModule } from '../sandbox-media/sandbox-media.module';
import { ProvidersService } from './providers.service';

/**
 * The outside systems Reelscout reads from and writes with: the video-data provider and the LLM,
 * live or sandboxed by key mode. Sandbox media is rendered by whatever provides
 * `SANDBOX_MEDIA_RENDERER` (the media module); without it, sandbox downloads answer 503.
 */
@Module({
  imports: [SandboxMediaModule, EgressModule],
  providers: [ProvidersService],
  exports: [ProvidersService],
})
export class ProvidersModule {}
