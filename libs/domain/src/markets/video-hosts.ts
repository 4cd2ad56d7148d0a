import type { VideoPlatform } from './market';

/**
 * The exact host names a video link may use. Matching is by exact name, never by suffix or
 * substring, so `tiktok.com.evil.example` and `evil-tiktok.com` are not video hosts.
 */
export const VIDEO_HOSTS: Readonly<
  Record<VideoPlatform, { web: readonly string[]; short: readonly string[] }>
> = {
  network_a: {
    web: ['tiktok.com', 'www.tiktok.com', 'm.tiktok.com'],
    short: ['vm.tiktok.com', 'vt.tiktok.com'],
  },
  network_b: {
    web: ['douyin.com', 'www.douyin.com', 'm.douyin.com', 'iesdouyin.com', 'www.iesdouyin.com'],
    short: ['v.douyin.com'],
  },
  instagram: {
    web: ['instagram.com', 'www.instagram.com', 'm.instagram.com'],
    short: [],
  },
  youtube: {
    web: ['youtube.com', 'www.youtube.com', 'm.youtube.com'],
    short: ['youtu.be'],
  },
};

export type VideoHostKind = 'web' | 'short';

export interface VideoHostInfo {
  platform: VideoPlatform;
  kind: VideoHostKind;
}

function hostEntries(platform: VideoPlatform): [string, VideoHostInfo][] {
  const { web, short } = VIDEO_HOSTS[platform];
  return [
    ...web.map((host): [string, VideoHostInfo] => [host, { platform, kind: 'web' }]),
    ...short.map((host): [string, VideoHostInfo] => [host, { platform, kind: 'short' }]),
  ];
}

const HOST_TABLE: ReadonlyMap<string, VideoHostInfo> = new Map(
  (Object.keys(VIDEO_HOSTS) as VideoPlatform[]).flatMap(hostEntries),
);

/** Every allowlisted host, for documentation and tests. */
export const ALLOWED_VIDEO_HOSTS: readonly string[] = [...HOST_TABLE.keys()];

/** The platform and role of an allowlisted host (case-insensitive), or `undefined`. */
export function videoHostInfo(host: string): VideoHostInfo | undefined {
  return HOST_TABLE.get(host.toLowerCase());
}

/** True when `host` (case-insensitive, no port, no trailing dot) is an allowlisted video host. */
export function isAllowedVideoHost(host: string): boolean {
  return typeof host === 'string' && HOST_TABLE.has(host.toLowerCase());
}
