/**
 * Turns a share link (`https://vm.tiktok.com/CODE/`, `https://v.douyin.com/CODE/`,
 * `https://www.instagram.com/share/reel/CODE/`) into the URL it leads to. The answer is parsed
 * again by `parseVideoLink`, so a resolver never decides what is a video.
 *
 * Implementations: the provider (live keys) and the sandbox (test keys), both from the providers
 * module.
 *
 * A resolver throws `DomainError` only: `not_found` when the link leads nowhere, `provider_error`
 * when the platform or provider could not be reached, `timeout` when the caller's signal fired.
 */
export interface ShortLinkResolver {
  /**
   * `options.signal` is the operation's deadline: when it fires the resolution stops and fails
   * with `timeout` (504), like every other provider call.
   */
  resolve(shortUrl: string, options?: ResolveOptions): Promise<string>;
}

export interface ResolveOptions {
  signal?: AbortSignal;
}
