import type { CaptionTrack, Post, PostKind, SoundSummary } from '../../../provider.types';
import {
  anyUrl,
  asArray,
  asObject,
  at,
  bool,
  count,
  firstDefined,
  idText,
  seconds,
  text,
  unixToIso,
  type JsonObject,
} from '../../json-read';
import { handleOf, hashtagsOf, permalink } from './common';

/** A network_a post in the web format (`itemStruct`). */
export function mapWebItem(raw: unknown): Post | null {
  const item = asObject(raw);
  if (!item) return null;
  const id = idText(firstDefined(item.id, item.aweme_id));
  if (!id) return null;
  const author = asObject(item.author) ?? {};
  const video = asObject(item.video) ?? {};
  const stats = asObject(item.stats) ?? {};
  const statsV2 = asObject(item.statsV2) ?? {};
  const handle = handleOf(author.uniqueId);
  const kind: PostKind = item.imagePost ? 'photo' : 'video';
  // statsV2 carries the same counters as strings, which survive values past 2^53: prefer it.
  const stat = (key: string) => count(firstDefined(statsV2[key], stats[key]));

  return {
    platform: 'network_a',
    market: 'network_a',
    id,
    namespacedId: id,
    url: permalink('network_a', id, kind, handle),
    kind,
    caption: text(item.desc),
    hashtags: hashtagsOf(
      asArray(item.textExtra).map((entry) => at(entry, 'hashtagName')),
      asArray(item.challenges).map((entry) => at(entry, 'title')),
    ),
    authorHandle: handle,
    authorName: text(author.nickname),
    authorFollowers: count(
      firstDefined(
        at(item, 'authorStatsV2', 'followerCount'),
        at(item, 'authorStats', 'followerCount'),
      ),
    ),
    postedAt: unixToIso(item.createTime),
    durationSec: seconds(video.duration),
    coverUrl: anyUrl(video.cover, video.originCover, video.dynamicCover),
    mediaUrl: kind === 'video' ? anyUrl(video.playAddr, video.downloadAddr) : null,
    stats: {
      playCount: stat('playCount'),
      likeCount: stat('diggCount'),
      commentCount: stat('commentCount'),
      shareCount: stat('shareCount'),
      collectCount: stat('collectCount'),
    },
    captions: webCaptions(video),
    sound: item.music === undefined ? null : mapWebMusic(item.music),
  };
}

function webCaptions(video: JsonObject): CaptionTrack | null {
  const infos = asArray(video.subtitleInfos);
  const webvtt = infos.find((info) => /vtt/i.test(String(at(info, 'Format') ?? ''))) ?? infos[0];
  const url = anyUrl(at(webvtt, 'Url'), at(webvtt, 'url'));
  if (!url) return null;
  return {
    language: text(firstDefined(at(webvtt, 'LanguageCodeName'), at(webvtt, 'LanguageID'))),
    segments: null,
    url,
  };
}

/** network_a web-format `music`. */
export function mapWebMusic(raw: unknown): SoundSummary | null {
  const music = asObject(raw);
  if (!music) return null;
  const id = idText(firstDefined(music.id, music.idStr));
  if (!id) return null;
  return {
    market: 'network_a',
    id,
    namespacedId: id,
    title: text(music.title),
    author: text(firstDefined(music.authorName, music.author)),
    durationSec: seconds(music.duration),
    coverUrl: anyUrl(music.coverLarge, music.coverMedium, music.coverThumb),
    playUrl: anyUrl(music.playUrl),
    isOriginal: bool(music.original),
    commercial: null,
  };
}
