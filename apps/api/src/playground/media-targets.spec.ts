import { mediaKey, mediaTargetOf, frameKind } from './media-targets';

const scan = {
  market: 'network_b',
  reels: [
    {
      id: 'network_b:1',
      url: 'https://www.douyin.com/video/1',
      coverUrl: 'https://cdn.example/1.jpg',
    },
    { id: 'network_b:2', coverUrl: null },
  ],
};
const playbook = {
  reel: { id: '74', url: 'https://www.tiktok.com/@a/video/74', market: 'network_a' },
  playbook: {
    scenes: [
      { start: 0, end: 2.5, description: 'a' },
      { start: 2.5, end: 6, description: 'b' },
    ],
  },
};
const music = {
  market: 'network_a',
  video: { id: '74', url: 'https://www.tiktok.com/@a/video/74', durationSec: 10 },
  suggestions: [{ soundId: '72', previewUrl: 'https://cdn.example/72.m4a' }],
};

const notFound = (param: string) => expect.objectContaining({ code: 'not_found', param });

describe('mediaTargetOf', () => {
  it('scan: the cover of reel i', () => {
    expect(mediaTargetOf('scan', scan, 'cover', 0)).toEqual({
      kind: 'reel-cover',
      market: 'network_b',
      id: 'network_b:1',
      coverUrl: 'https://cdn.example/1.jpg',
      // The permalink, to look the post up again when the cover link has expired.
      url: 'https://www.douyin.com/video/1',
    });
  });

  it('scan: out of range, or a reel without a cover → 404 index; no video, frames or audio', () => {
    expect(() => mediaTargetOf('scan', scan, 'cover', 2)).toThrow(
      expect.objectContaining({ code: 'not_found', param: 'index' }),
    );
    expect(() => mediaTargetOf('scan', scan, 'cover', 1)).toThrow(notFound('index'));
    expect(() => mediaTargetOf('scan', scan, 'video', 0)).toThrow(notFound('id'));
    expect(() => mediaTargetOf('scan', scan, 'frame', 0)).toThrow(notFound('id'));
    expect(() => mediaTargetOf('scan', scan, 'audio', 0)).toThrow(notFound('id'));
  });

  it('playbook: the video, its cover (index 0 only) and every scene frame time', () => {
    const video = { market: 'network_a', id: '74', url: playbook.reel.url };
    expect(mediaTargetOf('playbook', playbook, 'video', 0)).toEqual({ kind: 'video', video });
    expect(mediaTargetOf('playbook', playbook, 'cover', 0)).toEqual({ kind: 'video-cover', video });
    expect(() => mediaTargetOf('playbook', playbook, 'cover', 1)).toThrow(notFound('index'));
    expect(mediaTargetOf('playbook', playbook, 'frame', 1)).toEqual({
      kind: 'frame',
      video,
      times: [0.1, 2.6],
      index: 1,
    });
    expect(() => mediaTargetOf('playbook', playbook, 'frame', 2)).toThrow(notFound('index'));
    expect(() => mediaTargetOf('playbook', playbook, 'audio', 0)).toThrow(notFound('id'));
  });

  it('music: audio previews and the video, but no frames (no scenes were analysed)', () => {
    expect(mediaTargetOf('music', music, 'audio', 0)).toEqual({
      kind: 'audio',
      market: 'network_a',
      soundId: '72',
      previewUrl: 'https://cdn.example/72.m4a',
    });
    expect(mediaTargetOf('music', music, 'video', 0)).toEqual(
      expect.objectContaining({ kind: 'video' }),
    );
    expect(() => mediaTargetOf('music', music, 'audio', 1)).toThrow(notFound('index'));
    expect(() => mediaTargetOf('music', music, 'frame', 0)).toThrow(notFound('id'));
  });

  it('assist and malformed results have no media', () => {
    expect(() => mediaTargetOf('assist', { intent: 'chat' }, 'cover', 0)).toThrow(notFound('id'));
    expect(() => mediaTargetOf('playbook', null, 'frame', 0)).toThrow(notFound('id'));
    expect(() => mediaTargetOf('playbook', { reel: {} }, 'video', 0)).toThrow(notFound('id'));
  });

  it('keys name network, id and kind; a frame by its time', () => {
    expect(mediaKey('live', 'network_b', 'network_b:1', 'cover')).toBe(
      'live/network_b/network_b:1/cover',
    );
    expect(mediaKey('test', 'network_a', '7400', 'cover')).not.toBe(
      mediaKey('live', 'network_a', '7400', 'cover'),
    );
    expect(frameKind(2.58)).toBe('frame@2580ms');
  });
});
