import { Module } from '@nestjs/common';
import { MarketsService } from './markets.service';
import { GuardedHttpsTransport, REDIRECT_TRANSPORT } from './redirect-transport';
import { SafeRedirectFollower } from './safe-redirect-follower';

/**
 * Links, markets and languages for the operations. The pure rules (link parsing, market
 * inference, languages) live in `@reelscout/domain`; this module adds what needs the network.
 */
@Module({
  providers: [
    { provide: REDIRECT_TRANSPORT, useFactory: () => new GuardedHttpsTransport() },
    SafeRedirectFollower,
    MarketsService,
  ],
  exports: [MarketsService, SafeRedirectFollower],
})
export class MarketsModule {}
