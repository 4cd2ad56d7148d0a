import { copyFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  canonicalUrlFor,
  DomainError,
  PLATFORM_MARKET,
  videoHostInfo,
  type Market,
} from '@reelscout/domain';
import type { SandboxMediaRenderer } from '../../sandbox-media/sandbox-media.types';
import { sleep } from '../../common/async/abort';
import { newMediaTempPath } from '../http/media-download';
import type {
  CallOptions,
  DownloadOptions,
  Post,
  PostRef,
  Sound,
  SoundChartEntry,
  SoundChartQuery,
  TrendChartEntry,
  VideoSearchPage,
} from '../provider.types';
import type { VideoDataProvider } from '../video-data.provider';
import {
  sandboxCatalogue,
  type SandboxCatalogue,
  type SandboxReel,
  type SandboxSound,
} from './sandbox-catalogue';
import {
  isForNoSoundVideo,
  magicPhraseIn,
  SANDBOX_MAGIC_IDS,
  SANDBOX_MEDIA_HOST,
  SANDBOX_SHORT_LINKS,
} from './sandbox-magic';
import { buildLateReel, lateReelVisible } from './sandbox-late-reel';
import { SandboxMediaRegistry } from './sandbox-media-registry';
import { sandboxSoundChart, sandboxSoundSearch } from './sandbox-sounds';
import { sandboxTrendChart } from './sandbox-trends';
import { hash32 } from './seeded-random';
import { containsKeyword, handlesIn, rankingTerms } from './sandbox-text';

export interface SandboxVideoDataOptions {
  /** Renders sandbox media (the media module's ffmpeg renderer); `null` when none is wired. */
  renderer: SandboxMediaRenderer | null;
  /** How long the slow-provider magic stalls. */
  slowDelayMs: number;
  registry?: SandboxMediaRegistry;
  catalogue?: SandboxCatalogue;
  /** The time the late reel is judged by (the app's Clock, so tests can move it). */
  now?: () => Date;
}

/** Page sizes like the live endpoints': network_b pages are smaller (scan pages deeper there). */
const PAGE_SIZE: Record<Market, number> = { network_a: 20, network_b: 10 };

/**
 * The test-mode video-data provider: the deterministic sandbox catalogue behind the same
 * interface as the live adapter, with magic ids and phrases for every failure mode. It never
 * opens a network connection. Calls music makes for a video's sound pool carry the video
 * (`CallOptions.forVideo`): those made for the no-sound magic video find nothing.
 */
export class SandboxVideoDataProvider implements VideoDataProvider {
  private readonly catalogue: SandboxCatalogue;
  private readonly registry: SandboxMediaRegistry;
  private readonly lateReel: SandboxReel;

  constructor(private readonly options: SandboxVideoDataOptions) {
    this.catalogue = options.catalogue ?? sandboxCatalogue();
    this.registry = options.registry ?? new SandboxMediaRegistry();
    this.lateReel = buildLateReel(this.catalogue);
  }

  /** The late reel when it is in results now (docs/test-mode.md), else nothing. */
  private lateReels(market: Market, niches: Set<string>): SandboxReel[] {
    const late = this.lateReel;
    const now = this.options.now?.() ?? new Date();
    return late.market === market && niches.has(late.niche) && lateReelVisible(now) ? [late] : [];
  }

  async searchVideos(
    market: Market,
    phrase: string,
    cursor?: string | null,
    options: CallOptions = {},
  ): Promise<VideoSearchPage> {
    if (await this.magicPhrase(phrase, options)) return { items: [], nextCursor: null };
    if (isForNoSoundVideo(options)) return { items: [], nextCursor: null };
    const offset = parseOffset(cursor);
    const niches = new Set(this.catalogue.matchNiches(phrase).map((match) => match.niche.key));
    const handles = handlesIn(phrase).map((handle) => handle.slice(1).toLowerCase());
    const terms = rankingTerms(phrase);
    const seed = phrase.trim().toLowerCase();

    const ranked = this.catalogue
      .reels(market)
      .filter(
        (reel) =>
          niches.has(reel.niche) ||
          (reel.post.authorHandle !== null &&
            handles.includes(reel.post.authorHandle.toLowerCase())),
      )
      .map((reel) => ({
        reel,
        score: terms.filter((term) => containsKeyword(reel.post.caption ?? '', term)).length,
        tiebreak: hash32(`${seed}:${reel.post.id}`),
      }))
      .sort((a, b) => b.score - a.score || a.tiebreak - b.tiebreak);

    const size = PAGE_SIZE[market];
    // The late reel, when it is out, leads the results of its niche.
    const all = [...this.lateReels(market, niches), ...ranked.map(({ reel }) => reel)];
    const page = all.slice(offset, offset + size).map(clonePost);
    const next = offset + size;
    return { items: page, nextCursor: next < all.length ? String(next) : null };
  }

  async getPost(ref: PostRef, options: CallOptions = {}): Promise<Post | null> {
    if (ref.platform === 'instagram' || ref.platform === 'youtube') {
      const reel = this.catalogue.foreignReel(`${ref.platform}:${ref.id}`);
      return reel ? clonePost(reel) : null;
    }
    const market = PLATFORM_MARKET[ref.platform];
    const magic = SANDBOX_MAGIC_IDS[market];
    switch (ref.id) {
      case magic.failingProvider:
        throw failing();
      case magic.deletedPost:
        return null;
      case magic.slowProvider:
        await this.stall(options.signal);
        break;
    }
    const reel =
      this.catalogue.reel(market, ref.id) ??
      this.lateReels(market, new Set([this.lateReel.niche])).find(
        (late) => late.post.id === ref.id,
      );
    return reel ? clonePost(reel) : null;
  }

  async resolveShareLink(url: string, options: CallOptions = {}): Promise<string> {
    throwIfAborted(options.signal);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new DomainError('invalid_request', 'The share link is not a URL.', { param: 'url' });
    }
    const platform = videoHostInfo(parsed.hostname)?.platform;
    const code = parsed.pathname.split('/').filter(Boolean).pop() ?? '';
    const target = platform ? SANDBOX_SHORT_LINKS[`${platform}:${code}`] : undefined;
    let resolved: string | undefined;
    if (target?.kind === 'reel') {
      resolved = this.catalogue.reelAt(target.market, target.niche, target.index)?.post.url;
    } else if (target?.kind === 'magic') {
      const id = SANDBOX_MAGIC_IDS[target.market][target.outcome];
      resolved =
        this.catalogue.reel(target.market, id)?.post.url ?? canonicalUrlFor(target.market, id);
    } else if (target?.kind === 'instagram') {
      resolved = canonicalUrlFor('instagram', target.code);
    }
    if (!resolved) {
      throw new DomainError(
        'not_found',
        'The share link does not lead to a post in the sandbox (test mode knows the share links ' +
          'listed in its documentation).',
      );
    }
    return resolved;
  }

  async batchPlayCounts(
    ids: readonly string[],
    options: CallOptions = {},
  ): Promise<Map<string, number>> {
    throwIfAborted(options.signal);
    const counts = new Map<string, number>();
    for (const id of ids) {
      const raw = id.replace(/^network_b:/, '');
      const reel = this.catalogue.reel('network_b', raw);
      if (reel && reel.post.kind === 'video') counts.set(raw, reel.playCount);
    }
    return counts;
  }

  async getSound(market: Market, id: string, options: CallOptions = {}): Promise<Sound | null> {
    throwIfAborted(options.signal);
    if (isForNoSoundVideo(options)) return null;
    const entry = this.catalogue.sound(market, id);
    return entry ? structuredClone(entry.sound) : null;
  }

  async soundCharts(
    market: Market,
    query: SoundChartQuery,
    options: CallOptions = {},
  ): Promise<SoundChartEntry[]> {
    throwIfAborted(options.signal);
    if (isForNoSoundVideo(options)) return [];
    return sandboxSoundChart(this.catalogue, market, query);
  }

  /** The sandbox's daily chart of the app clock's UTC day (sandbox-trends.ts). */
  async trendChart(
    market: Market,
    kind: 'sounds' | 'hashtags',
    options: CallOptions = {},
  ): Promise<TrendChartEntry[]> {
    throwIfAborted(options.signal);
    const today = (this.options.now?.() ?? new Date()).toISOString().slice(0, 10);
    return sandboxTrendChart(this.catalogue, market, kind, today);
  }

  async searchSounds(market: Market, phrase: string, options: CallOptions = {}): Promise<Sound[]> {
    if (await this.magicPhrase(phrase, options)) return [];
    if (isForNoSoundVideo(options)) return [];
    return sandboxSoundSearch(this.catalogue, market, phrase);
  }

  async videosUsingSound(
    market: Market,
    soundId: string,
    cursor?: string | null,
    options: CallOptions = {},
  ): Promise<VideoSearchPage> {
    throwIfAborted(options.signal);
    const raw = market === 'network_b' ? soundId.replace(/^network_b:/, '') : soundId;
    const offset = parseOffset(cursor);
    const reels = this.catalogue
      .reels(market)
      .filter((reel) => reel.soundId === raw)
      .sort((a, b) => (b.post.stats.likeCount ?? 0) - (a.post.stats.likeCount ?? 0));
    const size = PAGE_SIZE[market];
    const next = offset + size;
    return {
      items: reels.slice(offset, next).map(clonePost),
      nextCursor: next < reels.length ? String(next) : null,
    };
  }

  /**
   * A copy of the rendered file behind a sandbox media URL
   * (`https://sandbox-media.reelscout.invalid/video|sound|cover/<market>/<id>.<ext>`; a reel's
   * cover is a JPEG frame of its video). Any other URL is refused: the sandbox never fetches
   * anything.
   */
  async downloadMedia(
    url: string,
    download: DownloadOptions,
    options: CallOptions = {},
  ): Promise<string> {
    throwIfAborted(options.signal);
    const target = this.mediaTarget(url);
    const renderer = this.options.renderer;
    if (!renderer) {
      throw new DomainError(
        'provider_unavailable',
        'Sandbox media is not available: no media renderer is configured in this process.',
      );
    }
    if (target.kind === 'cover' && !renderer.coverFile) {
      throw new DomainError(
        'provider_unavailable',
        'Sandbox covers are not available: the media renderer cannot make them.',
      );
    }
    let source: string;
    if (target.kind === 'sound') source = await renderer.soundFile(target.sound.spec);
    else if (target.kind === 'video') source = await renderer.videoFile(target.reel.spec);
    else source = await renderer.coverFile!(target.reel.spec);
    throwIfAborted(options.signal);
    const { size } = await stat(source);
    if (size > download.maxBytes) {
      throw new DomainError(
        'provider_error',
        `The media file is too large: it is larger than ${download.maxBytes} bytes.`,
      );
    }
    const path = await newMediaTempPath(download.kind, extname(source).slice(1) || undefined);
    await copyFile(source, path);
    this.registry.remember(path, target.kind === 'video' ? target.reel.spec.captions : []);
    return path;
  }

  private mediaTarget(
    url: string,
  ): { kind: 'video' | 'cover'; reel: SandboxReel } | { kind: 'sound'; sound: SandboxSound } {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    const match =
      parsed && parsed.protocol === 'https:' && parsed.hostname === SANDBOX_MEDIA_HOST
        ? /^\/(video|sound|cover)\/(network_a|network_b)\/([0-9]{19})\.[a-z0-9]+$/.exec(
            parsed.pathname,
          )
        : null;
    if (!match) {
      throw new DomainError(
        'provider_error',
        `The sandbox serves only its own media URLs (https://${SANDBOX_MEDIA_HOST}/…).`,
      );
    }
    const [, kind, market, id] = match as unknown as [
      string,
      'video' | 'sound' | 'cover',
      Market,
      string,
    ];
    if (kind === 'video' || kind === 'cover') {
      const reel = this.catalogue.reel(market, id);
      if (reel && reel.post.kind === 'video') return { kind, reel };
    } else {
      const sound = this.catalogue.sound(market, id);
      if (sound) return { kind, sound };
    }
    throw new DomainError('provider_error', 'The sandbox media URL is gone (HTTP 404).');
  }

  /** Applies the magic phrases; `true` means "answer with nothing". */
  private async magicPhrase(phrase: string, options: CallOptions): Promise<boolean> {
    throwIfAborted(options.signal);
    switch (magicPhraseIn(phrase)) {
      case 'fail':
        throw failing();
      case 'slow':
        await this.stall(options.signal);
        return false;
      case 'empty':
        return true;
      default:
        return false;
    }
  }

  private async stall(signal?: AbortSignal): Promise<void> {
    try {
      await sleep(this.options.slowDelayMs, signal);
    } catch (error) {
      throw new DomainError(
        'timeout',
        'The deadline passed while waiting for the video-data provider.',
        {
          cause: error,
        },
      );
    }
  }
}

/** Words that rank reels within a phrase's niches: topic words, Chinese keywords, hashtags. */
function parseOffset(cursor: string | null | undefined): number {
  if (cursor === null || cursor === undefined || cursor === '') return 0;
  if (!/^[0-9]{1,6}$/.test(cursor)) {
    throw new DomainError('invalid_request', 'The page cursor is not valid.', { param: 'cursor' });
  }
  return Number(cursor);
}

function clonePost(reel: SandboxReel): Post {
  return structuredClone(reel.post);
}

function failing(): DomainError {
  return new DomainError(
    'provider_error',
    'The video-data provider returned an error (sandbox: failing-provider magic).',
  );
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) {
    throw new DomainError(
      'timeout',
      'The deadline passed while waiting for the video-data provider.',
    );
  }
}
