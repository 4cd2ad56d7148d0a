import { Global, Module } from '@nestjs/common';
import { PROVIDERS_HOOKS } from '../../src/providers/providers.service';

/**
 * Lets the live adapter download media from the fake provider on 127.0.0.1 (tests and
 * benches only: production refuses private and loopback media hosts).
 */
@Global()
@Module({
  providers: [{ provide: PROVIDERS_HOOKS, useValue: { allowPrivateMediaHosts: true } }],
  exports: [PROVIDERS_HOOKS],
})
export class LocalMediaHooksModule {}
