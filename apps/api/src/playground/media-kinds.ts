import { DomainError } from '@reelscout/domain';

/** Most items a result can hold that a media route reads (scan: 20 reels; scenes; sounds). */
export const MAX_MEDIA_INDEX = 999;

/**
 * The `{index}` of a media route: a decimal integer 0–999 without a sign, a fraction or leading
 * zeros; anything else names no item (404 `not_found`, param `index`).
 */
export function parseMediaIndex(raw: string): number {
  if (!/^(0|[1-9][0-9]{0,2})$/.test(raw)) throw noSuchItem();
  const index = Number(raw);
  if (index > MAX_MEDIA_INDEX) throw noSuchItem();
  return index;
}

export function noSuchItem(): DomainError {
  return new DomainError('not_found', 'This job has no media at that index.', { param: 'index' });
}

/** Content types of the files the cache holds, by extension. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
};

/**
 * What a media file is, from its first bytes (a CDN's Content-Type is often generic or wrong):
 * its extension in the cache, or null when it is none of the kinds we serve.
 */
export function sniffMediaExtension(head: Buffer, kind: 'video' | 'audio'): string | null {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (head.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand === 'qt  ') return kind === 'video' ? 'mov' : 'm4a';
    return kind === 'audio' || brand.startsWith('M4A') ? 'm4a' : 'mp4';
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (kind === 'audio') {
    if (ascii(0, 3) === 'ID3') return 'mp3';
    if (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0) {
      // MPEG audio frame sync; ADTS AAC has layer bits 00.
      return (head[1] & 0x06) === 0 ? 'aac' : 'mp3';
    }
    if (ascii(0, 4) === 'OggS') return 'ogg';
    if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  }
  return null;
}

/** A JPEG starts with an SOI marker and a segment marker. */
export function isJpeg(head: Buffer): boolean {
  return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

/**
 * Where the frame of a scene is taken: just after its measured start (the cut), so the frame
 * shows the new shot and not the last frame of the one before; never past its middle.
 */
export function frameTimeOf(scene: { start: number; end: number }): number {
  const start = Math.max(0, scene.start);
  const length = Math.max(0, scene.end - start);
  return Math.round((start + Math.min(0.1, length / 2)) * 1000) / 1000;
}
