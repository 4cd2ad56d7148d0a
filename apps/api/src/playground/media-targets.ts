import { DomainError } from '@reelscout/domain';
import { frameTimeOf, noSuchItem } from './media-kinds';

/** The media a route can serve of one job (see `mediaTargetOf`). */
export type MediaRoute = 'cover' | 'frame' | 'video' | 'audio';

/** A video a result names: its network, its public id and its canonical link. */
export interface ResultVideo {
  market: string;
  id: string;
  url: string;
}

export type MediaTarget =
  /**
   * A scan reel's cover: the provider's cover URL (test mode: the sandbox's), and the reel's
   * permalink, to look the post up again when that URL has expired.
   */
  | { kind: 'reel-cover'; market: string; id: string; coverUrl: string; url: string | null }
  /** The analysed video's cover (playbook, music): the post's cover, else a frame of the video. */
  | { kind: 'video-cover'; video: ResultVideo }
  | { kind: 'video'; video: ResultVideo }
  /** Scene `index`'s frame; every scene's frame time, so that all are taken at once. */
  | { kind: 'frame'; video: ResultVideo; times: number[]; index: number }
  | { kind: 'audio'; market: string; soundId: string; previewUrl: string };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;

function notAnalysed(): DomainError {
  return new DomainError(
    'not_found',
    'This job analysed no video scenes: frames exist only for a succeeded playbook.',
    { param: 'id' },
  );
}

function noMediaOfKind(route: MediaRoute, operation: string): DomainError {
  return new DomainError('not_found', `A ${operation} job has no ${route} media.`, {
    param: 'id',
  });
}

function itemAt(list: unknown, index: number): Json {
  if (!Array.isArray(list) || index >= list.length || !isObject(list[index])) throw noSuchItem();
  return list[index] as Json;
}

/** The analysed video of a playbook (`reel`) or music (`video`, market beside it) result. */
function resultVideo(operation: string, result: Json): ResultVideo | null {
  const source = operation === 'playbook' ? result.reel : result.video;
  if (!isObject(source)) return null;
  const market = operation === 'playbook' ? text(source.market) : text(result.market);
  const id = text(source.id);
  const url = text(source.url);
  return market && id && url ? { market, id, url } : null;
}

/**
 * What a media route serves of a succeeded job's result, or a 404 `not_found`: an index out of
 * range (`param: index`), a kind the operation does not have, or a frame of a job that analysed
 * no scenes (`param: id`). Pure: reads only the stored result.
 */
export function mediaTargetOf(
  operation: string,
  result: unknown,
  route: MediaRoute,
  index: number,
): MediaTarget {
  if (!isObject(result)) throw noMediaOfKind(route, operation);
  if (route === 'frame' && operation !== 'playbook') throw notAnalysed();
  if (operation === 'scan') {
    if (route !== 'cover') throw noMediaOfKind(route, operation);
    const reel = itemAt(result.reels, index);
    const market = text(result.market);
    const id = text(reel.id);
    const coverUrl = text(reel.coverUrl);
    if (!market || !id || !coverUrl) throw noSuchItem();
    return { kind: 'reel-cover', market, id, coverUrl, url: text(reel.url) };
  }
  if (operation !== 'playbook' && operation !== 'music') throw noMediaOfKind(route, operation);
  const video = resultVideo(operation, result);
  if (!video) throw noMediaOfKind(route, operation);
  switch (route) {
    case 'cover':
    case 'video':
      if (index !== 0) throw noSuchItem();
      return route === 'cover' ? { kind: 'video-cover', video } : { kind: 'video', video };
    case 'frame': {
      const document = isObject(result.playbook) ? result.playbook : {};
      const scenes = Array.isArray(document.scenes) ? document.scenes : [];
      itemAt(scenes, index);
      const times = scenes.map((scene) => {
        const s = isObject(scene) ? scene : {};
        return frameTimeOf({ start: Number(s.start) || 0, end: Number(s.end) || 0 });
      });
      return { kind: 'frame', video, times, index };
    }
    case 'audio': {
      if (operation !== 'music') throw noMediaOfKind(route, operation);
      const suggestion = itemAt(result.suggestions, index);
      const soundId = text(suggestion.soundId);
      const previewUrl = text(suggestion.previewUrl);
      if (!soundId || !previewUrl) throw noSuchItem();
      return { kind: 'audio', market: video.market, soundId, previewUrl };
    }
  }
}

/**
 * The cache key of one media file: mode, network, video or sound id, kind. The mode keeps the
 * sandbox's media and live media apart even where their ids look alike.
 */
export function mediaKey(mode: string, market: string, id: string, kind: string): string {
  return `${mode}/${market}/${id}/${kind}`;
}

/** The cache kind of a frame taken at `seconds` (per time: two analyses of one video share). */
export function frameKind(seconds: number): string {
  return `frame@${Math.round(seconds * 1000)}ms`;
}
