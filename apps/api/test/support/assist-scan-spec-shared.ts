export const SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e';

export const SCAN_REEL_FIELDS = [
  'id',
  'url',
  'coverUrl',
  'authorHandle',
  'authorName',
  'authorFollowers',
  'caption',
  'playCount',
  'likeCount',
  'commentCount',
  'shareCount',
  'durationSec',
  'postedAt',
  'relevance',
  'outlier',
].sort();
