import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test } from '@nestjs/testing';
import { configModule } from '../config';
import { AudioAnalyzer } from './audio-analyzer';
import { FfmpegRunner } from './ffmpeg.runner';
import { SandboxMediaModule } from '../sandbox-media/sandbox-media.module';
import { OverlayTextService } from './overlay-candidates';
import { SandboxMediaRendererService } from '../sandbox-media/sandbox-media.renderer';
import { SANDBOX_MEDIA_RENDERER } from '../sandbox-media/sandbox-media.types';
import { VideoAnalyzer } from './video-analyzer';

describe('MediaModule', () => {
  it('wires the services, the renderer token and the settings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelscout-media-module-'));
    try {
      const moduleRef = await Test.createTestingModule({
        imports: [
          configModule({
            environment: {
              DATABASE_URL: 'postgres://127.0.0.1/unused',
              MEDIA_CONCURRENCY: 3,
              MEDIA_CACHE_DIR: dir,
            },
          }),
          SandboxMediaModule,
        ],
      }).compile();
      const runner = moduleRef.get(FfmpegRunner);
      expect(runner.limiter.max).toBe(3);
      expect(runner.settings.cacheDir).toBe(dir);
      expect(runner.settings.maxDownloadBytes).toBe(200 * 1024 * 1024);
      expect(runner.settings.fontFile).toMatch(/DejaVuSans\.ttf$/);
      expect(moduleRef.get(SANDBOX_MEDIA_RENDERER)).toBe(
        moduleRef.get(SandboxMediaRendererService),
      );
      expect(moduleRef.get(VideoAnalyzer)).toBeInstanceOf(VideoAnalyzer);
      expect(moduleRef.get(AudioAnalyzer)).toBeInstanceOf(AudioAnalyzer);
      expect(moduleRef.get(OverlayTextService).detects).toBe(false);
      await moduleRef.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
