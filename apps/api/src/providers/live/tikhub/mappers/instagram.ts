import { canonicalUrlFor, namespacedIdFor } from '@reelscout/domain';
import type { Post, PostKind, SoundSummary } from '../../../provider.types';
import {
  anyUrl,
  asObject,
  at,
  bool,
  count,
  firstDefined,
  idText,
  msToSeconds,
  seconds,
  text,
  unixToIso,
  type JsonObject,
} from '../../json-read';
import { handleOf, hashtagsFromText, unwrapFirst } from './common';

/** Instagram post lookups (playbook and music accept their links; they belong to network_a). */

/** An Instagram media item (private API or GraphQL shape) from a post-by-URL lookup. */
export function mapInstagramMedia(payload: unknown, requestedCode: string): Post | null {
  const media = unwrapFirst(payload, [
    ['items', 0],
    ['data', 'xdt_shortcode_media'],
    ['xdt_shortcode_media'],
    ['shortcode_media'],
    ['graphql', 'shortcode_media'],
    ['data'],
    [],
  ]);
  if (!media) return null;
  const code = idText(firstDefined(media.code, media.shortcode)) ?? requestedCode;
  const user = asObject(firstDefined(media.user, media.owner)) ?? {};
  const mediaType = count(media.media_type);
  const isVideo =
    bool(media.is_video) === true ||
    mediaType === 2 ||
    media.video_versions !== undefined ||
    media.video_url !== undefined;
  const kind: PostKind = isVideo ? 'video' : mediaType === 8 ? 'slides' : 'photo';
  const music = asObject(at(media, 'clips_metadata', 'music_info', 'music_asset_info'));
  const originalSound = asObject(at(media, 'clips_metadata', 'original_sound_info'));
  const captionText = firstDefined(
    at(media, 'caption', 'text'),
    at(media, 'edge_media_to_caption', 'edges', 0, 'node', 'text'),
    typeof media.caption === 'string' ? media.caption : undefined,
  );

  return {
    platform: 'instagram',
    market: 'network_a',
    id: code,
    namespacedId: namespacedIdFor('instagram', code),
    url: canonicalUrlFor('instagram', code),
    kind,
    caption: text(captionText),
    hashtags: hashtagsFromText(text(captionText)),
    authorHandle: handleOf(user.username),
    authorName: text(user.full_name),
    authorFollowers: count(
      firstDefined(user.follower_count, at(user, 'edge_followed_by', 'count')),
    ),
    postedAt: unixToIso(firstDefined(media.taken_at, media.taken_at_timestamp)),
    durationSec: seconds(media.video_duration),
    coverUrl: anyUrl(
      at(media, 'image_versions2', 'candidates', 0),
      media.display_url,
      media.thumbnail_url,
      media.thumbnail_src,
    ),
    mediaUrl: isVideo ? anyUrl(at(media, 'video_versions', 0), media.video_url) : null,
    stats: {
      playCount: count(
        firstDefined(
          media.play_count,
          media.ig_play_count,
          media.video_play_count,
          media.view_count,
          media.video_view_count,
        ),
      ),
      likeCount: count(
        firstDefined(media.like_count, at(media, 'edge_media_preview_like', 'count')),
      ),
      commentCount: count(
        firstDefined(media.comment_count, at(media, 'edge_media_to_comment', 'count')),
      ),
      shareCount: count(media.share_count),
      collectCount: null,
    },
    captions: null,
    sound: instagramSound(music, originalSound),
  };
}

function instagramSound(
  music: JsonObject | undefined,
  original: JsonObject | undefined,
): SoundSummary | null {
  const source = music ?? original;
  const id = idText(firstDefined(source?.audio_cluster_id, source?.audio_asset_id, source?.id));
  if (!source || !id) return null;
  return {
    market: 'network_a',
    id,
    namespacedId: `instagram:${id}`,
    title: text(firstDefined(source.title, source.original_audio_title)),
    author: text(firstDefined(source.display_artist, at(source, 'ig_artist', 'username'))),
    durationSec: msToSeconds(source.duration_in_ms),
    coverUrl: anyUrl(source.cover_artwork_uri),
    playUrl: anyUrl(source.progressive_download_url, source.fast_start_progressive_download_url),
    isOriginal: music === undefined,
    commercial: null,
  };
}
