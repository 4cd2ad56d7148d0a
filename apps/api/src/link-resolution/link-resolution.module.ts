import { Module } from '@nestjs/common';
import { MarketsService } from './markets.service';
import { EgressGuard, EgressModule } from '../egress';
import { EgressRedirectTransport, REDIRECT_TRANSPORT } from './redirect-transport';
import { SafeRedirectFollower } from './safe-redirect-follower';

/**
 * Links, markets and languages for the operations. The pure rules (link parsing, market
 * inference, languages) live in `@reelscout/domain`; this module adds what needs the network.
 */
@Module({
  imports: [EgressModule],
  providers: [
    {
      provide: REDIRECT_TRANSPORT,
      inject: [EgressGuard],
      useFactory: (egress: EgressGuard) => new EgressRedirectTransport(egress),
    },
    SafeRedirectFollower,
    MarketsService,
  ],
  exports: [MarketsService, SafeRedirectFollower],
})
export class LinkResolutionModule {}
