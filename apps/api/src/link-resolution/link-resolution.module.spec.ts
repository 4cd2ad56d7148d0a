import { Test } from '@nestjs/testing';
import { LinkResolutionModule } from './link-resolution.module';
import { MarketsService } from './markets.service';
import type { ShortLinkResolver } from './short-link-resolver';

describe('LinkResolutionModule', () => {
  it('provides the service, which resolves a short link through the resolver it is given', async () => {
    const requested: string[] = [];
    const resolver: ShortLinkResolver = {
      resolve: async (url) => {
        requested.push(url);
        return 'https://www.youtube.com/shorts/dQw4w9WgXcQ';
      },
    };
    const moduleRef = await Test.createTestingModule({ imports: [LinkResolutionModule] }).compile();

    const service = moduleRef.get(MarketsService);
    const ref = await service.resolveVideo('https://vm.tiktok.com/ZMeAbCd12/', resolver);
    expect(ref.namespacedId).toBe('youtube:dQw4w9WgXcQ');
    expect(requested).toEqual(['https://vm.tiktok.com/ZMeAbCd12/']);
  });
});
