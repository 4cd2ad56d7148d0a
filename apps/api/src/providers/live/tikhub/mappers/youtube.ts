import { canonicalUrlFor, namespacedIdFor } from '@reelscout/domain';
import type { Post } from '../../../provider.types';
import {
  anyUrl,
  asArray,
  asObject,
  at,
  count,
  dateToIso,
  firstDefined,
  idText,
  seconds,
  text,
} from '../../json-read';
import { handleOf, hashtagsFromText, unwrapFirst } from './common';

/** YouTube video lookups (playbook and music accept their links; they belong to network_a). */

/** A YouTube video (short) from a video-info lookup. */
export function mapYoutubeVideo(payload: unknown, requestedId: string): Post | null {
  const video = unwrapFirst(payload, [['video'], ['data'], ['videoDetails'], []]);
  if (!video) return null;
  const id = idText(firstDefined(video.id, video.videoId, video.video_id)) ?? requestedId;
  const channel = asObject(firstDefined(video.channel, video.author, video.owner)) ?? {};
  const thumbnails = asArray(firstDefined(video.thumbnails, at(video, 'thumbnail', 'thumbnails')));
  const description = text(firstDefined(video.description, video.shortDescription));
  const title = text(video.title);
  const caption = [title, description].filter((part) => part !== null).join('\n') || null;

  return {
    platform: 'youtube',
    market: 'network_a',
    id,
    namespacedId: namespacedIdFor('youtube', id),
    url: canonicalUrlFor('youtube', id),
    kind: 'video',
    caption,
    hashtags: hashtagsFromText(caption),
    authorHandle: handleOf(firstDefined(channel.handle, channel.username, video.channelHandle)),
    authorName: text(firstDefined(channel.name, channel.title, video.channelTitle, video.author)),
    authorFollowers: count(firstDefined(channel.subscriberCount, channel.subscriber_count)),
    postedAt: dateToIso(
      firstDefined(video.publishedAt, video.publishDate, video.publish_date, video.uploadDate),
    ),
    durationSec: seconds(
      firstDefined(video.lengthSeconds, video.length_seconds, video.duration, video.lengthSec),
    ),
    coverUrl: anyUrl(thumbnails[thumbnails.length - 1], video.thumbnail),
    mediaUrl: anyUrl(
      at(video, 'videos', 'items', 0),
      at(video, 'formats', 0),
      at(video, 'streamingData', 'formats', 0),
    ),
    stats: {
      playCount: count(
        firstDefined(video.viewCount, video.view_count, at(video, 'stats', 'views')),
      ),
      likeCount: count(
        firstDefined(video.likeCount, video.like_count, at(video, 'stats', 'likes')),
      ),
      commentCount: count(
        firstDefined(video.commentCount, video.comment_count, at(video, 'stats', 'comments')),
      ),
      shareCount: null,
      collectCount: null,
    },
    captions: null,
    sound: null,
  };
}
