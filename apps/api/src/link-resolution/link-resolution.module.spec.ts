import { ConfigModule } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { LinkResolutionModule } from './link-resolution.module';
import { MarketsService } from './markets.service';
import { REDIRECT_TRANSPORT, type RedirectTransport } from './redirect-transport';
import { SafeRedirectFollower } from './safe-redirect-follower';

describe('LinkResolutionModule', () => {
  it('provides the service and the follower, with an overridable transport', async () => {
    const requested: string[] = [];
    const transport: RedirectTransport = {
      probe: async (url) => {
        requested.push(url.toString());
        return { status: 301, location: 'https://www.youtube.com/shorts/dQw4w9WgXcQ' };
      },
    };
    const moduleRef = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot({ ignoreEnvFile: true, isGlobal: true }),
        LinkResolutionModule,
      ],
    })
      .overrideProvider(REDIRECT_TRANSPORT)
      .useValue(transport)
      .compile();

    const service = moduleRef.get(MarketsService);
    const follower = moduleRef.get(SafeRedirectFollower);
    const ref = await service.resolveVideo('https://vm.tiktok.com/ZMeAbCd12/', follower);
    expect(ref.namespacedId).toBe('youtube:dQw4w9WgXcQ');
    expect(requested).toEqual(['https://vm.tiktok.com/ZMeAbCd12/']);
  });
});
