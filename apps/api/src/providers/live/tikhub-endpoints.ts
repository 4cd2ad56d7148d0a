/**
 * The TikHub-compatible endpoints the live adapter uses, one entry per endpoint family, as the
 * provider's published contract (TikHub API V5.3.2) names them. The family keys the circuit
 * breaker: a broken endpoint opens its own circuit while its fallbacks keep serving. Endpoints
 * the contract marks deprecated are only ever fallbacks, after the current ones.
 */
export interface Endpoint {
  family: string;
  method: 'GET' | 'POST';
  path: string;
  deprecated?: boolean;
}

const get = (family: string, path: string, deprecated = false): Endpoint => ({
  family,
  method: 'GET',
  path,
  ...(deprecated ? { deprecated } : {}),
});
const post = (family: string, path: string): Endpoint => ({ family, method: 'POST', path });

export const ENDPOINTS = {
  // network_b (douyin)
  networkBSearchV2: post('network_b.search.v2', '/api/v1/douyin/search/fetch_video_search_v2'),
  networkBSearchV1: post('network_b.search.v1', '/api/v1/douyin/search/fetch_video_search_v1'),
  networkBSearchWeb: get(
    'network_b.search.web',
    '/api/v1/douyin/web/fetch_video_search_result_v2',
    true,
  ),
  networkBSearchApp: get(
    'network_b.search.app_v3',
    '/api/v1/douyin/app/v3/fetch_video_search_result_v2',
    true,
  ),
  networkBStatistics: get(
    'network_b.statistics',
    '/api/v1/douyin/app/v3/fetch_multi_video_statistics',
  ),
  networkBPost: get('network_b.post.app_v3', '/api/v1/douyin/app/v3/fetch_one_video'),
  networkBPostWeb: get('network_b.post.web', '/api/v1/douyin/web/fetch_one_video'),
  networkBPostByShareUrl: get(
    'network_b.post.share_url',
    '/api/v1/douyin/app/v3/fetch_one_video_by_share_url',
  ),
  networkBAwemeId: get('network_b.aweme_id', '/api/v1/douyin/web/get_aweme_id'),
  networkBMusicDetail: get('network_b.music.detail', '/api/v1/douyin/app/v3/fetch_music_detail'),
  networkBMusicVideos: get(
    'network_b.music.videos',
    '/api/v1/douyin/app/v3/fetch_music_video_list',
  ),
  networkBMusicChart: get(
    'network_b.music.chart',
    '/api/v1/douyin/app/v3/fetch_music_hot_search_list',
  ),
  networkBMusicSearch: post('network_b.music.search', '/api/v1/douyin/search/fetch_music_search'),
  networkBUserProfile: get('network_b.user.profile', '/api/v1/douyin/app/v3/handler_user_profile'),
  networkBUserProfileByHandle: get(
    'network_b.user.profile_by_handle',
    '/api/v1/douyin/web/handler_user_profile_v2',
  ),
  networkBUserPosts: get('network_b.user.posts', '/api/v1/douyin/app/v3/fetch_user_post_videos'),

  // network_a (tiktok)
  networkASearchApp: get(
    'network_a.search.app_v3',
    '/api/v1/tiktok/app/v3/fetch_video_search_result',
  ),
  networkASearchWeb: get('network_a.search.web', '/api/v1/tiktok/web/fetch_search_video'),
  networkAPost: get('network_a.post.app_v3', '/api/v1/tiktok/app/v3/fetch_one_video'),
  networkAPostWeb: get('network_a.post.web', '/api/v1/tiktok/web/fetch_post_detail'),
  networkAPostByShareUrl: get(
    'network_a.post.share_url',
    '/api/v1/tiktok/app/v3/fetch_one_video_by_share_url',
  ),
  networkAMusicDetail: get('network_a.music.detail', '/api/v1/tiktok/app/v3/fetch_music_detail'),
  networkAMusicVideos: get(
    'network_a.music.videos',
    '/api/v1/tiktok/app/v3/fetch_music_video_list',
  ),
  networkAMusicSearch: get(
    'network_a.music.search',
    '/api/v1/tiktok/app/v3/fetch_music_search_result',
  ),
  networkASoundRank: get('network_a.music.chart', '/api/v1/tiktok/ads/get_sound_rank_list'),
  networkAHashtagList: get('network_a.hashtag.chart', '/api/v1/tiktok/ads/get_hashtag_list'),
  networkBTopicBillboard: get(
    'network_b.hashtag.chart',
    '/api/v1/douyin/creator/fetch_creator_hot_topic_billboard',
  ),
  networkAUserProfile: get('network_a.user.profile', '/api/v1/tiktok/app/v3/handler_user_profile'),
  networkAUserPosts: get('network_a.user.posts', '/api/v1/tiktok/app/v3/fetch_user_post_videos'),

  // Instagram and YouTube post lookups (playbook and music accept their links)
  instagramPostByUrl: get('instagram.post', '/api/v1/instagram/v1/fetch_post_by_url'),
  youtubeVideoInfo: get('youtube.video', '/api/v1/youtube/web/get_video_info'),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
