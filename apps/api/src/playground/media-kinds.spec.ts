import { DomainError } from '@reelscout/domain';
import { frameTimeOf, isJpeg, parseMediaIndex, sniffMediaExtension } from './media-kinds';

describe('parseMediaIndex', () => {
  it.each([
    ['0', 0],
    ['7', 7],
    ['19', 19],
    ['999', 999],
  ])('%s → %d', (raw, index) => {
    expect(parseMediaIndex(raw)).toBe(index);
  });

  it.each(['', '-1', '01', '1.5', '1e2', ' 1', '1 ', 'x', '1000', '0x1', '+1', '９'])(
    '%j is no index: 404 not_found, param index',
    (raw) => {
      let thrown: unknown;
      try {
        parseMediaIndex(raw);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      expect(thrown).toEqual(expect.objectContaining({ code: 'not_found', param: 'index' }));
    },
  );
});

describe('sniffMediaExtension', () => {
  const mp4 = (brand: string) =>
    Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1')]);

  it('tells MP4 video from M4A audio by kind and brand', () => {
    expect(sniffMediaExtension(mp4('isom'), 'video')).toBe('mp4');
    expect(sniffMediaExtension(mp4('isom'), 'audio')).toBe('m4a');
    expect(sniffMediaExtension(mp4('M4A '), 'video')).toBe('m4a');
    expect(sniffMediaExtension(mp4('qt  '), 'video')).toBe('mov');
  });

  it('knows the audio formats previews come in', () => {
    expect(sniffMediaExtension(Buffer.from('ID3\u0004\u0000', 'latin1'), 'audio')).toBe('mp3');
    expect(sniffMediaExtension(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 'audio')).toBe('mp3');
    expect(sniffMediaExtension(Buffer.from([0xff, 0xf1, 0x50, 0x80]), 'audio')).toBe('aac');
    expect(sniffMediaExtension(Buffer.from('OggS\u0000', 'latin1'), 'audio')).toBe('ogg');
    expect(
      sniffMediaExtension(Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVE', 'latin1'), 'audio'),
    ).toBe('wav');
    expect(sniffMediaExtension(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), 'video')).toBe('webm');
  });

  it('refuses anything else (a page, an image, nothing)', () => {
    expect(sniffMediaExtension(Buffer.from('<!doctype html>', 'latin1'), 'video')).toBeNull();
    expect(sniffMediaExtension(Buffer.from('ID3', 'latin1'), 'video')).toBeNull();
    expect(sniffMediaExtension(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'audio')).toBeNull();
    expect(sniffMediaExtension(Buffer.alloc(0), 'audio')).toBeNull();
  });

  it('isJpeg reads the start-of-image marker', () => {
    expect(isJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(isJpeg(Buffer.from('RIFF', 'latin1'))).toBe(false);
  });
});

describe('frameTimeOf', () => {
  it('takes the frame just after the cut, never past the middle of a short scene', () => {
    expect(frameTimeOf({ start: 0, end: 3 })).toBe(0.1);
    expect(frameTimeOf({ start: 2.48, end: 5 })).toBe(2.58);
    expect(frameTimeOf({ start: 4, end: 4.1 })).toBe(4.05);
    expect(frameTimeOf({ start: -1, end: 2 })).toBe(0.1);
    expect(frameTimeOf({ start: 3, end: 3 })).toBe(3);
  });
});
