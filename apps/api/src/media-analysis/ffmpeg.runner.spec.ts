import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '@reelscout/domain';
import { createMediaTestKit, type MediaTestKit } from '../sandbox-media/media.testing';

const ENDLESS = ['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-f', 'null', '-'];

describe('FfmpegRunner (real ffmpeg)', () => {
  let kit: MediaTestKit;
  beforeAll(() => {
    kit = createMediaTestKit({ MEDIA_CONCURRENCY: 1 });
  });
  afterAll(() => kit.cleanup());

  it('pipes stdin through ffmpeg and collects stdout', async () => {
    const samples = new Float32Array([0, 0.25, -0.5, 0.75]);
    const result = await kit.runner.ffmpeg(
      ['-f', 'f32le', '-ar', '8000', '-ac', '1', '-i', 'pipe:0', '-f', 'f32le', 'pipe:1'],
      {
        purpose: 'render',
        label: 'passthrough',
        stdin: Buffer.from(samples.buffer),
        stdoutMaxBytes: 1024,
      },
    );
    const { buffer, byteOffset, length } = result.stdout;
    const echoed = new Float32Array(buffer.slice(byteOffset, byteOffset + length));
    expect([...echoed]).toEqual([...samples]);
  });

  it('kills a job past its timeout: provider_error when reading media', async () => {
    const started = Date.now();
    const error = await kit.runner
      .ffmpeg(ENDLESS, { purpose: 'analyze', label: 'endless', timeoutMs: 300 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('provider_error');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('kills a job when its signal aborts and rejects with the reason', async () => {
    const controller = new AbortController();
    const reason = new DomainError('timeout', 'deadline passed');
    setTimeout(() => controller.abort(reason), 200);
    await expect(
      kit.runner.ffmpeg(ENDLESS, {
        purpose: 'analyze',
        label: 'endless',
        signal: controller.signal,
      }),
    ).rejects.toBe(reason);
  });

  it('maps a broken command to internal_error even when reading media', async () => {
    await expect(
      kit.runner.ffmpeg(['-f', 'lavfi', '-i', 'nosuchsource', '-f', 'null', '-'], {
        purpose: 'analyze',
        label: 'typo',
      }),
    ).rejects.toMatchObject({ code: 'internal_error' });
    await expect(kit.runner.probe(join(kit.dir, 'missing.mp4'))).rejects.toMatchObject({
      code: 'internal_error',
    });
  });

  it('maps an unreadable file to provider_error', async () => {
    const junk = join(kit.dir, 'junk.mp4');
    writeFileSync(junk, Buffer.alloc(4096, 7));
    await expect(kit.runner.probe(junk)).rejects.toMatchObject({ code: 'provider_error' });
  });

  it('stops a job whose output exceeds the cap', async () => {
    await expect(
      kit.runner.ffmpeg(
        ['-f', 'lavfi', '-i', 'sine=d=5:sample_rate=8000', '-f', 'f32le', 'pipe:1'],
        { purpose: 'analyze', label: 'chatty', stdoutMaxBytes: 1000 },
      ),
    ).rejects.toMatchObject({ code: 'provider_error' });
  });

  it('runs heavy jobs through the per-instance limiter', async () => {
    const job = () =>
      kit.runner.ffmpeg(['-f', 'lavfi', '-i', 'sine=d=1:sample_rate=8000', '-f', 'null', '-'], {
        purpose: 'analyze',
        label: 'tone',
      });
    const both = Promise.all([job(), job()]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(kit.runner.limiter.max).toBe(1);
    expect(kit.runner.limiter.active).toBe(1);
    expect(kit.runner.limiter.pending).toBe(1);
    await both;
    expect(kit.runner.limiter.active).toBe(0);
  });

  it('reports a missing binary as internal_error', async () => {
    const broken = createMediaTestKit({ FFMPEG_PATH: join(kit.dir, 'no-ffmpeg') });
    try {
      await expect(
        broken.runner.ffmpeg(['-version'], { purpose: 'analyze', label: 'version' }),
      ).rejects.toMatchObject({ code: 'internal_error' });
    } finally {
      broken.cleanup();
    }
  });
});
