import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '@reelscout/domain';
import { createMediaTestKit, type MediaTestKit } from '../sandbox-media/media.testing';

/**
 * A downloaded "video" whose bytes are an HLS or concat playlist naming a file of this machine:
 * ffmpeg picks its demuxer from the content, so without a format whitelist it would read that
 * file as if it were the download. The analyzers refuse it as unreadable media (`provider_error`),
 * and still read the containers we expect. Real ffmpeg and ffprobe, no mocks.
 */
describe('media inputs: only the formats we expect', () => {
  let kit: MediaTestKit;
  let local: string;

  beforeAll(async () => {
    kit = createMediaTestKit({ MEDIA_CONCURRENCY: 1 });
    // A real file on this machine that a playlist could point at.
    local = join(kit.dir, 'local-file.mp4');
    await kit.runner.ffmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=2:size=64x64:rate=10',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:duration=2',
        '-shortest',
        '-pix_fmt',
        'yuv420p',
        '-f',
        'mp4',
        '-y',
        local,
      ],
      { purpose: 'render', label: 'spec media' },
    );
  });
  afterAll(() => kit.cleanup());

  /** A "download" with these bytes, named as media downloads are (`.mp4`). */
  const download = (name: string, text: string) => {
    const path = join(kit.dir, `${name}.mp4`);
    writeFileSync(path, text);
    return path;
  };

  const playlists = () => [
    [
      'an HLS playlist',
      download(
        'hls',
        `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nfile:${local}\n#EXT-X-ENDLIST\n`,
      ),
    ],
    ['a concat list', download('concat', `ffconcat version 1.0\nfile 'local-file.mp4'\n`)],
  ];

  it('refuses a playlist served as a video: provider_error, the file it names unread', async () => {
    for (const [what, path] of playlists()) {
      const decoded = await kit.audio.decode(path, 2).then(
        () => 'decoded',
        (error: unknown) => error,
      );
      expect({ what, code: (decoded as DomainError).code }).toEqual({
        what,
        code: 'provider_error',
      });
      expect(decoded).toBeInstanceOf(DomainError);
      await expect(kit.video.analyze(path, { maxSeconds: 2 })).rejects.toMatchObject({
        code: 'provider_error',
      });
    }
  });

  it('still reads the containers we expect', async () => {
    const pcm = await kit.audio.decode(local, 2);
    expect(pcm.samples.length).toBeGreaterThan(pcm.sampleRate);
    const probe = await kit.runner.probe(local);
    expect(probe.hasAudio).toBe(true);
  });
});
