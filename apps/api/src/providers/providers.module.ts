import { Module } from '@nestjs/common';
import { EgressModule } from '../egress';
import { SandboxMediaModule } from '../sandbox-media/sandbox-media.module';
import { ProvidersService } from './providers.service';
import { SandboxLlmRules } from './sandbox/sandbox-llm.rules';

/**
 * The outside systems Reelscout reads from and writes with: the video-data provider and the LLM,
 * live or sandboxed by key mode. Sandbox media is rendered by whatever provides
 * `SANDBOX_MEDIA_RENDERER` (the media module); without it, sandbox downloads answer 503. The
 * test-mode LLM answers with the rules each operation's module hands to `SandboxLlmRules`.
 */
@Module({
  imports: [SandboxMediaModule, EgressModule],
  providers: [ProvidersService, SandboxLlmRules],
  exports: [ProvidersService, SandboxLlmRules],
})
export class ProvidersModule {}
