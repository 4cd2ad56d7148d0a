import { Module } from '@nestjs/common';
import { MarketsService } from './markets.service';

/**
 * Links, markets and languages for the operations. The pure rules (link parsing, market
 * inference, languages) live in `@reelscout/domain`; this module resolves short links through
 * the resolver of the caller's mode (see `ShortLinkResolver`).
 */
@Module({
  providers: [MarketsService],
  exports: [MarketsService],
})
export class LinkResolutionModule {}
